import type { Cryptocurrency } from '@p2p/shared';
import { and, asc, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { balances, ledgerEntries, ledgerTransactions } from '../../db/schema.ts';
import { AppError, assert } from '../../errors.ts';

/**
 * The ledger: the only code that moves money (DESIGN §2). Balances are a cache of an
 * append-only journal; every posting is balanced per currency and runs inside the caller's
 * transaction, locking the balance rows it touches in a fixed order.
 */

export type Account = `user:${string}` | 'fees' | 'external';
export type Bucket = 'available' | 'locked';
export const userAccount = (userId: string): Account => `user:${userId}`;

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
  | 'internal_transfer';

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

export const INSUFFICIENT_BALANCE = 'Недостаточно средств на балансе';

/** Records a balanced posting and applies it to balances. Returns the ledger transaction id. */
export async function post(tx: Tx, posting: Posting, now: Date): Promise<string> {
  const merged = mergeMovements(posting.movements);
  const total = merged.reduce((sum, m) => sum + m.delta, 0n);
  assert(total === 0n, `posting ${posting.kind} is unbalanced by ${total}`);
  assert(
    merged.every((m) => m.delta !== 0n),
    'zero movement survived merging',
  );

  const accounts = [...new Set(merged.map((m) => m.account))].sort();
  if (accounts.length > 0) {
    await tx
      .insert(balances)
      .values(accounts.map((account) => ({ account, currency: posting.currency, updatedAt: now })))
      .onConflictDoNothing();
    // Rows are locked in account order, so concurrent postings never deadlock.
    const rows = await tx
      .select()
      .from(balances)
      .where(and(inArray(balances.account, accounts), sql`${balances.currency} = ${posting.currency}`))
      .orderBy(asc(balances.account))
      .for('update');
    assert(rows.length === accounts.length, 'balance rows missing after upsert');
    for (const row of rows) {
      let available = row.available;
      let locked = row.locked;
      for (const m of merged) {
        if (m.account !== row.account) continue;
        if (m.bucket === 'available') available += m.delta;
        else locked += m.delta;
      }
      if (row.account !== 'external' && (available < 0n || locked < 0n)) {
        throw new AppError('INSUFFICIENT_BALANCE', INSUFFICIENT_BALANCE, {
          currency: posting.currency,
        });
      }
      await tx
        .update(balances)
        .set({ available, locked, updatedAt: now })
        .where(
          and(sql`${balances.account} = ${row.account}`, sql`${balances.currency} = ${posting.currency}`),
        );
    }
  }

  const [header] = await tx
    .insert(ledgerTransactions)
    .values({ kind: posting.kind, refType: posting.refType, refId: posting.refId, createdAt: now })
    .returning({ id: ledgerTransactions.id });
  assert(header, 'ledger transaction insert returned nothing');
  if (merged.length > 0) {
    await tx.insert(ledgerEntries).values(
      merged.map((m) => ({
        txId: header.id,
        account: m.account,
        currency: posting.currency,
        bucket: m.bucket,
        delta: m.delta,
        reason: posting.reason,
        createdAt: now,
      })),
    );
  }
  return header.id;
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

/** Outside money enters a user's available balance (admin credit, deposit). */
export function credit(
  tx: Tx,
  userId: string,
  currency: Cryptocurrency,
  amount: bigint,
  ref: Ref,
  now: Date,
) {
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
  userId: string,
  currency: Cryptocurrency,
  amount: bigint,
  ref: Ref & { refType: 'deposit'; refId: string },
  now: Date,
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
export function debit(tx: Tx, userId: string, currency: Cryptocurrency, amount: bigint, ref: Ref, now: Date) {
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
  kind: LedgerKind,
  from: Bucket,
  userId: string,
  currency: Cryptocurrency,
  amount: bigint,
  ref: Ref,
  now: Date,
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
export function lock(
  tx: Tx,
  kind: 'order_reserve' | 'escrow_lock',
  userId: string,
  currency: Cryptocurrency,
  amount: bigint,
  ref: Ref,
  now: Date,
) {
  return moveBetweenBuckets(tx, kind, 'available', userId, currency, amount, ref, now);
}

/** locked -> available within one user's account (order reserve released). */
export function unlock(
  tx: Tx,
  kind: 'order_release',
  userId: string,
  currency: Cryptocurrency,
  amount: bigint,
  ref: Ref,
  now: Date,
) {
  return moveBetweenBuckets(tx, kind, 'locked', userId, currency, amount, ref, now);
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
  return moveBetweenBuckets(
    tx,
    'withdrawal_lock',
    'available',
    w.userId,
    w.currency,
    total,
    withdrawalRef(w, 'Withdrawal requested'),
    now,
  );
}

/** Cancelled, rejected or failed: the held amount + fee returns to available. */
export function unlockWithdrawal(tx: Tx, w: WithdrawalMoney, reason: string, now: Date) {
  const total = withdrawalTotal(w);
  return moveBetweenBuckets(
    tx,
    'withdrawal_unlock',
    'locked',
    w.userId,
    w.currency,
    total,
    withdrawalRef(w, reason),
    now,
  );
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
