import { describe, expect, it } from 'vitest';
import { levelReasons, riskLevel, trustLevel } from './reputation';

const strong = { rating: 4.9, tradesCount: 40, completionRate: 99 };

describe('seller trust level', () => {
  it('is high only when every figure clears the bar', () => {
    expect(trustLevel(strong)).toBe('high');
    expect(trustLevel({ ...strong, rating: 4.5 })).toBe('medium');
    expect(trustLevel({ ...strong, tradesCount: 20 })).toBe('medium');
    expect(trustLevel({ ...strong, completionRate: 95 })).toBe('medium');
  });

  it('is low when any figure is poor, even with others unknown', () => {
    expect(trustLevel({ ...strong, rating: 3.4 })).toBe('low');
    expect(trustLevel({ ...strong, completionRate: 79.9 })).toBe('low');
    expect(trustLevel({ rating: null, tradesCount: 0, completionRate: null })).toBe('low');
  });

  it('says unknown rather than inventing a missing figure', () => {
    expect(trustLevel({ rating: null, tradesCount: 30, completionRate: 99 })).toBe('unknown');
    expect(trustLevel({ rating: 4.9, tradesCount: 30, completionRate: null })).toBe('unknown');
  });
});

describe('buyer risk level', () => {
  it('is low for a strong record with no disputes', () => {
    expect(riskLevel({ ...strong, disputeCount: 0 })).toBe('low');
    expect(riskLevel({ ...strong, disputeCount: 1 })).toBe('medium');
  });

  it('is high on any poor figure or more than two disputes', () => {
    expect(riskLevel({ ...strong, disputeCount: 3 })).toBe('high');
    expect(riskLevel({ ...strong, tradesCount: 4 })).toBe('high');
    expect(riskLevel({ rating: null, tradesCount: 0, completionRate: null })).toBe('high');
  });

  it('decides without a dispute count the server does not report', () => {
    expect(riskLevel(strong)).toBe('low');
    expect(riskLevel({ ...strong, rating: 4 })).toBe('medium');
    expect(riskLevel({ rating: null, tradesCount: 25, completionRate: 97 })).toBe('unknown');
  });
});

describe('the reasons behind a level', () => {
  it('names the poor figure: a 5.0 seller with one trade is low for having few trades', () => {
    const one = { rating: 5, tradesCount: 1, completionRate: 100 };
    expect(trustLevel(one)).toBe('low');
    expect(levelReasons(one)).toEqual([{ key: 'trade.reason.fewTrades', value: 1 }]);
  });

  it('names every poor figure, the unknown ones, or what keeps a record below the top', () => {
    expect(levelReasons({ rating: 3, tradesCount: 2, completionRate: 50 }).map((r) => r.key)).toEqual([
      'trade.reason.lowRating',
      'trade.reason.fewTrades',
      'trade.reason.lowCompletion',
    ]);
    expect(levelReasons({ rating: null, tradesCount: 30, completionRate: 99 })).toEqual([
      { key: 'trade.reason.noRating' },
    ]);
    expect(levelReasons({ ...strong, tradesCount: 12 })).toEqual([
      { key: 'trade.reason.tradesBelowTop', value: 12 },
    ]);
    expect(levelReasons(strong)).toEqual([{ key: 'trade.reason.strong' }]);
    expect(levelReasons({ ...strong, disputeCount: 3 })).toEqual([
      { key: 'trade.reason.manyDisputes', value: 3 },
    ]);
  });
});
