import type { MessageKey, MessageValues } from './i18n/runtime.ts';

/**
 * What an order's owner requires of whoever takes it (docs/decisions/028): completed trades and
 * account age, set on the order, and a minimum rating, set once in the owner's trading
 * settings. The server refuses a taker who does not meet them; the market marks the card with
 * the same words before the taker opens it. One rule for both.
 */
export interface TakerConditions {
  /** Completed trades the taker must have; null or 0: none. */
  minTrades: number | null;
  /** Days since the taker's account was created; null or 0: none. */
  minAgeDays: number | null;
  /** Minimum rating in tenths (45 = 4.5); 0: none. */
  minRatingTenths: number;
  /** Whether a taker with no rating yet passes a minimum rating. */
  allowUnrated: boolean;
}

/** The taker's own figures the conditions are checked against. */
export interface TakerFigures {
  completedTrades: number;
  /** Average of the reviews received, or null with none. */
  rating: number | null;
  accountCreatedAt: Date;
}

/** A condition the taker does not meet, as a catalogue key and its values. */
export interface UnmetCondition {
  key: MessageKey;
  values: MessageValues;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Upper bounds of the order's conditions (the create form and the schema). */
export const TAKER_CONDITION_MAX = { trades: 10_000, ageDays: 3650 } as const;

/** Whole days since `from`. */
export function accountAgeDays(from: Date, now: Date): number {
  return Math.max(0, Math.floor((now.getTime() - from.getTime()) / DAY_MS));
}

/**
 * The first condition `taker` does not meet at `now` (trades, then account age, then rating),
 * or null when they meet all. The account is old enough once `minAgeDays` whole days passed.
 */
export function unmetTakerCondition(
  c: TakerConditions,
  taker: TakerFigures,
  now: Date,
): UnmetCondition | null {
  if (c.minTrades && taker.completedTrades < c.minTrades) {
    return { key: 'conditions.minTrades', values: { min: c.minTrades, has: taker.completedTrades } };
  }
  if (c.minAgeDays && now.getTime() - taker.accountCreatedAt.getTime() < c.minAgeDays * DAY_MS) {
    return {
      key: 'conditions.minAgeDays',
      values: { min: c.minAgeDays, has: accountAgeDays(taker.accountCreatedAt, now) },
    };
  }
  if (c.minRatingTenths > 0) {
    const min = (c.minRatingTenths / 10).toFixed(1);
    if (taker.rating === null) {
      return c.allowUnrated ? null : { key: 'settings.minRatingUnrated', values: { min } };
    }
    if (taker.rating * 10 < c.minRatingTenths - 1e-9) {
      return { key: 'settings.minRatingRefused', values: { min, rating: taker.rating.toFixed(1) } };
    }
  }
  return null;
}
