/**
 * How a dispute's written outcome is kept on the trade: the resolution appends a line with
 * this prefix to the trade's notes (apps/server/src/modules/admin/disputes.service.ts), and
 * the trade page shows the latest such line to both parties.
 */
export const MODERATOR_OUTCOME_PREFIX = 'Решение модератора: ';

/** The moderator's latest written outcome in a trade's notes, or null. */
export function moderatorOutcome(notes: string | null): string | null {
  const lines = (notes ?? '').split('\n').filter((line) => line.startsWith(MODERATOR_OUTCOME_PREFIX));
  const last = lines.at(-1);
  return last ? last.slice(MODERATOR_OUTCOME_PREFIX.length) : null;
}
