import { type SQL, sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client.ts';
import { FEE_ACCOUNT_SQL } from '../ledger/index.ts';

/** Ledger kinds of each history group (`?type=`); anything else counts as an adjustment. */
export const KINDS_OF_TYPE = {
  deposit: ['deposit'],
  withdrawal: ['withdrawal_lock', 'withdrawal_unlock', 'withdrawal_complete'],
  transfer: ['internal_transfer'],
  trade: ['escrow_lock', 'trade_release', 'trade_refund', 'swap_payment', 'swap_delivery'],
  order: ['order_reserve', 'order_release'],
} as const;
export type HistoryType = keyof typeof KINDS_OF_TYPE | 'adjustment';

export interface HistoryFilter {
  account: string;
  currency?: string | undefined;
  type?: HistoryType | undefined;
}

export interface HistoryRow {
  tx_id: string;
  currency: string;
  available: string;
  locked: string;
  kind: string;
  ref_type: string | null;
  ref_id: string | null;
  created_at: Date | string;
  status: string | null;
  network: string | null;
  tx_hash: string | null;
  /** What the fee accounts gained in this ledger transaction. */
  fees: string | null;
}

const list = (kinds: readonly string[]) =>
  sql.join(
    kinds.map((k) => sql`${k}`),
    sql`, `,
  );

function kindCondition(type: HistoryType | undefined): SQL {
  if (!type) return sql`TRUE`;
  if (type !== 'adjustment') return sql`t.kind IN (${list(KINDS_OF_TYPE[type])})`;
  return sql`t.kind NOT IN (${list(Object.values(KINDS_OF_TYPE).flat())})`;
}

/**
 * One row per ledger transaction that moved this account: the net change of each bucket.
 * The entries' own sequence breaks ties of equal time, so paging is stable.
 */
function historyQuery(filter: HistoryFilter, tail: SQL): SQL {
  const currency = filter.currency ? sql`AND e.currency = ${filter.currency}` : sql``;
  return sql`WITH mine AS (
      SELECT e.tx_id, e.currency,
             COALESCE(SUM(e.delta) FILTER (WHERE e.bucket = 'available'), 0) AS available,
             COALESCE(SUM(e.delta) FILTER (WHERE e.bucket = 'locked'), 0) AS locked,
             MAX(e.id) AS seq
      FROM ledger_entries e
      WHERE e.account = ${filter.account} ${currency}
      GROUP BY e.tx_id, e.currency)
    SELECT m.tx_id, m.currency, m.available::text AS available, m.locked::text AS locked,
           t.kind, t.ref_type, t.ref_id, t.created_at, w.status, w.network, w.tx_hash,
           (SELECT SUM(f.delta) FROM ledger_entries f
             WHERE f.tx_id = m.tx_id AND ${sql.raw(FEE_ACCOUNT_SQL('f.account'))})::text AS fees
    FROM mine m
    JOIN ledger_transactions t ON t.id = m.tx_id
    LEFT JOIN withdrawals w ON t.ref_type = 'withdrawal' AND w.id = t.ref_id
    WHERE ${kindCondition(filter.type)}
    ORDER BY t.created_at DESC, m.seq DESC
    ${tail}`;
}

export async function historyPage(db: Executor, filter: HistoryFilter, limit: number, offset: number) {
  const rows = await queryRows<HistoryRow>(db, historyQuery(filter, sql`LIMIT ${limit} OFFSET ${offset}`));
  const currency = filter.currency ? sql`AND e.currency = ${filter.currency}` : sql``;
  const [count] = await queryRows<{ n: string }>(
    db,
    sql`SELECT COUNT(*)::text AS n FROM ledger_transactions t
        WHERE EXISTS (SELECT 1 FROM ledger_entries e
                      WHERE e.tx_id = t.id AND e.account = ${filter.account} ${currency})
          AND ${kindCondition(filter.type)}`,
  );
  return { rows, total: Number(count?.n ?? 0) };
}

/** Everything matching, newest first, at most `max` rows (the CSV export). */
export function historyAll(db: Executor, filter: HistoryFilter, max: number) {
  return queryRows<HistoryRow>(db, historyQuery(filter, sql`LIMIT ${max}`));
}
