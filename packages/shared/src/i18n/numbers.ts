import type { Lang } from './runtime.ts';

/**
 * Plain numbers and plural categories of the two UI languages, written out rather than asked of
 * `Intl`: a page's first `Intl.NumberFormat` or `Intl.PluralRules` loads the locale's data, a
 * task of 50–60 ms on this machine and four times that on a phone, which lands on the market's
 * first paint (docs/decisions/067). They answer as `Intl` does for these locales (numbers.test.ts
 * holds them to it); any other locale is asked of `Intl`.
 */

/** The digit group and decimal separators of each UI language (CLDR's, as `Intl` uses them). */
export const NUMBER_SEPARATORS: Record<Lang, { group: string; decimal: string }> = {
  ru: { group: '\u00a0', decimal: ',' },
  en: { group: ',', decimal: '.' },
};

/** The UI languages' locales (i18n/runtime.ts LOCALES) and the ones `Intl` names alike. */
const LANG_OF_LOCALE: Record<string, Lang> = {
  'ru-RU': 'ru',
  ru: 'ru',
  'en-GB': 'en',
  'en-US': 'en',
  en: 'en',
};

/** Digits grouped by three from the right: `1234567` -> `1 234 567`. */
function groupDigits(whole: string, group: string): string {
  return whole.replace(/\B(?=(\d{3})+(?!\d))/g, group);
}

/**
 * A decimal string (money on the wire: docs/decisions/015) in the language's style, with
 * `fractionDigits` decimals when given (cut, never rounded); no float is involved.
 */
export function formatDecimalText(decimalText: string, lang: Lang, fractionDigits?: number): string {
  const { group, decimal } = NUMBER_SEPARATORS[lang];
  const negative = decimalText.startsWith('-');
  const body = negative ? decimalText.slice(1) : decimalText;
  const [wholeRaw = '0', fracRaw = ''] = body.split('.');
  const frac =
    fractionDigits === undefined ? fracRaw : fracRaw.slice(0, fractionDigits).padEnd(fractionDigits, '0');
  const whole = groupDigits(wholeRaw.replace(/^0+(?=\d)/, '') || '0', group);
  return `${negative ? '-' : ''}${whole}${frac ? `${decimal}${frac}` : ''}`;
}

/** The shortest decimal text of a finite, non-negative number, written out: 1e21 -> 1000…, 5e-7 -> 0.0000005. */
function plainDecimal(abs: number): string {
  const text = String(abs);
  const e = text.indexOf('e');
  if (e < 0) return text;
  const [lead = '', tail = ''] = text.slice(0, e).split('.');
  const digits = lead + tail;
  const point = lead.length + Number(text.slice(e + 1));
  if (point <= 0) return `0.${'0'.repeat(-point)}${digits}`;
  if (point >= digits.length) return digits + '0'.repeat(point - digits.length);
  return `${digits.slice(0, point)}.${digits.slice(point)}`;
}

/** A string of decimal digits plus one: `0999` -> `1000`, `99` -> `100`. */
function plusOne(digits: string): string {
  let i = digits.length - 1;
  while (i >= 0 && digits[i] === '9') i--;
  if (i < 0) return `1${'0'.repeat(digits.length)}`;
  return digits.slice(0, i) + String(Number(digits[i]) + 1) + '0'.repeat(digits.length - i - 1);
}

/**
 * A number's whole and fraction digits rounded half away from zero on its shortest decimal text
 * (as `Intl` rounds: 4.85 -> 4.9), with at most `max` and at least `min` fraction digits.
 */
function roundedDigits(abs: number, min: number, max: number): { whole: string; fraction: string } {
  const [whole = '0', fraction = ''] = plainDecimal(abs).split('.');
  if (fraction.length <= max) return { whole, fraction: fraction.padEnd(min, '0') };
  let kept = whole + fraction.slice(0, max);
  if (fraction.charCodeAt(max) >= 53 /* 5 */) kept = plusOne(kept);
  const cut = kept.length - max;
  return {
    whole: kept.slice(0, cut).replace(/^0+(?=\d)/, '') || '0',
    fraction: kept.slice(cut).replace(/0+$/, '').padEnd(min, '0'),
  };
}

/**
 * A number as `Intl.NumberFormat(locale, { minimumFractionDigits: min, maximumFractionDigits:
 * max })` writes it (`1 234,5` / `1,234.5`); `Intl`'s own defaults are 0 and 3.
 */
export function formatDecimal(value: number, locale: string, min = 0, max = Math.max(min, 3)): string {
  const lang = LANG_OF_LOCALE[locale];
  if (lang === undefined || !Number.isFinite(value)) {
    return new Intl.NumberFormat(locale, { minimumFractionDigits: min, maximumFractionDigits: max }).format(
      value,
    );
  }
  const { group, decimal } = NUMBER_SEPARATORS[lang];
  const { whole, fraction } = roundedDigits(Math.abs(value), min, max);
  const sign = value < 0 || Object.is(value, -0) ? '-' : '';
  return `${sign}${groupDigits(whole, group)}${fraction ? `${decimal}${fraction}` : ''}`;
}

/**
 * The plural category of a count as `Intl.PluralRules(locale).select` answers (CLDR's rules for
 * the number as written with up to three decimals): English `one` for 1; Russian `one` for 1, 21,
 * 101, `few` for 2–4, 22–24, `many` for 0, 5–20, 25, and `other` for any fraction.
 */
export function pluralCategory(value: number, locale: string): Intl.LDMLPluralRule {
  const lang = LANG_OF_LOCALE[locale];
  if (lang === undefined || !Number.isFinite(value)) return new Intl.PluralRules(locale).select(value);
  const { whole, fraction } = roundedDigits(Math.abs(value), 0, 3);
  if (lang === 'en') return whole === '1' && fraction === '' ? 'one' : 'other';
  if (fraction !== '') return 'other';
  const last = Number(whole.slice(-1));
  const lastTwo = Number(whole.slice(-2));
  if (last === 1 && lastTwo !== 11) return 'one';
  if (last >= 2 && last <= 4 && (lastTwo < 12 || lastTwo > 14)) return 'few';
  return 'many';
}
