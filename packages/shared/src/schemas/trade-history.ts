import { z } from 'zod';
import { CRYPTOCURRENCIES } from '../money.ts';
import { TRADE_STATUSES } from '../trade-machine.ts';
import { text } from './text.ts';

/**
 * Trade history: every trade of the user (soft-deleted ones too).
 *
 * Paths (bearer):
 *   GET /api/v1/trades/history?status&cryptocurrency&role&from&to&search&limit&offset -> Ok(TradeHistoryList)
 *   GET /api/v1/trades/history.csv?(same filters, no paging) -> text/csv attachment
 */

/** Status filter: the groups of the screen plus every exact status. */
export const TRADE_HISTORY_STATUS_FILTERS = [
  'active',
  'completed',
  'cancelled',
  'disputed',
  ...TRADE_STATUSES,
] as const;

export const TradeHistoryQuery = z.object({
  status: z.enum(TRADE_HISTORY_STATUS_FILTERS).optional(),
  cryptocurrency: z.enum(CRYPTOCURRENCIES).optional(),
  role: z.enum(['buyer', 'seller']).optional(),
  /** Created at or after (ISO date or date-time). */
  from: z.iso
    .date()
    .or(z.iso.datetime({ offset: true }))
    .optional(),
  /** Created before the end of this day / at or before this instant. */
  to: z.iso
    .date()
    .or(z.iso.datetime({ offset: true }))
    .optional(),
  /** A trade id (or its prefix) or the counterparty's name/username. */
  search: text({ max: 100 }).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
export type TradeHistoryQuery = z.infer<typeof TradeHistoryQuery>;

export const TradeOutcome = z.enum(['completed', 'cancelled', 'expired', 'disputed', 'in_progress']);

export const TradeHistoryRow = z.object({
  id: z.uuid(),
  orderId: z.uuid(),
  status: z.enum(TRADE_STATUSES),
  outcome: TradeOutcome,
  userRole: z.enum(['buyer', 'seller']),
  /** buy when I was the buyer (received crypto), sell otherwise. */
  type: z.enum(['buy', 'sell']),
  cryptocurrency: z.string(),
  fiatCurrency: z.string(),
  amountCrypto: z.string(),
  amountFiat: z.string(),
  pricePerUnit: z.string(),
  /** Platform fee (crypto, taken from the buyer's side on release); "0" unless completed. */
  fee: z.string(),
  /** What the buyer received (amountCrypto - fee) for completed trades; amountCrypto otherwise. */
  net: z.string(),
  paymentMethod: z.string(),
  counterparty: z.object({
    id: z.uuid(),
    name: z.string(),
    username: z.string().nullable(),
    avatarUrl: z.string().nullable(),
    rating: z.number().nullable(),
  }),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  /** Seconds from opening to completion or cancellation; null while open. */
  durationSeconds: z.number().int().nullable(),
  disputeReason: z.string().nullable(),
});
export type TradeHistoryRow = z.infer<typeof TradeHistoryRow>;

/** Figures over every trade matching the filters (not only the page). */
export const TradeHistoryStats = z.object({
  totalTrades: z.number().int(),
  completedTrades: z.number().int(),
  cancelledTrades: z.number().int(),
  disputedTrades: z.number().int(),
  /** Completed fiat volume per fiat currency (decimal strings). */
  volumeByFiat: z.record(z.string(), z.string()),
  /** Average seconds from opening to completion of completed trades; null if none. */
  avgTradeSeconds: z.number().int().nullable(),
  /** completed / (completed + cancelled) in percent, 1 decimal; null if none finished. */
  successRate: z.number().nullable(),
});

export const TradeHistoryList = z.object({
  trades: z.array(TradeHistoryRow),
  stats: TradeHistoryStats,
  total: z.number().int(),
  limit: z.number().int(),
  offset: z.number().int(),
  hasNext: z.boolean(),
});
export type TradeHistoryList = z.infer<typeof TradeHistoryList>;
