import {
  type OrderView,
  type TakerConditions,
  type UnmetCondition,
  type UserView,
  unmetTakerCondition,
} from '@p2p/shared';

/*
 * An order's conditions for its taker (docs/decisions/028), checked in the browser against the
 * viewer's own figures so that the market marks a card before the trade is opened. The book is
 * the same for everyone; the server checks again when the trade opens and is the authority.
 */

/** What `order` asks of its taker. */
export function takerConditionsOf(
  order: Pick<
    OrderView,
    'min_taker_trades' | 'min_taker_age_days' | 'min_taker_rating' | 'unrated_taker_allowed'
  >,
): TakerConditions {
  return {
    minTrades: order.min_taker_trades,
    minAgeDays: order.min_taker_age_days,
    minRatingTenths: order.min_taker_rating === null ? 0 : Math.round(order.min_taker_rating * 10),
    allowUnrated: order.unrated_taker_allowed,
  };
}

/** Whether the order asks anything of its taker at all. */
export function hasTakerConditions(order: Parameters<typeof takerConditionsOf>[0]): boolean {
  const c = takerConditionsOf(order);
  return Boolean(c.minTrades || c.minAgeDays || c.minRatingTenths);
}

/** The viewer's figures the conditions are checked against (their `GET /users/me`). */
export type TakerViewer = Pick<UserView, 'id' | 'rating' | 'trades_count' | 'createdAt'>;

/**
 * The condition of `order` the signed-in `viewer` does not meet, or null (also for a guest,
 * who is asked to sign in first, and for the order's owner).
 */
export function unmetForViewer(
  order: Parameters<typeof takerConditionsOf>[0] & Pick<OrderView, 'user_id'>,
  viewer: TakerViewer | null | undefined,
  now: Date = new Date(),
): UnmetCondition | null {
  if (!viewer || viewer.id === order.user_id) return null;
  return unmetTakerCondition(
    takerConditionsOf(order),
    {
      completedTrades: viewer.trades_count,
      rating: viewer.rating,
      accountCreatedAt: new Date(viewer.createdAt),
    },
    now,
  );
}
