import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

/**
 * The browser loads one language's texts at a time. Here the English texts are "not loaded yet"
 * and their download is held until the test lets it finish.
 */
const download = vi.hoisted(() => {
  let finish: (() => void) | null = null;
  let fail: ((error: Error) => void) | null = null;
  return {
    loaded: new Set<string>(['ru']),
    requested: [] as string[],
    finish: () => finish?.(),
    fail: (error: Error) => fail?.(error),
    start: () =>
      new Promise<void>((resolve, reject) => {
        finish = resolve;
        fail = reject;
      }),
  };
});

vi.mock('@p2p/shared', async (importOriginal) => {
  const shared = await importOriginal<typeof import('@p2p/shared')>();
  return {
    ...shared,
    hasCatalogue: (lang: string) => download.loaded.has(lang),
    loadCatalogue: async (lang: string) => {
      download.requested.push(lang);
      await download.start();
      download.loaded.add(lang);
    },
  };
});

const { I18nProvider, LanguageSwitcher, useT } = await import('./index');
const { rememberLang, currentLang } = await import('./current-lang');

function Label() {
  return <p data-testid="label">{useT()('lang.label')}</p>;
}

function renderSwitcher() {
  rememberLang('ru');
  return render(
    <I18nProvider>
      <Label />
      <LanguageSwitcher />
    </I18nProvider>,
  );
}

afterEach(() => {
  cleanup();
  download.loaded = new Set(['ru']);
  download.requested.length = 0;
});

describe('switching language', () => {
  it('keeps the current language on screen until the other one has loaded, then switches', async () => {
    renderSwitcher();
    expect(screen.getByTestId('label').textContent).toBe('Язык');

    fireEvent.click(screen.getByRole('button', { name: 'EN' }));
    expect(download.requested).toEqual(['en']);
    // Still Russian (no raw key, no English half-loaded), the switch says it is busy.
    expect(screen.getByTestId('label').textContent).toBe('Язык');
    expect(screen.getByRole('group').getAttribute('aria-busy')).toBe('true');
    expect(screen.getByRole('button', { name: 'RU' }).getAttribute('aria-pressed')).toBe('true');
    expect(currentLang()).toBe('ru');

    download.finish();
    await vi.waitFor(() => expect(screen.getByTestId('label').textContent).toBe('Language'));
    expect(screen.getByRole('button', { name: 'EN' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('group').getAttribute('aria-busy')).toBe('false');
    expect(currentLang()).toBe('en');
    expect(document.documentElement.lang).toBe('en');
  });

  it('switches at once to a language already loaded, without a download', () => {
    renderSwitcher();
    fireEvent.click(screen.getByRole('button', { name: 'RU' }));
    expect(download.requested).toEqual([]);
    expect(screen.getByTestId('label').textContent).toBe('Язык');
  });

  it('stays in the current language when the download fails', async () => {
    renderSwitcher();
    fireEvent.click(screen.getByRole('button', { name: 'EN' }));
    download.fail(new Error('offline'));
    await vi.waitFor(() => expect(screen.getByRole('group').getAttribute('aria-busy')).toBe('false'));
    expect(screen.getByTestId('label').textContent).toBe('Язык');
    expect(currentLang()).toBe('ru');
  });

  it('a later choice wins over an earlier download that finishes after it', async () => {
    renderSwitcher();
    fireEvent.click(screen.getByRole('button', { name: 'EN' }));
    // Back to Russian (loaded) before English arrives: English must not take over afterwards.
    fireEvent.click(screen.getByRole('button', { name: 'RU' }));
    download.finish();
    await vi.waitFor(() => expect(download.loaded.has('en')).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(screen.getByTestId('label').textContent).toBe('Язык');
    expect(currentLang()).toBe('ru');
  });
});
