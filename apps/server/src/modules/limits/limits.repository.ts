import { desc, eq, type SQL, sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client.ts';
import { staff, tradeLimitLifts } from '../../db/schema.ts';
import { countedTradesSql } from './counted-trades.repository.ts';

/** What the limits count, as of a time (docs/decisions/023-trust-and-safety.md, "Limits"). */
export interface LimitCounts {
  /** Counted trades on either side: distinct counterparties above the minimum (docs/decisions/035). */
  completed: number;
  /** Open trades where the user is the buyer. */
  openAsBuyer: number;
  /** Cancellations and expiries as buyer in the 24 hours before `now`, since the last lift. */
  recentFailures: number;
  /** The latest cancellation or expiry that made `cancelsPerDay` within 24 hours (since the last lift). */
  failureStrikeAt: Date | null;
  /** Disputes lost as the party at fault since the last lift. */
  lostDisputes: number;
  /** The loss that reached `lostDisputes` (the suspension's start), if it was reached. */
  lostSince: Date | null;
  /** The user's latest lift. */
  liftedAt: Date | null;
  /** The user's time zone (docs/decisions/030): a refusal names its times in it. */
  timeZone: string | null;
}

/** The parameters the counts depend on. */
export interface CountRules {
  cancelsPerDay: number;
  cancelSuspensionMs: number;
  lostDisputes: number;
}

/** Statuses of a trade that still holds escrow. */
const OPEN_STATUSES = sql.raw(
  `('CREATED', 'ESCROW_LOCKED', 'PAYMENT_PENDING', 'PAYMENT_CONFIRMED', 'DISPUTED')`,
);
/** "Within 24 h" of the cancellation rule (LIMIT_CANCELS_PER_DAY). */
export const FAILURE_WINDOW_HOURS = 24;
const FAILURE_WINDOW = sql.raw(`interval '${FAILURE_WINDOW_HOURS} hours'`);

/**
 * One row of LimitCounts for the user `userId` (an SQL expression; NULL gives zeros), for use
 * as a LATERAL subquery: the statement that opens a trade reads it with its locks (no round
 * trip of its own). Read from the trades themselves, through partial indexes of migration 0026:
 * - a failure is a trade of the buyer cancelled by the buyer or expired (a seller's
 *   cancellation is not the buyer's fault; a dispute's refund is a lost dispute instead);
 * - a lost dispute is a disputed trade refunded (the buyer lost) or released (the seller lost);
 * - only what happened after the user's latest lift counts.
 */
export function limitCountsSql(userId: SQL, now: Date, rules: CountRules): SQL {
  const at = sql`${now.toISOString()}::timestamptz`;
  // A failure suspends until it + the suspension; it counts the failures of the 24 h before it.
  const lookBackMs = FAILURE_WINDOW_HOURS * 3_600_000 + rules.cancelSuspensionMs;
  return sql`SELECT
      COALESCE(${countedTradesSql(sql`u.id`, at)}, 0)::int AS completed,
      (SELECT COUNT(*) FROM trades t WHERE t.buyer_id = u.id AND t.status IN ${OPEN_STATUSES})::int AS open_as_buyer,
      fails.recent::int AS recent_failures,
      fails.strike_at AS failure_strike_at,
      lost.n::int AS lost_disputes,
      lost.nth_at AS lost_since,
      lift.at AS lifted_at,
      (SELECT z.time_zone FROM users z WHERE z.id = u.id) AS time_zone
    FROM (SELECT (${userId})::uuid AS id) u
    CROSS JOIN LATERAL (SELECT MAX(l.lifted_at) AS at FROM trade_limit_lifts l WHERE l.user_id = u.id) lift
    CROSS JOIN LATERAL (
      SELECT COUNT(*) FILTER (WHERE w.at > ${at} - ${FAILURE_WINDOW}) AS recent,
             MAX(w.at) FILTER (WHERE w.n >= ${rules.cancelsPerDay}::int) AS strike_at
      FROM (
        SELECT t.cancelled_at AS at,
               COUNT(*) OVER (ORDER BY t.cancelled_at RANGE BETWEEN ${FAILURE_WINDOW} PRECEDING AND CURRENT ROW) AS n
        FROM trades t
        WHERE t.buyer_id = u.id AND t.status = 'CANCELLED' AND t.disputed_at IS NULL
          AND t.cancelled_at <= ${at}
          AND t.cancelled_at > GREATEST(${at} - ${lookBackMs}::double precision * interval '1 millisecond', lift.at)
          AND EXISTS (SELECT 1 FROM trade_actions a WHERE a.trade_id = t.id AND a.to_status = 'CANCELLED'
                        AND (a.action = 'expire' OR a.actor_role = 'buyer'))
      ) w
    ) fails
    CROSS JOIN LATERAL (
      SELECT COUNT(*) AS n, (array_agg(d.at ORDER BY d.at))[${rules.lostDisputes}::int] AS nth_at
      FROM (
        SELECT t.cancelled_at AS at FROM trades t
        WHERE t.buyer_id = u.id AND t.status = 'CANCELLED' AND t.disputed_at IS NOT NULL
          AND t.cancelled_at > COALESCE(lift.at, '-infinity')
        UNION ALL
        SELECT t.completed_at FROM trades t
        WHERE t.seller_id = u.id AND t.status = 'COMPLETED' AND t.disputed_at IS NOT NULL
          AND t.completed_at > COALESCE(lift.at, '-infinity')
      ) d
    ) lost`;
}

/**
 * Takes the transaction-scoped lock on the limits of `buyerId` (an SQL expression): two
 * openings for the same buyer run one after the other, so the later one's next statement
 * sees the earlier one's trade (docs/decisions/023, "Limits": the open-trade race).
 */
export function buyerLimitsLockSql(buyerId: SQL): SQL {
  return sql`(SELECT 1 FROM pg_advisory_xact_lock(hashtextextended('trade-limits:' || (${buyerId})::text, 0)))`;
}

/** Open trades of `buyerId` as buyer, for the RETURNING of the statement that writes a new one. */
export function openAsBuyerSql(buyerId: string): SQL {
  return sql<number>`(SELECT COUNT(*) FROM trades t WHERE t.buyer_id = ${buyerId}::uuid AND t.status IN ${OPEN_STATUSES})::int`;
}

/** LimitCounts from `row_to_json` of a limitCountsSql row (both drivers give the same JSON). */
export function limitCountsFromJson(json: unknown): LimitCounts {
  const row = (typeof json === 'string' ? JSON.parse(json) : json) as Record<string, unknown>;
  const date = (v: unknown) => (v === null || v === undefined ? null : new Date(String(v)));
  return {
    completed: Number(row.completed ?? 0),
    openAsBuyer: Number(row.open_as_buyer ?? 0),
    recentFailures: Number(row.recent_failures ?? 0),
    failureStrikeAt: date(row.failure_strike_at),
    lostDisputes: Number(row.lost_disputes ?? 0),
    lostSince: date(row.lost_since),
    liftedAt: date(row.lifted_at),
    timeZone: typeof row.time_zone === 'string' ? row.time_zone : null,
  };
}

/** The counts of one user now (GET /users/me/limits, the back office). */
export async function readLimitCounts(
  db: Executor,
  userId: string,
  now: Date,
  rules: CountRules,
): Promise<LimitCounts> {
  const [row] = await queryRows<{ counts: unknown }>(
    db,
    sql`SELECT row_to_json(c) AS counts FROM (${limitCountsSql(sql`${userId}`, now, rules)}) c`,
  );
  return limitCountsFromJson(row?.counts ?? {});
}

/**
 * Serializes changes to one user's limits with openings for them (a lift and an opening
 * never interleave), in the caller's transaction.
 */
export async function lockBuyerLimits(db: Executor, userId: string): Promise<void> {
  await db.execute(sql`SELECT ${buyerLimitsLockSql(sql`${userId}::uuid`)}`);
}

export async function insertLift(db: Executor, values: typeof tradeLimitLifts.$inferInsert) {
  const [row] = await db.insert(tradeLimitLifts).values(values).returning({ id: tradeLimitLifts.id });
  if (!row) throw new Error('lift insert returned nothing');
  return row.id.toString();
}

/** A user's lifts, newest first, with the staff member who lifted. */
export async function listLifts(db: Executor, userId: string, limit = 20) {
  return db
    .select({ lift: tradeLimitLifts, staff })
    .from(tradeLimitLifts)
    .leftJoin(staff, eq(staff.id, tradeLimitLifts.staffId))
    .where(eq(tradeLimitLifts.userId, userId))
    .orderBy(desc(tradeLimitLifts.liftedAt), desc(tradeLimitLifts.id))
    .limit(limit);
}
