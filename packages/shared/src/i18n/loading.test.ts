import { describe, expect, it, vi } from 'vitest';

/**
 * The browser's runtime (./runtime.ts without ./index.ts): no texts until a language is loaded,
 * then only that language's.
 */
describe('loading one language at a time', () => {
  it('has no texts before loading, then the loaded language only; loads each language once', async () => {
    vi.resetModules();
    const i18n = await import('./runtime.ts');
    expect(i18n.hasCatalogue('ru')).toBe(false);
    expect(i18n.isMessageKey('lang.label')).toBe(false);
    expect(i18n.translate('en', 'lang.label')).toBe('lang.label');

    const first = i18n.loadCatalogue('en');
    expect(i18n.loadCatalogue('en')).toBe(first);
    await first;
    expect(i18n.hasCatalogue('en')).toBe(true);
    expect(i18n.hasCatalogue('ru')).toBe(false);
    expect(i18n.translate('en', 'lang.label')).toBe('Language');
    expect(i18n.isMessageKey('lang.label')).toBe(true);
    expect(i18n.messageKeys().length).toBeGreaterThan(100);
    expect(i18n.localizeMessage('en', 'lang.label')).toBe('Language');

    await i18n.loadCatalogue('ru');
    expect(i18n.translate('ru', 'lang.label')).toBe('Язык');
    // Both catalogues have the same keys, in Russian's order.
    expect(i18n.messageKeys()[0]).toBe(Object.keys((await import('./ru/index.ts')).ru)[0]);
  });

  it('the package for Node has both languages at once', async () => {
    vi.resetModules();
    const i18n = await import('./index.ts');
    expect(i18n.hasCatalogue('ru') && i18n.hasCatalogue('en')).toBe(true);
    expect(i18n.translate('en', 'lang.label')).toBe('Language');
  });
});

describe('the texts of screens that load later', () => {
  it('are not in the first load, come with loadLaterTexts, and with every language loaded afterwards', async () => {
    vi.resetModules();
    const i18n = await import('./runtime.ts');
    await i18n.loadCatalogue('ru');
    expect(i18n.translate('ru', 'nav.market')).toBe('Маркет');
    expect(i18n.isMessageKey('apiPage.keys.title')).toBe(false);
    expect(i18n.translate('ru', 'apiPage.title')).not.toBe('apiPage.title');

    await i18n.loadLaterTexts('ru');
    expect(i18n.isMessageKey('apiPage.keys.title')).toBe(true);
    expect(i18n.hasCatalogue('ru')).toBe(true);
    // A language loaded afterwards is complete before it counts as there.
    expect(i18n.hasCatalogue('en')).toBe(false);
    await i18n.loadCatalogue('en');
    expect(i18n.hasCatalogue('en')).toBe(true);
    expect(i18n.translate('en', 'apiPage.keys.title')).not.toBe('apiPage.keys.title');
    const all = Object.keys((await import('./ru/index.ts')).ru);
    expect(i18n.messageKeys().length).toBe(all.length);
  });
});
