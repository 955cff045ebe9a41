import { describe, expect, it } from 'vitest';
import { formatDecimal, pluralCategory } from './numbers.ts';
import { LOCALES } from './runtime.ts';

/** A deterministic spread of values: integers, decimals at every rounding edge, tiny and huge. */
function values(): number[] {
  const out = [0, -0, 1, -1, 2, 5, 11, 12, 14, 21, 22, 25, 101, 111, 1000, 1001, 1234567, 1e21, 1.5e25];
  out.push(0.0005, 0.0004999, 0.00049, 5e-7, 1.0005, 2.5, 4.85, 4.75, 97.25, 1.05, 0.05, 0.15, 999.9995);
  out.push(99.95, 9.995, 1.25, 1.35, 1000.45, -1234.5, -0.0001, 123456789.123456, 0.1 + 0.2, 1 / 3);
  let seed = 7;
  const next = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  for (let i = 0; i < 2000; i++) {
    const scale = 10 ** Math.floor(next() * 12 - 4);
    const value = Math.round(next() * scale * 10_000) / 10_000;
    out.push(i % 7 === 0 ? -value : value, Math.floor(next() * 1000), Math.round(next() * 1000) / 20);
  }
  return out;
}

describe('numbers and plural categories written out', () => {
  it.each(Object.values(LOCALES))('format as Intl.NumberFormat does, %s', (locale) => {
    let compared = 0;
    for (const [min, max] of [
      [0, 3],
      [0, 1],
      [1, 1],
      [2, 2],
      [0, 0],
    ] as const) {
      const intl = new Intl.NumberFormat(locale, { minimumFractionDigits: min, maximumFractionDigits: max });
      for (const value of values()) {
        expect(formatDecimal(value, locale, min, max), `${value} ${min}-${max}`).toBe(intl.format(value));
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(20_000);
  });

  it.each(Object.values(LOCALES))('choose the category Intl.PluralRules chooses, %s', (locale) => {
    const intl = new Intl.PluralRules(locale);
    const seen = new Set<string>();
    for (const value of values()) {
      const category = pluralCategory(value, locale);
      expect(category, String(value)).toBe(intl.select(value));
      seen.add(category);
    }
    // Every category of the language was reached: ru one, few, many, other; en one, other.
    expect(seen.size).toBe(locale.startsWith('ru') ? 4 : 2);
  });

  it('ask Intl for a locale they do not know, and for what is not a finite number', () => {
    expect(formatDecimal(1234.5, 'de-DE')).toBe('1.234,5');
    expect(formatDecimal(Number.NaN, 'en-GB')).toBe('NaN');
    expect(pluralCategory(2, 'pl-PL')).toBe('few');
  });
});
