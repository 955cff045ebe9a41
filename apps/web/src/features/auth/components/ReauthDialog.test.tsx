import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { obtainReauth } from '@/lib/reauth';
import { fakeApi, renderApp } from '@/test-support/render';
import { AuthProvider } from '../session';
import { ReauthDialog } from './ReauthDialog';

// Every text the page asks the translator for.
const asked = vi.hoisted(() => [] as string[]);
vi.mock('@/i18n', async (importOriginal) => {
  const real = await importOriginal<typeof import('@/i18n')>();
  return {
    ...real,
    useT: () => {
      const t = real.useT();
      return ((key: Parameters<typeof t>[0], values?: Parameters<typeof t>[1]) => {
        asked.push(key);
        return t(key, values);
      }) as typeof t;
    },
  };
});

beforeEach(() => {
  asked.length = 0;
  vi.stubGlobal('fetch', fakeApi(() => ({ telegramBotId: null, devLogin: true })).fetch);
});
afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

/**
 * The dialog is mounted on every page; its texts are in the catalogue's later part. Asked for
 * while it is closed, they made the later texts' arrival redraw the whole page (ADR 048).
 */
describe('the re-authentication dialog', () => {
  it('asks for none of its texts while closed, and shows them once opened', async () => {
    renderApp(
      <AuthProvider>
        <ReauthDialog />
      </AuthProvider>,
    );
    // Rendered, its effects run and every import started so far loaded: still none asked for.
    await act(async () => {
      await vi.dynamicImportSettled();
    });
    expect(asked.filter((key) => key.startsWith('security.reauth.'))).toEqual([]);

    let answer: Promise<string | null> | undefined;
    await act(async () => {
      answer = obtainReauth();
    });
    expect(await screen.findByRole('dialog')).toBeTruthy();
    expect(asked).toContain('security.reauth.title');
    await act(async () => {
      screen.getByRole('button', { name: /отмен/i }).click();
    });
    expect(await answer).toBeNull();
  });
});
