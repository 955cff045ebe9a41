import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client.ts';

/** The back-office dashboard's counts, each as the driver returns it (a count may come as text). */

type Count = string | number;

const at = (d: Date) => sql`${d.toISOString()}::timestamptz`;

/** All users, those created since `today`, and the blocked ones. */
export async function userCounts(db: Executor, today: Date) {
  const [row] = await queryRows<{ total: Count; new_today: Count; blocked: Count }>(
    db,
    sql`SELECT count(*) AS total,
        count(*) FILTER (WHERE created_at >= ${at(today)}) AS new_today,
        count(*) FILTER (WHERE blocked_at IS NOT NULL) AS blocked
      FROM users`,
  );
  return row;
}

/** Open disputes: how many, the oldest's start, those opened by `slaCut` and those without an owner. */
export async function openDisputeCounts(db: Executor, slaCut: Date) {
  const [row] = await queryRows<{
    open: Count;
    oldest: string | Date | null;
    over_sla: Count;
    unassigned: Count;
  }>(
    db,
    sql`SELECT count(*) AS open, min(disputed_at) AS oldest,
        count(*) FILTER (WHERE disputed_at <= ${at(slaCut)}) AS over_sla,
        count(*) FILTER (WHERE dispute_owner_id IS NULL) AS unassigned
      FROM trades WHERE status = 'DISPUTED'`,
  );
  return row;
}

/** Pending withdrawals per cryptocurrency: how many and their sum (text, base units). */
export async function pendingWithdrawalsByCurrency(db: Executor) {
  return queryRows<{ currency: string; n: Count; total: Count }>(
    db,
    sql`SELECT cryptocurrency AS currency, count(*) AS n, sum(amount)::text AS total
      FROM withdrawals WHERE status = 'PENDING' GROUP BY cryptocurrency ORDER BY cryptocurrency`,
  );
}

/** Trades opened since `today`, and those completed since. */
export async function tradeCountsSince(db: Executor, today: Date) {
  const [row] = await queryRows<{ opened: Count; completed: Count }>(
    db,
    sql`SELECT count(*) FILTER (WHERE created_at >= ${at(today)}) AS opened,
        count(*) FILTER (WHERE status = 'COMPLETED' AND completed_at >= ${at(today)}) AS completed
      FROM trades WHERE created_at >= ${at(today)} OR completed_at >= ${at(today)}`,
  );
  return row;
}

/** Staff actions (audit log entries) since `today`. */
export async function staffActionCountSince(db: Executor, today: Date) {
  const [row] = await queryRows<{ n: Count }>(
    db,
    sql`SELECT count(*) AS n FROM audit_logs WHERE created_at >= ${at(today)}`,
  );
  return row;
}

/** Completed trades of one UTC day (`YYYY-MM-DD`) in one currency pair: how many and their sums. */
export interface DayVolume {
  day: string;
  crypto: string;
  fiat: string;
  n: Count;
  crypto_sum: Count;
  fiat_sum: Count;
}

/** Completed trades since `first` by UTC day and currency pair. */
export async function completedVolumeByDay(db: Executor, first: Date): Promise<DayVolume[]> {
  return queryRows<DayVolume>(
    db,
    sql`SELECT to_char(completed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day,
        cryptocurrency AS crypto, fiat_currency AS fiat, count(*) AS n,
        sum(amount_crypto)::text AS crypto_sum, sum(amount_fiat)::text AS fiat_sum
      FROM trades WHERE status = 'COMPLETED' AND completed_at >= ${at(first)}
      GROUP BY 1, 2, 3`,
  );
}
