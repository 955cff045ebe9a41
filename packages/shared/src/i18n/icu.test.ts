import { IntlMessageFormat } from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import { IcuMessage, type IcuValues } from './icu.ts';
import { LANGS, LOCALES, messageKeys, messageText } from './index.ts';

type Element = { type: number; value?: unknown; options?: Record<string, { value: Element[] }> };

/** Argument names with their kind (5 select with its options, 6 plural, else plain). */
function argumentsOf(text: string, locale: string): Map<string, { kind: number; options: string[] }> {
  const found = new Map<string, { kind: number; options: string[] }>();
  const walk = (elements: Element[]) => {
    for (const element of elements) {
      if (element.type >= 1 && element.type <= 6 && typeof element.value === 'string') {
        const previous = found.get(element.value);
        found.set(element.value, {
          kind: Math.max(previous?.kind ?? 0, element.type),
          options: [...(previous?.options ?? []), ...Object.keys(element.options ?? {})],
        });
      }
      for (const option of Object.values(element.options ?? {})) walk(option.value);
    }
  };
  walk(new IntlMessageFormat(text, locale, undefined, { ignoreTag: true }).getAst() as Element[]);
  return found;
}

/** Value sets that reach every branch: plural counts across the rules, each select option. */
function samples(args: Map<string, { kind: number; options: string[] }>): IcuValues[] {
  const sets: IcuValues[] = [{}];
  for (const [name, arg] of args) {
    const choices: (string | number)[] =
      arg.kind === 6
        ? [0, 1, 2, 3, 5, 11, 21, 22, 25, 101, 1000, 1234567, 1.5]
        : arg.kind === 5
          ? [...arg.options.filter((o) => o !== 'other'), 'something-else']
          : ['Вера', 42];
    const next: IcuValues[] = [];
    for (const set of sets) for (const choice of choices) next.push({ ...set, [name]: choice });
    sets.splice(0, sets.length, ...next.slice(0, 200));
  }
  return sets;
}

const reference = (text: string, locale: string, values?: IcuValues) =>
  String(new IntlMessageFormat(text, locale, undefined, { ignoreTag: true }).format(values));

describe('the ICU subset formats like intl-messageformat', () => {
  it('for every message of both languages, across plural counts and select options', () => {
    let compared = 0;
    for (const lang of LANGS) {
      for (const key of messageKeys()) {
        const text = messageText(lang, key);
        const message = new IcuMessage(text, LOCALES[lang]);
        for (const values of samples(argumentsOf(text, LOCALES[lang]))) {
          expect(message.format(values), `${lang} ${key} ${JSON.stringify(values)}`).toBe(
            reference(text, LOCALES[lang], values),
          );
          compared++;
        }
      }
    }
    expect(compared).toBeGreaterThan(1000);
  });

  it.each([
    ["It''s {n}", { n: 1 }],
    ["Don't '{'literal'}' here", {}],
    ["'{a}' and {b}", { b: 'x' }],
    ['{n, plural, offset:1 =0 {none} =1 {just #} one {# and one} other {# others}}', { n: 0 }],
    ['{n, plural, offset:1 =0 {none} =1 {just #} one {# and one} other {# others}}', { n: 2 }],
    ['{n, plural, offset:1 =0 {none} =1 {just #} one {# and one} other {# others}}', { n: 7 }],
    ["{n, plural, other {'#' is # items}}", { n: 1000 }],
    ['{g, select, f {{n, plural, one {# her} other {# hers}}} other {{n} them}}', { g: 'f', n: 3 }],
    ['{g, select, f {{n, plural, one {# her} other {# hers}}} other {{n} them}}', { g: 'm', n: 3 }],
    ['<b>{x}</b> # and > <', { x: 'y' }],
    ['{ spaced }', { spaced: 'ok' }],
  ] as [string, IcuValues][])('edge case %s %o', (text, values) => {
    for (const locale of ['ru-RU', 'en-GB']) {
      expect(new IcuMessage(text, locale).format(values)).toBe(reference(text, locale, values));
    }
  });

  it('throws on a missing value, as intl-messageformat does (translate then shows the raw text)', () => {
    expect(() => reference('Hi {name}', 'en-GB')).toThrow();
    expect(() => new IcuMessage('Hi {name}', 'en-GB').format()).toThrow();
    expect(() => new IcuMessage('{n, plural, one {#} other {#}}', 'en-GB').format({})).toThrow();
  });

  it('refuses what it does not implement, when compiled', () => {
    expect(() => new IcuMessage('{n, number}', 'en-GB')).toThrow(SyntaxError);
    expect(() => new IcuMessage('{d, date, short}', 'en-GB')).toThrow(SyntaxError);
    expect(() => new IcuMessage('{n, plural, one {x}}', 'en-GB')).toThrow(SyntaxError);
    expect(() => new IcuMessage('unmatched }', 'en-GB')).toThrow(SyntaxError);
  });
});
