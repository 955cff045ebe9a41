import type { Cryptocurrency } from '@p2p/shared';
import { type SQL, sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';
import { AppError, assert } from '../../errors.ts';

/**
 * The ledger: the only code that moves money (docs/ARCHITECTURE.md, Data). Balances are a cache of an
 * append-only journal; every posting is balanced per currency and runs inside the caller's
 * transaction, locking the balance rows it touches in a fixed order.
 */

/**
 * `fees` is what callers write; the ledger books it to one of FEE_BUCKETS accounts `fees:N`
 * chosen by the posting's reference, so concurrent releases do not queue on one balance row
 * (docs/decisions/020). The fee balance is the sum over `fees` and every `fees:N`.
 */
export type FeeAccount = 'fees' | `fees:${number}`;
export type Account = `user:${string}` | FeeAccount | 'external';
export type Bucket = 'available' | 'locked';
export const userAccount = (userId: string): Account => `user:${userId}`;

export const FEE_BUCKETS = 16;
/** The fee account of a posting: spread by the last hex digit of its reference (a random uuid). */
export function feeAccount(refId: string | undefined): FeeAccount {
  const digit = refId ? Number.parseInt(refId.slice(-1), 16) : 0;
  return `fees:${Number.isNaN(digit) ? 0 : digit % FEE_BUCKETS}`;
}
/** SQL predicate over a column holding account names: true for every fee account. */
export const FEE_ACCOUNT_SQL = (column: string) => `(${column} = 'fees' OR ${column} LIKE 'fees:%')`;

export type LedgerKind =
  | 'admin_credit'
  | 'admin_debit'
  | 'order_reserve'
  | 'order_release'
  | 'escrow_lock'
  | 'trade_release'
  | 'trade_refund'
  | 'deposit'
  | 'withdrawal_lock'
  | 'withdrawal_unlock'
  | 'withdrawal_complete'
  | 'internal_transfer'
  | 'swap_delivery'
  | 'swap_payment';

export interface Movement {
  account: Account;
  bucket: Bucket;
  delta: bigint;
}

export interface Posting {
  kind: LedgerKind;
  currency: Cryptocurrency;
  reason: string;
  refType?: string;
  refId?: string;
  movements: Movement[];
}

/**
 * Records a balanced posting and applies it to balances, in one statement. Returns the
 * ledger transaction id. Refused with INSUFFICIENT_BALANCE, writing nothing and leaving the
 * transaction usable, when any non-external balance would go below zero.
 */
export async function post(tx: Tx, posting: Posting, now: Date): Promise<string> {
  const fees = feeAccount(posting.refId);
  const merged = mergeMovements(
    posting.movements.map((m) => (m.account === 'fees' ? { ...m, account: fees } : m)),
  );
  const total = merged.reduce((sum, m) => sum + m.delta, 0n);
  assert(total === 0n, `posting ${posting.kind} is unbalanced by ${total}`);
  assert(
    merged.every((m) => m.delta !== 0n),
    'zero movement survived merging',
  );
  const header = sql`${posting.kind}::text, ${posting.refType ?? null}::text, ${posting.refId ?? null}::uuid,
    ${now}::timestamptz`;
  if (merged.length === 0) {
    const [row] = await queryRows<{ id: string }>(
      tx,
      sql`INSERT INTO ledger_transactions (kind, ref_type, ref_id, created_at) VALUES (${header}) RETURNING id`,
    );
    assert(row, 'ledger transaction insert returned nothing');
    return row.id;
  }
  const accounts = new Set(merged.map((m) => m.account)).size;
  const [result] = await queryRows<PostingResult>(tx, postingStatement(posting, merged, header, now));
  assert(result, 'posting statement returned nothing');
  if (result.short !== null) {
    throw new AppError('INSUFFICIENT_BALANCE', 'errors.insufficientBalance', undefined, {
      currency: posting.currency,
    });
  }
  assert(result.tx_id, `posting ${posting.kind} wrote no header`);
  assert(
    Number(result.applied) === accounts,
    `posting ${posting.kind} applied ${result.applied}/${accounts}`,
  );
  assert(Number(result.entries) === merged.length, `posting ${posting.kind} wrote ${result.entries} entries`);
  assert(result.non_negative === true, `posting ${posting.kind} left a balance below zero`);
  return result.tx_id;
}

interface PostingResult {
  tx_id: string | null;
  short: string | null;
  applied: string | number;
  entries: string | number;
  non_negative: boolean | null;
}

/**
 * The posting as one statement: lock the existing balance rows in account order (concurrent
 * postings never deadlock), refuse when a balance would go negative (then nothing below
 * writes), upsert the balances in account order, insert the header and the entries. A new
 * row is inserted with its deltas (never negative: the refusal counts a missing row as 0);
 * an existing one is proposed as zeros, which the CHECK accepts, and takes its deltas in the
 * conflict branch, on the row version it holds locked.
 */
function postingStatement(posting: Posting, merged: Movement[], header: SQL, now: Date): SQL {
  const movements = sql.join(
    merged.map((m) => sql`(${m.account}::text, ${m.bucket}::text, ${m.delta.toString()}::bigint)`),
    sql`, `,
  );
  const currency = posting.currency;
  return sql`WITH m (account, bucket, delta) AS (VALUES ${movements}),
    d AS (
      SELECT account,
             COALESCE(SUM(delta) FILTER (WHERE bucket = 'available'), 0)::bigint AS available,
             COALESCE(SUM(delta) FILTER (WHERE bucket = 'locked'), 0)::bigint AS locked
      FROM m GROUP BY account),
    held AS MATERIALIZED (
      SELECT b.account, b.available, b.locked FROM balances b
      WHERE b.currency = ${currency}::text AND b.account IN (SELECT account FROM d)
      ORDER BY b.account FOR UPDATE OF b),
    short AS MATERIALIZED (
      SELECT d.account FROM d LEFT JOIN held h ON h.account = d.account
      WHERE d.account <> 'external'
        AND (COALESCE(h.available, 0) + d.available < 0 OR COALESCE(h.locked, 0) + d.locked < 0)),
    applied AS (
      INSERT INTO balances (account, currency, available, locked, updated_at)
      SELECT d.account, ${currency}::text,
             CASE WHEN h.account IS NULL THEN d.available ELSE 0 END,
             CASE WHEN h.account IS NULL THEN d.locked ELSE 0 END, ${now}::timestamptz
      FROM d LEFT JOIN held h ON h.account = d.account
      WHERE NOT EXISTS (SELECT 1 FROM short) ORDER BY d.account
      ON CONFLICT (account, currency) DO UPDATE
        SET available = balances.available + (SELECT d.available FROM d WHERE d.account = EXCLUDED.account),
            locked = balances.locked + (SELECT d.locked FROM d WHERE d.account = EXCLUDED.account),
            updated_at = EXCLUDED.updated_at
      RETURNING account, available, locked),
    header AS (
      INSERT INTO ledger_transactions (kind, ref_type, ref_id, created_at)
      SELECT ${header} WHERE NOT EXISTS (SELECT 1 FROM short)
      RETURNING id),
    entries AS (
      INSERT INTO ledger_entries (tx_id, account, currency, bucket, delta, reason, created_at)
      SELECT header.id, m.account, ${currency}::text, m.bucket, m.delta, ${posting.reason}::text,
             ${now}::timestamptz
      FROM header CROSS JOIN m
      RETURNING 1)
    SELECT (SELECT id FROM header) AS tx_id,
           (SELECT string_agg(account, ',') FROM short) AS short,
           (SELECT COUNT(*) FROM applied) AS applied,
           (SELECT COUNT(*) FROM entries) AS entries,
           (SELECT COALESCE(bool_and(account = 'external' OR (available >= 0 AND locked >= 0)), TRUE)
              FROM applied) AS non_negative`;
}

function mergeMovements(movements: Movement[]): Movement[] {
  const byKey = new Map<string, Movement>();
  for (const m of movements) {
    const key = `${m.account}|${m.bucket}`;
    const prev = byKey.get(key);
    byKey.set(key, { ...m, delta: (prev?.delta ?? 0n) + m.delta });
  }
  return [...byKey.values()].filter((m) => m.delta !== 0n);
}

function positive(amount: bigint, what: string) {
  assert(amount > 0n, `${what} must be positive, got ${amount}`);
}

interface Ref {
  refType?: string;
  refId?: string;
  reason: string;
}

/** An amount of one user's account, why it moves, and when. */
export interface UserMovement {
  userId: string;
  currency: Cryptocurrency;
  amount: bigint;
  ref: Ref;
  now: Date;
}

/** Outside money enters a user's available balance (admin credit, deposit). */
export function credit(tx: Tx, { userId, currency, amount, ref, now }: UserMovement) {
  positive(amount, 'credit');
  return post(
    tx,
    {
      kind: 'admin_credit',
      currency,
      ...ref,
      movements: [
        { account: 'external', bucket: 'available', delta: -amount },
        { account: userAccount(userId), bucket: 'available', delta: amount },
      ],
    },
    now,
  );
}

/**
 * A confirmed on-chain deposit enters the user's available balance from `external`. The caller
 * guarantees once-only (the deposit row's unique key, locked in the same transaction).
 */
export function creditDeposit(
  tx: Tx,
  { userId, currency, amount, ref, now }: UserMovement & { ref: Ref & { refType: 'deposit'; refId: string } },
) {
  positive(amount, 'deposit');
  return post(
    tx,
    {
      kind: 'deposit',
      currency,
      ...ref,
      movements: [
        { account: 'external', bucket: 'available', delta: -amount },
        { account: userAccount(userId), bucket: 'available', delta: amount },
      ],
    },
    now,
  );
}

/** Money leaves a user's available balance to the outside. Never below zero. */
export function debit(tx: Tx, { userId, currency, amount, ref, now }: UserMovement) {
  positive(amount, 'debit');
  return post(
    tx,
    {
      kind: 'admin_debit',
      currency,
      ...ref,
      movements: [
        { account: userAccount(userId), bucket: 'available', delta: -amount },
        { account: 'external', bucket: 'available', delta: amount },
      ],
    },
    now,
  );
}

/** Moves `amount` between the two buckets of one user's account. */
function moveBetweenBuckets(
  tx: Tx,
  { kind, from, userId, currency, amount, ref, now }: UserMovement & { kind: LedgerKind; from: Bucket },
) {
  positive(amount, kind);
  const account = userAccount(userId);
  const to: Bucket = from === 'available' ? 'locked' : 'available';
  return post(
    tx,
    {
      kind,
      currency,
      ...ref,
      movements: [
        { account, bucket: from, delta: -amount },
        { account, bucket: to, delta: amount },
      ],
    },
    now,
  );
}

/** available -> locked within one user's account (order reserve, escrow from balance). */
export function lock(tx: Tx, movement: UserMovement & { kind: 'order_reserve' | 'escrow_lock' }) {
  return moveBetweenBuckets(tx, { ...movement, from: 'available' });
}

/** locked -> available within one user's account (order reserve released). */
export function unlock(tx: Tx, movement: UserMovement & { kind: 'order_release' }) {
  return moveBetweenBuckets(tx, { ...movement, from: 'locked' });
}

/** Escrow -> buyer, minus the platform fee -> fees. One per trade, ever (unique index). */
export function releaseEscrow(
  tx: Tx,
  trade: {
    id: string;
    sellerId: string;
    buyerId: string;
    currency: Cryptocurrency;
    amount: bigint;
    fee: bigint;
  },
  now: Date,
) {
  positive(trade.amount, 'escrow');
  assert(trade.fee >= 0n && trade.fee < trade.amount, `fee ${trade.fee} out of range for ${trade.amount}`);
  const movements: Movement[] = [
    { account: userAccount(trade.sellerId), bucket: 'locked', delta: -trade.amount },
    { account: userAccount(trade.buyerId), bucket: 'available', delta: trade.amount - trade.fee },
  ];
  if (trade.fee > 0n) movements.push({ account: 'fees', bucket: 'available', delta: trade.fee });
  return post(
    tx,
    {
      kind: 'trade_release',
      currency: trade.currency,
      reason: 'Release of trade escrow',
      refType: 'trade',
      refId: trade.id,
      movements,
    },
    now,
  );
}

/**
 * Escrow back to the seller side. Into a live order's reserve the coins stay locked (the
 * journal records the refund with no movement); otherwise they return to the seller's
 * available balance. One per trade, ever (unique index).
 */
export function refundEscrow(
  tx: Tx,
  trade: { id: string; sellerId: string; currency: Cryptocurrency; amount: bigint },
  toOrderReserve: boolean,
  now: Date,
) {
  positive(trade.amount, 'escrow');
  const account = userAccount(trade.sellerId);
  return post(
    tx,
    {
      kind: 'trade_refund',
      currency: trade.currency,
      reason: toOrderReserve ? 'Escrow returned to the order reserve' : 'Escrow returned to the seller',
      refType: 'trade',
      refId: trade.id,
      movements: toOrderReserve
        ? []
        : [
            { account, bucket: 'locked', delta: -trade.amount },
            { account, bucket: 'available', delta: trade.amount },
          ],
    },
    now,
  );
}

/** A withdrawal as the ledger sees it: who, what, how much, and the network fee on top. */
export interface WithdrawalMoney {
  id: string;
  userId: string;
  currency: Cryptocurrency;
  amount: bigint;
  fee: bigint;
}

function withdrawalTotal(w: WithdrawalMoney): bigint {
  positive(w.amount, 'withdrawal amount');
  assert(w.fee >= 0n, `withdrawal fee ${w.fee} is negative`);
  return w.amount + w.fee;
}

const withdrawalRef = (w: WithdrawalMoney, reason: string) =>
  ({ reason, refType: 'withdrawal', refId: w.id }) as const;

/**
 * A withdrawal request holds amount + fee: available -> locked. Once per withdrawal (unique
 * index); refused with INSUFFICIENT_BALANCE under the balance row lock when it does not fit.
 */
export function lockWithdrawal(tx: Tx, w: WithdrawalMoney, now: Date) {
  const total = withdrawalTotal(w);
  return moveBetweenBuckets(tx, {
    kind: 'withdrawal_lock',
    from: 'available',
    userId: w.userId,
    currency: w.currency,
    amount: total,
    ref: withdrawalRef(w, 'Withdrawal requested'),
    now,
  });
}

/** Cancelled, rejected or failed: the held amount + fee returns to available. */
export function unlockWithdrawal(tx: Tx, w: WithdrawalMoney, reason: string, now: Date) {
  const total = withdrawalTotal(w);
  return moveBetweenBuckets(tx, {
    kind: 'withdrawal_unlock',
    from: 'locked',
    userId: w.userId,
    currency: w.currency,
    amount: total,
    ref: withdrawalRef(w, reason),
    now,
  });
}

/**
 * Sent on chain: the held amount leaves to `external` and the fee goes to `fees`. At most one
 * of unlock/complete per withdrawal, ever (unique index).
 */
export function completeWithdrawal(tx: Tx, w: WithdrawalMoney, now: Date) {
  const total = withdrawalTotal(w);
  const movements: Movement[] = [
    { account: userAccount(w.userId), bucket: 'locked', delta: -total },
    { account: 'external', bucket: 'available', delta: w.amount },
  ];
  if (w.fee > 0n) movements.push({ account: 'fees', bucket: 'available', delta: w.fee });
  return post(
    tx,
    { kind: 'withdrawal_complete', currency: w.currency, ...withdrawalRef(w, 'Withdrawal sent'), movements },
    now,
  );
}

/**
 * A withdrawal to another user's deposit address never touches a chain: available to
 * available in one posting, no fee, never below zero for the sender.
 */
export function transferInternally(tx: Tx, w: WithdrawalMoney & { recipientId: string }, now: Date) {
  positive(w.amount, 'internal transfer');
  assert(w.fee === 0n, `internal transfer ${w.id} charges a fee of ${w.fee}`);
  assert(w.recipientId !== w.userId, `internal transfer ${w.id} to its own sender`);
  return post(
    tx,
    {
      kind: 'internal_transfer',
      currency: w.currency,
      ...withdrawalRef(w, 'Internal transfer'),
      movements: [
        { account: userAccount(w.userId), bucket: 'available', delta: -w.amount },
        { account: userAccount(w.recipientId), bucket: 'available', delta: w.amount },
      ],
    },
    now,
  );
}

/** One fill of a swap offer as the ledger sees it (docs/decisions/026-instant-swaps.md). */
export interface SwapMoney {
  id: string;
  makerId: string;
  takerId: string;
  /** The offered coin, out of the maker's order reserve. */
  cryptocurrency: Cryptocurrency;
  amountCrypto: bigint;
  /** The platform fee, taken from the offered coin the taker receives. */
  fee: bigint;
  paidCurrency: Cryptocurrency;
  amountPaid: bigint;
}

/**
 * Settles a swap: two postings, one per currency, each balanced, in the caller's transaction.
 * The payment first (taker available -> maker available), so a taker short of the payment coin
 * is refused with INSUFFICIENT_BALANCE before anything else moves; then the delivery (maker's
 * reserve -> taker available, the fee -> fees). Once per swap and leg, ever (unique index).
 */
export async function settleSwap(tx: Tx, swap: SwapMoney, now: Date): Promise<void> {
  positive(swap.amountCrypto, 'swap amount');
  positive(swap.amountPaid, 'swap payment');
  assert(swap.cryptocurrency !== swap.paidCurrency, `swap ${swap.id} pays ${swap.paidCurrency} for itself`);
  assert(swap.makerId !== swap.takerId, `swap ${swap.id} with its own maker`);
  assert(
    swap.fee >= 0n && swap.fee < swap.amountCrypto,
    `swap fee ${swap.fee} out of range for ${swap.amountCrypto}`,
  );
  const ref = { refType: 'swap', refId: swap.id } as const;
  await post(
    tx,
    {
      kind: 'swap_payment',
      currency: swap.paidCurrency,
      reason: 'Swap payment',
      ...ref,
      movements: [
        { account: userAccount(swap.takerId), bucket: 'available', delta: -swap.amountPaid },
        { account: userAccount(swap.makerId), bucket: 'available', delta: swap.amountPaid },
      ],
    },
    now,
  );
  const delivery: Movement[] = [
    { account: userAccount(swap.makerId), bucket: 'locked', delta: -swap.amountCrypto },
    { account: userAccount(swap.takerId), bucket: 'available', delta: swap.amountCrypto - swap.fee },
  ];
  if (swap.fee > 0n) delivery.push({ account: 'fees', bucket: 'available', delta: swap.fee });
  await post(
    tx,
    {
      kind: 'swap_delivery',
      currency: swap.cryptocurrency,
      reason: 'Swap delivery',
      ...ref,
      movements: delivery,
    },
    now,
  );
}
