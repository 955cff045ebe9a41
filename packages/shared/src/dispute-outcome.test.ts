import { describe, expect, it } from 'vitest';
import { moderatorOutcome } from './dispute-outcome.ts';

describe('moderatorOutcome', () => {
  it('reads the latest outcome line and nothing else', () => {
    expect(moderatorOutcome(null)).toBeNull();
    expect(moderatorOutcome('buyer note')).toBeNull();
    expect(moderatorOutcome('x\nРешение модератора: оплата подтверждена банком')).toBe(
      'оплата подтверждена банком',
    );
    expect(moderatorOutcome('Решение модератора: first\nРешение модератора: second')).toBe('second');
  });
});
