import { IntlMessageFormat } from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import { en } from './en/index.ts';
import {
  createTranslator,
  isMessageKey,
  LANGS,
  LOCALES,
  langFromAcceptLanguage,
  localizeMessage,
  messageKeys,
  messageText,
  translate,
} from './index.ts';
import { ru } from './ru/index.ts';

type Element = { type: number; value?: unknown; options?: Record<string, { value: Element[] }> };

/** Argument names an ICU message uses (plural and select included). */
function argumentsOf(text: string, locale: string): string[] {
  const names = new Set<string>();
  const walk = (elements: Element[]) => {
    for (const element of elements) {
      // 1 argument, 2 number, 3 date, 4 time, 5 select, 6 plural
      if (element.type >= 1 && element.type <= 6 && typeof element.value === 'string')
        names.add(element.value);
      for (const option of Object.values(element.options ?? {})) walk(option.value);
    }
  };
  walk(new IntlMessageFormat(text, locale, undefined, { ignoreTag: true }).getAst() as Element[]);
  return [...names].sort();
}

/** The words of an ICU message (its literal parts, plural branches included). */
function literalsOf(text: string, locale: string): string {
  const parts: string[] = [];
  const walk = (elements: Element[]) => {
    for (const element of elements) {
      if (element.type === 0 && typeof element.value === 'string') parts.push(element.value);
      for (const option of Object.values(element.options ?? {})) walk(option.value);
    }
  };
  walk(new IntlMessageFormat(text, locale, undefined, { ignoreTag: true }).getAst() as Element[]);
  return parts.join(' ');
}

describe('message catalogue', () => {
  it('has every Russian key in English and nothing else', () => {
    expect(Object.keys(en).sort()).toEqual(Object.keys(ru).sort());
    for (const key of messageKeys()) expect(en[key].trim(), key).not.toBe('');
  });

  it('speaks one language per catalogue', () => {
    // Words that read the same in both: codes, brands, units, wire names quoted in messages.
    const neutral =
      /\b(?:[A-Z]{2,}[a-z]?|P2P|Market|Telegram|PayPal|Wise|Revolut|Kaspi|Papara|Alipay|WeChat Pay|WebP|ЮMoney|MB|Hash|email|active|paused|release|refund|proof|avatar|multipart\/form-data|application\/json|Idempotency-Key|Content-Length|Authorization|Bitcoin|Ethereum|Tether|Solana|Cardano|Dogecoin)\b|\d+MB|ЮMoney|Bearer|OpenAPI|\/api\/\w+|X-Api-(?:Key|Timestamp|Signature)|X-Signature|\bhex\b|https?:\/\/[\w./-]*/g;
    // The server has always answered this one in English to every reader; its key keeps the words.
    const englishForAll = new Set(['errors.telegramData']);
    for (const key of messageKeys()) {
      expect(messageText('en', key), key).not.toMatch(/[\u0400-\u04ff]/);
      if (englishForAll.has(key)) continue;
      const russian = literalsOf(messageText('ru', key), LOCALES.ru);
      expect(russian.replace(neutral, ''), key).not.toMatch(/[A-Za-z]{2,}/);
    }
  });

  it('compiles every message in both languages with the same arguments', () => {
    for (const key of messageKeys()) {
      const names = LANGS.map((lang) => argumentsOf(messageText(lang, key), LOCALES[lang]));
      expect(names[1], key).toEqual(names[0]);
    }
  });

  it('declines counts by the Russian plural rules', () => {
    const t = createTranslator('ru');
    const minutes = [1, 2, 5, 11, 21, 22, 25, 101].map((count) => t('format.count.minutes', { count }));
    expect(minutes).toEqual([
      '1 минута',
      '2 минуты',
      '5 минут',
      '11 минут',
      '21 минута',
      '22 минуты',
      '25 минут',
      '101 минута',
    ]);
    expect(t('format.count.trades', { count: 1234 })).toBe('1\u00a0234 сделки');
    expect(translate('en', 'format.count.trades', { count: 1 })).toBe('1 trade');
    expect(translate('en', 'format.count.trades', { count: 3 })).toBe('3 trades');
  });

  it('fills placeholders and survives a missing value', () => {
    expect(translate('ru', 'dashboard.welcome', { name: 'Вера' })).toBe('Добро пожаловать, Вера!');
    expect(translate('en', 'dashboard.welcome', { name: 'Vera' })).toBe('Welcome, Vera!');
    expect(translate('ru', 'dashboard.welcome')).toBe(messageText('ru', 'dashboard.welcome'));
  });

  it('tells keys from other text', () => {
    expect(isMessageKey('common.cancel')).toBe(true);
    expect(isMessageKey('Отмена')).toBe(false);
    expect(isMessageKey('toString')).toBe(false);
  });

  it('localizes keys; passes anything else through, a Russian text included (no reverse lookup)', () => {
    expect(localizeMessage('en', 'common.cancel')).toBe('Cancel');
    expect(localizeMessage('en', 'Отмена')).toBe('Отмена');
    expect(localizeMessage('en', 'format.count.files', { count: 2 })).toBe('2 files');
    expect(localizeMessage('en', 'Something the catalogue does not know')).toBe(
      'Something the catalogue does not know',
    );
  });

  it('reads the language from Accept-Language', () => {
    expect(langFromAcceptLanguage('en-US,en;q=0.9,ru;q=0.8')).toBe('en');
    expect(langFromAcceptLanguage('de-DE,ru;q=0.5,en;q=0.4')).toBe('ru');
    expect(langFromAcceptLanguage('ru;q=0.1, en;q=0.9')).toBe('en');
    expect(langFromAcceptLanguage('fr')).toBe('ru');
    expect(langFromAcceptLanguage(undefined)).toBe('ru');
  });
});
