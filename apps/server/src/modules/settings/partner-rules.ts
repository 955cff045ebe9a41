import { type TakerConditions, type TakerFigures, unmetTakerCondition } from '@p2p/shared';
import { type AppError, StandingError } from '../../errors.ts';

/**
 * What the order's owner requires of a taker (docs/decisions/028): the order's completed trades
 * and account age, and the owner's minimum partner rating from their trading settings (a taker
 * with no rating yet passes it only when the owner allows unrated partners, the default;
 * docs/decisions/017). A taker who does not meet one is refused with the condition and its value
 * named, in the words the market shows on the card (the shared rule `unmetTakerCondition`).
 * Read under the order's lock by `trades.repository.admitTaker`.
 */
export function takerRefusal(conditions: TakerConditions, taker: TakerFigures, now: Date): AppError | null {
  const unmet = unmetTakerCondition(conditions, taker, now);
  // 403: the caller may not take this order, whatever they send (docs/decisions/028).
  return unmet ? new StandingError('RULE_VIOLATION', unmet.key, unmet.values) : null;
}
