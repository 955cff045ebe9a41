import { AppError } from '../../errors.ts';

/**
 * The order owner's minimum partner rating (trading settings): a taker rated below it is
 * refused with the rule named. A taker with no rating yet (`takerRating` null) passes only when
 * the owner allows unrated partners (the default); the message says which case applied
 * (docs/decisions/017-notifications-bot-settings.md). Read under the order's lock by
 * `trades.repository.admitTaker`.
 */
export function partnerRefusal(
  rules: { minRatingTenths: number; allowUnrated: boolean },
  takerRating: string | null,
): AppError | null {
  if (rules.minRatingTenths === 0) return null;
  const min = (rules.minRatingTenths / 10).toFixed(1);
  if (takerRating == null) {
    if (rules.allowUnrated) return null;
    return new AppError('RULE_VIOLATION', 'settings.minRatingUnrated', { min });
  }
  const rating = Number(takerRating);
  if (rating * 10 < rules.minRatingTenths - 1e-9) {
    return new AppError('RULE_VIOLATION', 'settings.minRatingRefused', { min, rating: rating.toFixed(1) });
  }
  return null;
}
