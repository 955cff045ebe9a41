import { describe, expect, it } from 'vitest';
import { marginText, marginTone } from './floating';

describe('marginText', () => {
  it.each([
    ['1.50', 'ru', '+1,5\u00a0%'],
    ['-2.00', 'ru', '−2\u00a0%'],
    ['0.00', 'ru', '0\u00a0%'],
    ['-0.25', 'en', '−0.25%'],
    ['20.00', 'en', '+20%'],
  ] as const)('writes %s in %s as %s', (margin, lang, text) => {
    expect(marginText(margin, lang)).toBe(text);
  });

  it('colours a rise green and a fall red', () => {
    expect(marginTone('1.50')).toBe('is-up');
    expect(marginTone('0.00')).toBe('is-up');
    expect(marginTone('-0.01')).toBe('is-down');
  });
});
