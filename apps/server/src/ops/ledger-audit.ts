import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../db/client.ts';
import { auditReputationCounters } from '../modules/users/index.ts';

/**
 * Audits a database against the five ledger invariants (docs/ARCHITECTURE.md, "Data"), and the reputation counters
 * against history. Returns one line per violation; an empty list means the books are sound.
 * `reputationFigures: false` leaves out the slow per-user comparison with REPUTATION_COLUMNS
 * (the counters are still compared with history, set-based): for audits run very often.
 */
export async function auditLedger(
  db: Executor,
  options: { reputationFigures?: boolean } = {},
): Promise<string[]> {
  const problems: string[] = [];
  const check = async (
    invariant: string,
    query: ReturnType<typeof sql>,
    describe: (row: Record<string, unknown>) => string,
  ) => {
    const rows = await queryRows<Record<string, unknown>>(db, query);
    for (const row of rows.slice(0, 50)) problems.push(`${invariant}: ${describe(row)}`);
    if (rows.length > 50) problems.push(`${invariant}: ... and ${rows.length - 50} more`);
  };

  for (const invariant of INVARIANTS) await invariant(check);
  await withdrawalPostings(check);

  // Not money, but kept like it: the reputation counters equal their recomputation from
  // history (docs/decisions/019-order-book-performance.md).
  const figures = options.reputationFigures ?? true;
  for (const problem of await auditReputationCounters(db, { figures })) problems.push(`counters: ${problem}`);
  return problems;
}

/** The checks, in the order of the invariants in docs/ARCHITECTURE.md ("Data"). */
const INVARIANTS: ((check: Check) => Promise<void>)[] = [
  sumsToZero,
  balancesMatchJournal,
  nothingNegativeOrOversold,
  lockedIsExplained,
  tradeSettlesOnce,
  depositCreditedOnce,
  swapSettlesOnce,
];

async function sumsToZero(check: Check): Promise<void> {
  // 1. Every currency sums to zero over all accounts, and every posting is balanced.
  await check(
    '1 zero-sum',
    sql`SELECT currency, SUM(available + locked)::text AS total FROM balances GROUP BY currency
        HAVING SUM(available + locked) <> 0`,
    (r) => `${r.currency} sums to ${r.total}`,
  );
  await check(
    '1 balanced postings',
    sql`SELECT tx_id, currency, SUM(delta)::text AS total FROM ledger_entries GROUP BY tx_id, currency
        HAVING SUM(delta) <> 0`,
    (r) => `ledger transaction ${r.tx_id} ${r.currency} off by ${r.total}`,
  );
}

async function balancesMatchJournal(check: Check): Promise<void> {
  // 2. Balances equal the sum of their journal entries per bucket.
  await check(
    '2 balances = journal',
    sql`WITH j AS (
          SELECT account, currency,
                 COALESCE(SUM(delta) FILTER (WHERE bucket = 'available'), 0) AS available,
                 COALESCE(SUM(delta) FILTER (WHERE bucket = 'locked'), 0) AS locked
          FROM ledger_entries GROUP BY account, currency)
        SELECT COALESCE(b.account, j.account) AS account, COALESCE(b.currency, j.currency) AS currency,
               COALESCE(b.available, 0)::text AS b_available, COALESCE(j.available, 0)::text AS j_available,
               COALESCE(b.locked, 0)::text AS b_locked, COALESCE(j.locked, 0)::text AS j_locked
        FROM balances b FULL JOIN j ON j.account = b.account AND j.currency = b.currency
        WHERE COALESCE(b.available, 0) <> COALESCE(j.available, 0)
           OR COALESCE(b.locked, 0) <> COALESCE(j.locked, 0)`,
    (r) =>
      `${r.account} ${r.currency}: balance ${r.b_available}/${r.b_locked}, journal ${r.j_available}/${r.j_locked}`,
  );
}

async function nothingNegativeOrOversold(check: Check): Promise<void> {
  // 3. Nothing negative; no order oversold, and its remaining amount matches its trades.
  await check(
    '3 non-negative',
    sql`SELECT account, currency, available::text, locked::text FROM balances
        WHERE account <> 'external' AND (available < 0 OR locked < 0)`,
    (r) => `${r.account} ${r.currency} is ${r.available}/${r.locked}`,
  );
  // What left an order: its trades not cancelled, and its swaps (docs/decisions/026).
  await check(
    '3 not oversold',
    sql`WITH filled AS (
          SELECT order_id, amount_crypto FROM trades WHERE status <> 'CANCELLED'
          UNION ALL
          SELECT order_id, amount_crypto FROM swaps)
        SELECT o.id, o.amount_crypto::text AS amount, o.available_amount::text AS available,
               COALESCE(SUM(f.amount_crypto), 0)::text AS traded
        FROM orders o LEFT JOIN filled f ON f.order_id = o.id
        GROUP BY o.id
        HAVING COALESCE(SUM(f.amount_crypto), 0) > o.amount_crypto
            OR o.available_amount + COALESCE(SUM(f.amount_crypto), 0) <> o.amount_crypto`,
    (r) => `order ${r.id}: amount ${r.amount}, available ${r.available}, in trades ${r.traded}`,
  );
}

async function lockedIsExplained(check: Check): Promise<void> {
  // 4. locked = live sell-order reserves + escrow of unsettled trades as seller + amount and
  //    fee of withdrawals still in the queue (PENDING, APPROVED, PROCESSING).
  await check(
    '4 locked formula',
    sql`WITH expected AS (
          SELECT account, currency, SUM(amount) AS amount FROM (
            SELECT 'user:' || user_id::text AS account, cryptocurrency AS currency, available_amount AS amount
            FROM orders WHERE type = 'sell' AND status IN ('active', 'paused')
            UNION ALL
            SELECT 'user:' || seller_id::text, cryptocurrency, escrow_amount
            FROM trades WHERE settlement IS NULL
            UNION ALL
            SELECT 'user:' || user_id::text, cryptocurrency, amount + fee
            FROM withdrawals WHERE status IN ('PENDING', 'APPROVED', 'PROCESSING')
          ) parts GROUP BY account, currency)
        SELECT COALESCE(b.account, e.account) AS account, COALESCE(b.currency, e.currency) AS currency,
               COALESCE(b.locked, 0)::text AS locked, COALESCE(e.amount, 0)::text AS expected
        FROM balances b FULL JOIN expected e ON e.account = b.account AND e.currency = b.currency
        WHERE COALESCE(b.account, e.account) LIKE 'user:%'
          AND COALESCE(b.locked, 0) <> COALESCE(e.amount, 0)`,
    (r) => `${r.account} ${r.currency}: locked ${r.locked}, reserves + escrow + withdrawals ${r.expected}`,
  );
}

async function tradeSettlesOnce(check: Check): Promise<void> {
  // 5. A trade moves money at most once, and a settled trade has exactly its one settlement.
  await check(
    '5 one settlement',
    sql`SELECT t.id, t.settlement, COUNT(l.id) AS postings,
               string_agg(l.kind, ',') AS kinds
        FROM trades t
        LEFT JOIN ledger_transactions l
          ON l.ref_id = t.id AND l.kind IN ('trade_release', 'trade_refund')
        GROUP BY t.id, t.settlement
        HAVING COUNT(l.id) > 1
            OR (t.settlement IS NULL AND COUNT(l.id) <> 0)
            OR (t.settlement IS NOT NULL AND COUNT(l.id) <> 1)
            OR (t.settlement = 'released' AND string_agg(l.kind, ',') <> 'trade_release')
            OR (t.settlement = 'refunded' AND string_agg(l.kind, ',') <> 'trade_refund')`,
    (r) => `trade ${r.id} settlement ${r.settlement} with postings [${r.kinds ?? ''}]`,
  );
}

async function depositCreditedOnce(check: Check): Promise<void> {
  // 5 (money in). A deposit is credited at most once, exactly when its status says so, for
  // its amount to its owner (docs/decisions/011-custody.md).
  await check(
    '5 one deposit credit',
    sql`SELECT d.id, d.status, COUNT(DISTINCT l.id) AS postings,
               COALESCE(SUM(e.delta) FILTER (WHERE e.account = 'user:' || d.user_id::text
                                              AND e.currency = d.currency), 0)::text AS credited
        FROM deposits d
        LEFT JOIN ledger_transactions l ON l.ref_id = d.id AND l.kind = 'deposit'
        LEFT JOIN ledger_entries e ON e.tx_id = l.id
        GROUP BY d.id, d.status, d.amount
        HAVING COUNT(DISTINCT l.id) <> (CASE WHEN d.status = 'credited' THEN 1 ELSE 0 END)
            OR COALESCE(SUM(e.delta) FILTER (WHERE e.account = 'user:' || d.user_id::text
                                              AND e.currency = d.currency), 0)
               <> (CASE WHEN d.status = 'credited' THEN d.amount ELSE 0 END)`,
    (r) => `deposit ${r.id} ${r.status}: ${r.postings} postings crediting ${r.credited}`,
  );
}

async function swapSettlesOnce(check: Check): Promise<void> {
  // 5 (swaps). A swap has exactly its two postings, one per leg, moving exactly its amounts
  // between its two parties (docs/decisions/026-instant-swaps.md).
  await check(
    '5 one swap settlement',
    sql`WITH legs AS (
          SELECT s.id,
                 COUNT(DISTINCT l.id) FILTER (WHERE l.kind = 'swap_payment') AS payments,
                 COUNT(DISTINCT l.id) FILTER (WHERE l.kind = 'swap_delivery') AS deliveries,
                 COALESCE(SUM(e.delta) FILTER (WHERE l.kind = 'swap_payment' AND e.currency = s.paid_currency
                   AND e.account = 'user:' || s.maker_id::text), 0) AS maker_got,
                 COALESCE(SUM(e.delta) FILTER (WHERE l.kind = 'swap_delivery' AND e.currency = s.cryptocurrency
                   AND e.account = 'user:' || s.taker_id::text), 0) AS taker_got
          FROM swaps s
          LEFT JOIN ledger_transactions l ON l.ref_id = s.id AND l.kind IN ('swap_payment', 'swap_delivery')
          LEFT JOIN ledger_entries e ON e.tx_id = l.id
          GROUP BY s.id)
        SELECT legs.id, legs.payments, legs.deliveries, legs.maker_got::text, legs.taker_got::text
        FROM legs JOIN swaps s ON s.id = legs.id
        WHERE legs.payments <> 1 OR legs.deliveries <> 1 OR legs.maker_got <> s.amount_paid
           OR legs.taker_got <> s.amount_crypto - s.fee_amount`,
    (r) =>
      `swap ${r.id}: ${r.payments} payments, ${r.deliveries} deliveries; maker got ${r.maker_got}, taker got ${r.taker_got}`,
  );
}

type Check = (
  invariant: string,
  query: ReturnType<typeof sql>,
  describe: (row: Record<string, unknown>) => string,
) => Promise<void>;

/**
 * 5, for withdrawals: the postings a withdrawal has are exactly those its status implies.
 * A queued one has its lock only; a completed external one its lock and its completion; a
 * cancelled, rejected or failed one its lock and its unlock; an internal transfer the one
 * transfer. Amounts must match the row.
 */
async function withdrawalPostings(check: Check) {
  await check(
    '5 withdrawal postings',
    sql`WITH p AS (
          SELECT l.ref_id, string_agg(l.kind, ',' ORDER BY l.kind) AS kinds
          FROM ledger_transactions l
          WHERE l.kind IN ('withdrawal_lock', 'withdrawal_unlock', 'withdrawal_complete', 'internal_transfer')
          GROUP BY l.ref_id)
        SELECT w.id, w.status, w.recipient_id IS NOT NULL AS internal, COALESCE(p.kinds, '') AS kinds
        FROM withdrawals w LEFT JOIN p ON p.ref_id = w.id
        WHERE COALESCE(p.kinds, '') <> CASE
          WHEN w.recipient_id IS NOT NULL THEN 'internal_transfer'
          WHEN w.status IN ('PENDING', 'APPROVED', 'PROCESSING') THEN 'withdrawal_lock'
          WHEN w.status = 'COMPLETED' THEN 'withdrawal_complete,withdrawal_lock'
          ELSE 'withdrawal_lock,withdrawal_unlock' END`,
    (r) => `withdrawal ${r.id} ${r.status}${r.internal ? ' (internal)' : ''} with postings [${r.kinds}]`,
  );
  await check(
    '5 withdrawal amounts',
    sql`SELECT w.id, l.kind, e.delta::text AS delta, (w.amount + w.fee)::text AS expected
        FROM withdrawals w
        JOIN ledger_transactions l ON l.ref_id = w.id AND l.kind IN ('withdrawal_lock', 'withdrawal_unlock',
          'withdrawal_complete', 'internal_transfer')
        JOIN ledger_entries e ON e.tx_id = l.id AND e.account = 'user:' || w.user_id::text
        WHERE abs(e.delta) <> w.amount + w.fee`,
    (r) => `withdrawal ${r.id} ${r.kind} moved ${r.delta}, expected ${r.expected}`,
  );
}
