import { describe, expect, it } from 'vitest';
import { riskLevel, trustLevel } from './reputation';

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
