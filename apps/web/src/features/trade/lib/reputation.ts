/**
 * Trust (seller, shown to the buyer) and risk (buyer, shown to the seller) levels
 * (docs/product/trading-rules.md), computed from the real figures only. A missing figure is
 * never replaced by a default (docs/decisions/006-reputation.md): a rule that needs it is
 * simply not decided by it, and when the known figures cannot settle the level it is
 * 'unknown' ("недостаточно данных").
 */

export interface ReputationFigures {
  rating: number | null;
  tradesCount: number | null;
  completionRate: number | null;
  /** Disputes the user was involved in; null when the server does not report it. */
  disputeCount?: number | null;
}

export type TrustLevel = 'high' | 'medium' | 'low' | 'unknown';
export type RiskLevel = 'low' | 'medium' | 'high' | 'unknown';

/** Three-valued comparison: null when the figure is unknown. */
const cmp = (value: number | null | undefined, test: (v: number) => boolean): boolean | null =>
  value === null || value === undefined ? null : test(value);

const anyTrue = (checks: (boolean | null)[]) => checks.some((c) => c === true);
const allTrue = (checks: (boolean | null)[]) => checks.every((c) => c === true);
const anyUnknown = (checks: (boolean | null)[]) => checks.some((c) => c === null);

/** High if rating > 4.5, trades > 20 and completion > 95; low if rating < 3.5, trades < 5 or completion < 80. */
export function trustLevel(f: ReputationFigures): TrustLevel {
  const low = [
    cmp(f.rating, (r) => r < 3.5),
    cmp(f.tradesCount, (n) => n < 5),
    cmp(f.completionRate, (c) => c < 80),
  ];
  if (anyTrue(low)) return 'low';
  const high = [
    cmp(f.rating, (r) => r > 4.5),
    cmp(f.tradesCount, (n) => n > 20),
    cmp(f.completionRate, (c) => c > 95),
  ];
  if (allTrue(high)) return 'high';
  // Not low by what we know; an unknown figure could still make it low or high.
  return anyUnknown([...low, ...high]) ? 'unknown' : 'medium';
}

/**
 * Low if rating > 4.5, trades > 20, completion > 95 and no disputes; high if rating < 3.5,
 * trades < 5, completion < 80 or more than 2 disputes. An unreported dispute count (the
 * seller's trust does not use it) takes no part in the decision.
 */
export function riskLevel(f: ReputationFigures): RiskLevel {
  const disputes = f.disputeCount ?? undefined;
  const high = [
    cmp(f.rating, (r) => r < 3.5),
    cmp(f.tradesCount, (n) => n < 5),
    cmp(f.completionRate, (c) => c < 80),
    ...(disputes === undefined ? [] : [disputes > 2]),
  ];
  if (anyTrue(high)) return 'high';
  const low = [
    cmp(f.rating, (r) => r > 4.5),
    cmp(f.tradesCount, (n) => n > 20),
    cmp(f.completionRate, (c) => c > 95),
    ...(disputes === undefined ? [] : [disputes === 0]),
  ];
  if (allTrue(low)) return 'low';
  return anyUnknown([...low, ...high]) ? 'unknown' : 'medium';
}

/** Bar fill in percent; 0 when the level is unknown. */
export const TRUST_BAR: Record<TrustLevel, number> = { high: 85, medium: 50, low: 25, unknown: 0 };
export const RISK_BAR: Record<RiskLevel, number> = { low: 15, medium: 50, high: 85, unknown: 0 };

/** One fact behind a level: a catalogue key and the figure it names. */
export interface LevelReason {
  key:
    | 'trade.reason.lowRating'
    | 'trade.reason.fewTrades'
    | 'trade.reason.lowCompletion'
    | 'trade.reason.manyDisputes'
    | 'trade.reason.noRating'
    | 'trade.reason.noCompletion'
    | 'trade.reason.ratingBelowTop'
    | 'trade.reason.tradesBelowTop'
    | 'trade.reason.completionBelowTop'
    | 'trade.reason.strong';
  /** The figure the reason names: a rating, a count or a percentage. */
  value?: number;
}

/**
 * Why the level is what it is, from the same figures and thresholds as the level itself: the
 * poor figures when there are any; else the figures still unknown; else, below the top level,
 * the figures that keep it there; else the strong record.
 */
export function levelReasons(f: ReputationFigures): LevelReason[] {
  const poor: LevelReason[] = [];
  if (cmp(f.rating, (r) => r < 3.5)) poor.push({ key: 'trade.reason.lowRating', value: f.rating ?? 0 });
  if (cmp(f.tradesCount, (n) => n < 5))
    poor.push({ key: 'trade.reason.fewTrades', value: f.tradesCount ?? 0 });
  if (cmp(f.completionRate, (c) => c < 80))
    poor.push({ key: 'trade.reason.lowCompletion', value: f.completionRate ?? 0 });
  if (cmp(f.disputeCount, (d) => d > 2))
    poor.push({ key: 'trade.reason.manyDisputes', value: f.disputeCount ?? 0 });
  if (poor.length) return poor;
  const unknown: LevelReason[] = [];
  if (f.rating === null) unknown.push({ key: 'trade.reason.noRating' });
  if (f.completionRate === null) unknown.push({ key: 'trade.reason.noCompletion' });
  if (unknown.length) return unknown;
  const belowTop: LevelReason[] = [];
  if (cmp(f.rating, (r) => r <= 4.5))
    belowTop.push({ key: 'trade.reason.ratingBelowTop', value: f.rating ?? 0 });
  if (cmp(f.tradesCount, (n) => n <= 20))
    belowTop.push({ key: 'trade.reason.tradesBelowTop', value: f.tradesCount ?? 0 });
  if (cmp(f.completionRate, (c) => c <= 95))
    belowTop.push({ key: 'trade.reason.completionBelowTop', value: f.completionRate ?? 0 });
  return belowTop.length ? belowTop : [{ key: 'trade.reason.strong' }];
}
