import type { MessageKey, TradeRole } from '@p2p/shared';
import type { TradeRow } from '../../db/schema.ts';

/** Told to anyone who may not see a trade, so a stranger cannot learn that it exists. */
export const TRADE_NOT_FOUND = 'errors.tradeNotFound' satisfies MessageKey;

export function roleOf(trade: Pick<TradeRow, 'buyerId' | 'sellerId'>, userId: string): TradeRole {
  if (trade.buyerId === userId) return 'buyer';
  if (trade.sellerId === userId) return 'seller';
  return 'observer';
}

/**
 * Staff observe a trade (its details, chat and receipts) only once it has gone to dispute,
 * and from then on for good: a resolved dispute stays reviewable. Before that the trade is
 * private to its two parties and staff are told it does not exist (docs/decisions/010).
 */
export function staffMayObserve(trade: Pick<TradeRow, 'disputedAt'>): boolean {
  return trade.disputedAt !== null;
}
