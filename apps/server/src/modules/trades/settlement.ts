import {
  ACTION_NOT_AVAILABLE,
  type Actor,
  type Cryptocurrency,
  feeFor,
  nextState,
  type TradeAction,
} from '@p2p/shared';
import type { Tx } from '../../db/client.ts';
import type { OrderRow, TradeRow } from '../../db/schema.ts';
import { AppError, assert } from '../../errors.ts';
import { toChatMessage } from '../chat/chat-view.ts';
import { insertSystemMessage } from '../chat/system-messages.ts';
import * as ledger from '../ledger/ledger.ts';
import { addCompletedTrade, countOpenTrades, lockOrder, updateOrder } from '../orders/orders.repository.ts';
import type { PendingEvents } from '../realtime/notifier.ts';
import { applyTradeCounters } from '../users/reputation-counters.ts';
import { insertAction, type NewTrade, updateTrade } from './trades.repository.ts';

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

/**
 * Applies one transition of the machine to a locked trade: checks the table, moves money
 * for final states, writes the new state, the history line and the SYSTEM chat line. Same
 * transaction as the lock. The realtime events go into `events`, which the caller publishes
 * after the transaction committed (without it the parties hear nothing).
 */
export async function transition(
  tx: Tx,
  trade: TradeRow,
  action: TradeAction,
  actor: Actor,
  actorId: string | null,
  now: Date,
  feePpm: bigint,
  patch: Partial<NewTrade> = {},
  events?: PendingEvents,
): Promise<TradeRow> {
  const to = nextState(trade.status, action, actor);
  if (!to) throw new AppError('ACTION_NOT_AVAILABLE', ACTION_NOT_AVAILABLE, { status: trade.status, action });
  const changes: Partial<NewTrade> = { ...patch, status: to, updatedAt: now };
  const settlement =
    to === 'COMPLETED'
      ? await release(tx, trade, now, feePpm)
      : to === 'CANCELLED'
        ? await refund(tx, trade, now)
        : null;
  if (settlement) Object.assign(changes, settlement.changes);
  const updated = await updateTrade(tx, trade.id, changes);
  await applyTradeCounters(tx, updated, action, actor);
  await insertAction(tx, {
    tradeId: trade.id,
    actorId,
    actorRole: actor,
    action,
    fromStatus: trade.status,
    toStatus: to,
    description: DESCRIPTIONS[action],
    createdAt: now,
  });
  const line = await insertSystemMessage(tx, trade.id, action, actor, now);
  // Money moves last: the balance rows it locks (the fee account is shared by every release)
  // stay locked only until the commit that follows.
  if (settlement) await settlement.postLedger();
  events?.toUsers([trade.buyerId, trade.sellerId], 'trade:updated', {
    tradeId: trade.id,
    status: to,
    previousStatus: trade.status,
    action,
    actor,
  });
  events?.toTrade(trade.id, 'message:new', { tradeId: trade.id, message: toChatMessage(line, null) });
  if (events && settlement) {
    // Settling gave the order volume back or may have completed it: its owner refetches.
    events.toUsers([settlement.order.userId], 'order:updated', {
      orderId: settlement.order.id,
      status: settlement.order.status,
    });
  }
  return updated;
}

/** What settling a trade changes, and its ledger posting, run last in the transaction. */
interface Settlement {
  changes: Partial<NewTrade>;
  order: OrderRow;
  postLedger: () => Promise<string>;
}

async function release(tx: Tx, trade: TradeRow, now: Date, feePpm: bigint): Promise<Settlement> {
  assert(
    trade.settlement === null && trade.escrowAmount === trade.amountCrypto,
    `trade ${trade.id} already settled`,
  );
  // Lock order: trade, then order, then balances (as open, refund and order deletion do).
  // Locking the order after the balances deadlocked against a deletion of the same order
  // or a new trade on it by the same seller.
  const locked = await lockOrder(tx, trade.orderId);
  assert(locked, `trade ${trade.id} has no order`);
  const fee = feeFor(trade.amountCrypto, feePpm);
  // The order is complete once nothing is left to sell and no other trade is open
  // (this trade is still counted as open here).
  const filled =
    locked.availableAmount === 0n &&
    (locked.status === 'active' || locked.status === 'paused') &&
    (await countOpenTrades(tx, locked.id)) <= 1;
  // The book shows each order's completed trades: counted here, where the order is locked.
  const order = await addCompletedTrade(tx, locked.id, filled ? { status: 'completed', updatedAt: now } : {});
  assert(order.completedTrades === locked.completedTrades + 1, `order ${order.id} count skipped`);
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
    postLedger: () => ledger.releaseEscrow(tx, escrow, now),
  };
}

async function refund(tx: Tx, trade: TradeRow, now: Date): Promise<Settlement> {
  assert(
    trade.settlement === null && trade.escrowAmount === trade.amountCrypto,
    `trade ${trade.id} already settled`,
  );
  const locked = await lockOrder(tx, trade.orderId);
  assert(locked, `trade ${trade.id} has no order`);
  const orderLive = locked.status === 'active' || locked.status === 'paused';
  const toReserve = trade.escrowSource === 'order_reserve' && orderLive;
  // The amount is offered again; for a closed order it only restores the bookkeeping.
  const order = await updateOrder(tx, locked.id, {
    availableAmount: locked.availableAmount + trade.amountCrypto,
    updatedAt: now,
  });
  const escrow = {
    id: trade.id,
    sellerId: trade.sellerId,
    currency: trade.cryptocurrency as Cryptocurrency,
    amount: trade.amountCrypto,
  };
  return {
    changes: { escrowAmount: 0n, settlement: 'refunded', cancelledAt: now },
    order,
    postLedger: () => ledger.refundEscrow(tx, escrow, toReserve, now),
  };
}
