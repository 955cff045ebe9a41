import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { settingsOf } from './settings.repository.ts';

/**
 * The order owner's minimum partner rating (trading settings): a taker rated below it is
 * refused with the rule named. A taker with no rating yet passes only when the owner allows
 * unrated partners (the default); the message says which case applied
 * (docs/decisions/017-notifications-bot-settings.md).
 */
export async function assertPartnerAllowed(db: Executor, ownerId: string, takerId: string): Promise<void> {
  const rules = await settingsOf(db, ownerId);
  if (rules.minRatingTenths === 0) return;
  const [row] = await queryRows<{ rating: string | null }>(
    db,
    sql`SELECT AVG(rating)::numeric(3,2)::text AS rating FROM reviews WHERE subject_id = ${takerId}`,
  );
  const refusal = partnerRefusal(rules, row?.rating ?? null);
  if (refusal) throw refusal;
}

/** The owner's rule applied to a taker's average rating (null: not rated yet). */
export function partnerRefusal(
  rules: { minRatingTenths: number; allowUnrated: boolean },
  takerRating: string | null,
): AppError | null {
  if (rules.minRatingTenths === 0) return null;
  const min = (rules.minRatingTenths / 10).toFixed(1);
  if (takerRating == null) {
    if (rules.allowUnrated) return null;
    return new AppError('RULE_VIOLATION', { key: 'settings.minRatingUnrated', values: { min } });
  }
  const rating = Number(takerRating);
  if (rating * 10 < rules.minRatingTenths - 1e-9) {
    return new AppError('RULE_VIOLATION', {
      key: 'settings.minRatingRefused',
      values: { min, rating: rating.toFixed(1) },
    });
  }
  return null;
}
