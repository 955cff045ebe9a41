import { FIAT_CURRENCIES, type FiatCurrency, isSwapPayment } from '@p2p/shared';
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, queryRows, type Tx } from '../../db/client.ts';
import { capInFiat } from './fiat-cap.ts';

/**
 * Counted trades (docs/decisions/035): what leaving the new-account caps and an ad's
 * `min_taker_trades` count. A completed trade counts when it was worth at least
 * COUNTED_TRADE_MIN_RUB (or its worth in the trade's fiat, converted like the new-account cap),
 * at most one a counterparty a calendar month, and only once the account's first completed
 * trade is COUNTED_AFTER_HOURS old. Two accounts of one person trading with each other many
 * times count once a month, however fast and however small.
 */
export const COUNTED_TRADE_MIN_RUB = 100_000n; // 1 000 ₽ in kopecks
export const COUNTED_AFTER_HOURS = 72;

/**
 * Whether a trade of `amountFiat` (minor units of `fiat`) is worth the minimum. The fallback
 * table's rate converts (fiat-cap.ts): no feed call inside the completing transaction. A swap
 * (paid in a coin) never counts.
 */
export function worthCounting(amountFiat: bigint, fiat: string): boolean {
  if (isSwapPayment(fiat)) return false;
  return amountFiat >= capInFiat(COUNTED_TRADE_MIN_RUB, fiat as FiatCurrency, null);
}

/**
 * The completing transition's write (a CTE of its one statement): both parties' row of this
 * pair and month, one more trade, qualified once any of them was worth counting. Rows in user
 * id order, like the reputation counters, so opposite trades of one pair never deadlock.
 */
export function pairMonthsStatement(trade: {
  buyerId: string;
  sellerId: string;
  completedAt: Date;
  amountFiat: bigint;
  fiatCurrency: string;
}): SQL {
  const at = sql`${trade.completedAt.toISOString()}::timestamptz`;
  const qualified = worthCounting(trade.amountFiat, trade.fiatCurrency);
  return sql`
    INSERT INTO trade_pair_months AS m (user_id, counterparty_id, month, trades, qualified, first_at, last_at)
    SELECT p.user_id, p.counterparty_id, date_trunc('month', ${at} AT TIME ZONE 'UTC')::date, 1,
           ${qualified}::boolean, ${at}, ${at}
    FROM (VALUES (${trade.buyerId}::uuid, ${trade.sellerId}::uuid), (${trade.sellerId}::uuid, ${trade.buyerId}::uuid))
         p(user_id, counterparty_id)
    ORDER BY p.user_id
    ON CONFLICT (user_id, counterparty_id, month) DO UPDATE SET
      trades = m.trades + 1,
      qualified = m.qualified OR EXCLUDED.qualified,
      last_at = GREATEST(m.last_at, EXCLUDED.last_at)`;
}

const COUNTED_AFTER = sql.raw(`interval '${COUNTED_AFTER_HOURS} hours'`);

/**
 * The one rule on an account's parts at `at`: `qualified` (its qualified pair rows, or a subset
 * of them) count once `firstAt` (its first completed trade) is COUNTED_AFTER_HOURS old; before,
 * nothing counts. Every counted figure (limits, profiles, the book) goes through here.
 */
export function countedRule(qualified: SQL, firstAt: SQL, at: SQL): SQL {
  return sql`(CASE WHEN ${firstAt} <= ${at} - ${COUNTED_AFTER} THEN ${qualified} ELSE 0 END)`;
}

/**
 * The counted trades of the user `userId` (an SQL expression) at `at`: one indexed range of the
 * user's pair rows (its counterparties by month), never the trades themselves. With `since`,
 * only the pair months with a trade after it (the 30-day figure of profiles and the book).
 */
export function countedTradesSql(userId: SQL, at: SQL, since?: SQL): SQL {
  const qualified = since
    ? sql`COUNT(*) FILTER (WHERE pm.qualified AND pm.last_at > ${since})`
    : sql`COUNT(*) FILTER (WHERE pm.qualified)`;
  return sql`(SELECT ${countedRule(qualified, sql`MIN(pm.first_at)`, at)}
             FROM trade_pair_months pm WHERE pm.user_id = ${userId})`;
}

/**
 * The parts the reputation counters keep per user (user_stats.counted_trades and
 * first_completed_at): qualified pair rows and the first completed trade, for the users of
 * `userIds` (an SQL list) or everyone.
 */
export function countedPartsSql(userIds?: SQL): SQL {
  const which = userIds ? sql`WHERE pm.user_id IN (${userIds})` : sql``;
  return sql`SELECT pm.user_id, COUNT(*) FILTER (WHERE pm.qualified)::bigint AS counted,
                    MIN(pm.first_at) AS first_at
             FROM trade_pair_months pm ${which} GROUP BY pm.user_id`;
}

/** The calendar month (UTC) of `at`, as the pair rows name it. */
export const pairMonthOf = (at: Date): string => `${at.toISOString().slice(0, 7)}-01`;

/** Each fiat's minimum (minor units) as an SQL VALUES list `(fiat, minimum)`. */
function fiatMinimums(): SQL {
  return sql.join(
    FIAT_CURRENCIES.map(
      (fiat) => sql`(${fiat}::text, ${capInFiat(COUNTED_TRADE_MIN_RUB, fiat, null).toString()}::bigint)`,
    ),
    sql`, `,
  );
}

/**
 * Replaces the pair rows, and the counted reviews' months, with their recomputation from the
 * completed trades and reviews (with the reputation counters: after bulk loads, or to repair).
 * Each fiat's minimum is converted here, as at completion.
 */
export async function rebuildPairMonths(tx: Tx): Promise<void> {
  const minimums = fiatMinimums();
  await tx.execute(sql`DELETE FROM trade_pair_months`);
  await tx.execute(sql`
    INSERT INTO trade_pair_months (user_id, counterparty_id, month, trades, qualified, first_at, last_at)
    SELECT p.user_id, p.counterparty_id, date_trunc('month', t.completed_at AT TIME ZONE 'UTC')::date,
           COUNT(*)::int, COALESCE(bool_or(t.amount_fiat >= mins.minimum), false),
           MIN(t.completed_at), MAX(t.completed_at)
    FROM trades t
    CROSS JOIN LATERAL (VALUES (t.buyer_id, t.seller_id), (t.seller_id, t.buyer_id)) p(user_id, counterparty_id)
    LEFT JOIN (VALUES ${minimums}) mins(fiat, minimum) ON mins.fiat = t.fiat_currency
    WHERE t.status = 'COMPLETED' AND t.completed_at IS NOT NULL
    GROUP BY 1, 2, 3`);
  // The first review of a subject by an author for a month's trades worth counting.
  await tx.execute(sql`DELETE FROM review_pair_months`);
  await tx.execute(sql`
    INSERT INTO review_pair_months (subject_id, author_id, month, review_id)
    SELECT DISTINCT ON (r.subject_id, r.author_id, m.month) r.subject_id, r.author_id, m.month, r.id
    FROM reviews r JOIN trades t ON t.id = r.trade_id
    JOIN (VALUES ${minimums}) mins(fiat, minimum) ON mins.fiat = t.fiat_currency
    CROSS JOIN LATERAL (SELECT date_trunc('month', t.completed_at AT TIME ZONE 'UTC')::date AS month) m
    WHERE t.status = 'COMPLETED' AND t.completed_at IS NOT NULL AND t.amount_fiat >= mins.minimum
    ORDER BY r.subject_id, r.author_id, m.month, r.created_at, r.id`);
}

/**
 * Whether the review `reviewId` of a trade (completed in `month`, worth counting or not) counts
 * for its subject: the first of its author for that month's trades, claimed in one insert (the
 * primary key is the rule; two reviews at once cannot both count). The statement answers the
 * subject's id when it counts, nothing otherwise.
 */
export function countReviewSql(review: {
  reviewId: string;
  subjectId: string;
  authorId: string;
  month: string;
}): SQL {
  return sql`INSERT INTO review_pair_months (subject_id, author_id, month, review_id)
    VALUES (${review.subjectId}::uuid, ${review.authorId}::uuid, ${review.month}::date, ${review.reviewId}::uuid)
    ON CONFLICT DO NOTHING RETURNING subject_id`;
}

export interface FrequentPairRow {
  month: string;
  a_id: string;
  a_display_name: string | null;
  a_first_name: string;
  a_last_name: string | null;
  a_username: string | null;
  b_id: string;
  b_display_name: string | null;
  b_first_name: string;
  b_last_name: string | null;
  b_username: string | null;
  trades: number;
  qualified: boolean;
  first_at: Date | string;
  last_at: Date | string;
}

/**
 * Pairs with at least `minTrades` completed trades with each other in a month, busiest first,
 * the latest months first (each pair once: the row of its lower user id).
 */
export async function frequentPairs(
  db: Executor,
  { minTrades, limit }: { minTrades: number; limit: number },
): Promise<FrequentPairRow[]> {
  return queryRows<FrequentPairRow>(
    db,
    sql`SELECT pm.month::text AS month, pm.trades, pm.qualified, pm.first_at, pm.last_at,
               a.id AS a_id, a.display_name AS a_display_name, a.first_name AS a_first_name,
               a.last_name AS a_last_name, a.username AS a_username,
               b.id AS b_id, b.display_name AS b_display_name, b.first_name AS b_first_name,
               b.last_name AS b_last_name, b.username AS b_username
        FROM trade_pair_months pm
        JOIN users a ON a.id = pm.user_id
        JOIN users b ON b.id = pm.counterparty_id
        WHERE pm.trades >= ${minTrades} AND pm.user_id < pm.counterparty_id
        ORDER BY pm.month DESC, pm.trades DESC, pm.last_at DESC
        LIMIT ${limit}`,
  );
}
