import { type Actor, type Cryptocurrency, feeFor, nextState, type TradeAction } from '@p2p/shared';
import type { Tx } from '../../db/client.ts';
import type { OrderRow, TradeRow } from '../../db/schema.ts';
import { AppError, assert } from '../../errors.ts';
import type { PendingEvents } from '../../events/notifier.ts';
import { systemMessageRow, systemMessageValues, toChatMessage } from '../chat/index.ts';
import * as ledger from '../ledger/index.ts';
import { pairMonthsStatement } from '../limits/index.ts';
import { lockOrder } from '../orders/index.ts';
import { applyCompletionCounters, tradeCountersStatement } from '../users/index.ts';
import { payerAccountChanges } from './payer-accounts.repository.ts';
import {
  type NewTrade,
  type OrderEffect,
  rowAfter,
  type writeTransition,
  writeTransitionAhead,
  writeTransitionThen,
} from './trades.repository.ts';

const DESCRIPTIONS: Record<TradeAction, string> = {
  mark_paid: 'Покупатель отметил оплату',
  confirm_payment: 'Продавец подтвердил получение оплаты',
  release_crypto: 'Продавец отправил криптовалюту покупателю',
  cancel_trade: 'Сделка отменена',
  dispute_trade: 'Открыт спор',
  expire: 'Время на оплату истекло, сделка отменена',
  auto_release: 'Криптовалюта отправлена автоматически',
  resolve_release: 'Модератор завершил спор в пользу покупателя',
  resolve_refund: 'Модератор завершил спор в пользу продавца',
};

/** What one transition needs: the locked trade, who acts, and where its events go. */
export interface TransitionInput {
  tx: Tx;
  /** The trade, locked by the caller in this transaction. */
  trade: TradeRow;
  action: TradeAction;
  actor: Actor;
  /** The acting user or staff member; null for the system. */
  actorId: string | null;
  now: Date;
  feePpm: bigint;
  /** Columns written with the new state (payer account, notes...). */
  patch?: Partial<NewTrade>;
  /**
   * Where the realtime events go; the caller publishes them after the transaction committed.
   * Required: a transition the parties never hear of is a bug, not a default.
   */
  events: PendingEvents;
  /** The trade's order, when the caller locked it together with the trade. */
  lockedOrder?: OrderRow | undefined;
}

/**
 * Applies one transition of the machine to a locked trade: checks the table, moves money
 * for final states, writes the new state, the history line and the SYSTEM chat line. Same
 * transaction as the lock.
 */
export async function transition(input: TransitionInput): Promise<TradeRow> {
  return (await applyTransition(input, null)).trade;
}

/**
 * `transition`, then `answer`: the transaction's last statement (the events and the caller's
 * view, which may carry the COMMIT), given the trade as the transition leaves it. A transition
 * that moves no money needs nothing its write answers before `answer`'s statement: the trade
 * row is locked, so it becomes the locked row with the transition's changes, and the events it
 * decides are known beforehand. Its write then rides ahead of `answer`'s statement, one round
 * trip for both (docs/decisions/060).
 */
export async function transitionAnswering<T>(
  input: TransitionInput,
  answer: (trade: TradeRow) => Promise<T>,
): Promise<T> {
  return (await applyTransition(input, answer)).answer as T;
}

async function applyTransition<T>(
  { tx, trade, action, actor, actorId, now, feePpm, patch = {}, events, lockedOrder }: TransitionInput,
  answer: ((trade: TradeRow) => Promise<T>) | null,
): Promise<{ trade: TradeRow; answer: T | null }> {
  const to = nextState(trade.status, action, actor);
  if (!to)
    throw new AppError('ACTION_NOT_AVAILABLE', 'errors.actionNotAvailable', undefined, {
      status: trade.status,
      action,
    });
  const changes: Partial<NewTrade> = { ...patch, status: to, updatedAt: now };
  const settlement =
    to === 'COMPLETED'
      ? await release(tx, { trade, now, feePpm, locked: lockedOrder })
      : to === 'CANCELLED'
        ? await refund(tx, trade, now, lockedOrder)
        : null;
  if (settlement) Object.assign(changes, settlement.changes);
  const message = systemMessageValues(trade.id, action, actor, now);
  const updateEvent = {
    tradeId: trade.id,
    status: to,
    previousStatus: trade.status,
    action,
    actor,
  } as const;
  const writing = writingOf({ trade, action, actor, actorId, now }, { to, changes, settlement, message });
  if (!settlement && answer) {
    events.toParties(trade, 'trade:updated', updateEvent);
    const [written, answered] = await writeTransitionAhead(tx, writing, () =>
      answer(rowAfter(trade, changes)),
    );
    // The transaction may have committed with `answer`'s statement: nothing here may throw. The
    // chat line's number, for the sockets, is the one thing taken from the write's answer.
    events.toTrade(trade.id, 'message:new', {
      tradeId: trade.id,
      message: toChatMessage(systemMessageRow(message, written.messageSeq), null),
    });
    return { trade: written.trade, answer: answered };
  }
  const after: (() => Promise<unknown>)[] = [];
  // The parties' counted trades from the pair rows that write moved (docs/decisions/035).
  if (to === 'COMPLETED') after.push(() => applyCompletionCounters(tx, [trade.buyerId, trade.sellerId]));
  // Money moves last: the balance rows it locks stay locked only until the commit that follows.
  if (settlement) after.push(settlement.postLedger);
  // In one round trip, in this order: none needs what the others answer (docs/decisions/060). The
  // posting's checks run on its answer before anything else is sent, the COMMIT last of all.
  const written = await writeTransitionThen(tx, writing, after);
  const updated = written.trade;
  assert(updated.status === to, `trade ${trade.id} wrote ${updated.status}, expected ${to}`);
  events.toParties(trade, 'trade:updated', updateEvent);
  const line = systemMessageRow(message, written.messageSeq);
  events.toTrade(trade.id, 'message:new', { tradeId: trade.id, message: toChatMessage(line, null) });
  if (settlement) {
    // Settling gave the order volume back or may have completed it: its owner refetches.
    events.toUsers([settlement.order.userId], 'order:updated', {
      orderId: settlement.order.id,
      status: written.orderStatus ?? settlement.order.status,
    });
  }
  return { trade: updated, answer: answer ? await answer(updated) : null };
}

/** The new state, the history line, the chat line and the order's side: one statement. */
function writingOf(
  t: Pick<TransitionInput, 'trade' | 'action' | 'actor' | 'actorId' | 'now'>,
  w: {
    to: TradeRow['status'];
    changes: Partial<NewTrade>;
    settlement: Settlement | null;
    message: ReturnType<typeof systemMessageValues>;
  },
): Parameters<typeof writeTransition>[1] {
  const { trade, action, actor, now } = t;
  const { to, changes } = w;
  return {
    tradeId: trade.id,
    changes,
    action: {
      tradeId: trade.id,
      actorId: t.actorId,
      actorRole: actor,
      action,
      fromStatus: trade.status,
      toStatus: to,
      description: DESCRIPTIONS[action],
      createdAt: now,
    },
    message: w.message,
    order: w.settlement?.orderEffect ?? null,
    // The parties' reputation counters, from the trade as this write leaves it.
    counters: tradeCountersStatement({ ...trade, ...changes }, action, actor),
    // A completion counts towards the limits once per pair and month (docs/decisions/035).
    pairs:
      to === 'COMPLETED' ? pairMonthsStatement({ ...trade, completedAt: changes.completedAt ?? now }) : null,
    // The payer account's history (docs/decisions/052): named by mark_paid, completed here.
    payers: payerAccountChanges(trade, { ...trade, ...changes, status: to }),
  };
}

/** What settling a trade changes, and its ledger posting, run last in the transaction. */
interface Settlement {
  changes: Partial<NewTrade>;
  /** The order as locked, before this transition's change to it. */
  order: OrderRow;
  orderEffect: OrderEffect | null;
  postLedger: () => Promise<string>;
}

async function lockedOrderOf(tx: Tx, trade: TradeRow, locked: OrderRow | undefined): Promise<OrderRow> {
  // Lock order: trade, then order, then balances (as open, refund and order deletion do).
  // Locking the order after the balances deadlocked against a deletion of the same order
  // or a new trade on it by the same seller.
  const order = locked ?? (await lockOrder(tx, trade.orderId));
  assert(order, `trade ${trade.id} has no order`);
  assert(order.id === trade.orderId, `trade ${trade.id} settled against order ${order.id}`);
  return order;
}

async function release(
  tx: Tx,
  {
    trade,
    now,
    feePpm,
    locked,
  }: { trade: TradeRow; now: Date; feePpm: bigint; locked: OrderRow | undefined },
): Promise<Settlement> {
  assert(
    trade.settlement === null && trade.escrowAmount === trade.amountCrypto,
    `trade ${trade.id} already settled`,
  );
  const order = await lockedOrderOf(tx, trade, locked);
  const fee = feeFor(trade.amountCrypto, feePpm);
  // The transition's statement counts this completed trade on the order and completes the
  // order once nothing is left to sell and no other trade is open, under the order's lock.
  const escrow = {
    id: trade.id,
    sellerId: trade.sellerId,
    buyerId: trade.buyerId,
    currency: trade.cryptocurrency as Cryptocurrency,
    amount: trade.amountCrypto,
    fee,
  };
  return {
    changes: { escrowAmount: 0n, settlement: 'released', feeAmount: fee, completedAt: now },
    order,
    orderEffect: { kind: 'count_completed', orderId: order.id, now },
    postLedger: () => ledger.releaseEscrow(tx, escrow, now),
  };
}

async function refund(tx: Tx, trade: TradeRow, now: Date, locked: OrderRow | undefined): Promise<Settlement> {
  assert(
    trade.settlement === null && trade.escrowAmount === trade.amountCrypto,
    `trade ${trade.id} already settled`,
  );
  const order = await lockedOrderOf(tx, trade, locked);
  const orderLive = order.status === 'active' || order.status === 'paused';
  const toReserve = trade.escrowSource === 'order_reserve' && orderLive;
  const escrow = {
    id: trade.id,
    sellerId: trade.sellerId,
    currency: trade.cryptocurrency as Cryptocurrency,
    amount: trade.amountCrypto,
  };
  return {
    changes: { escrowAmount: 0n, settlement: 'refunded', cancelledAt: now },
    order,
    // The amount is offered again; for a closed order it only restores the bookkeeping.
    orderEffect: { kind: 'give_back', orderId: order.id, amount: trade.amountCrypto, now },
    postLedger: () => ledger.refundEscrow(tx, escrow, toReserve, now),
  };
}
