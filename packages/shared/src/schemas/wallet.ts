import { z } from 'zod';
import { CRYPTOCURRENCIES } from '../money.ts';

/** Wallet balance; amounts are decimal strings with 8 places. */
export const WalletBalanceView = z.object({
  cryptocurrency: z.enum(CRYPTOCURRENCIES),
  available: z.string(),
  /** In escrow of open trades, reserved by active sell orders, or held by pending withdrawals. */
  locked: z.string(),
  total: z.string(),
  /** total in US dollars at the current market price (2 places); null when no price is known. */
  usd: z.string().nullable(),
  /** When the ledger last touched this balance; null if it never did. */
  lastUpdated: z.string().nullable(),
});
export type WalletBalanceView = z.infer<typeof WalletBalanceView>;

/** One entry per supported cryptocurrency, zero for those never touched. */
export const WalletBalancesResult = z.array(WalletBalanceView);

// ---- transaction history (from the ledger) ----

/** Filter groups of the history (`?type=`). */
export const WALLET_TRANSACTION_TYPES = [
  'deposit',
  'withdrawal',
  'transfer',
  'trade',
  'order',
  'adjustment',
] as const;

/** What one ledger transaction did to the user's balance. */
export const WALLET_OPERATIONS = [
  'deposit',
  'withdrawal_request',
  'withdrawal_return',
  'withdrawal_sent',
  'transfer_in',
  'transfer_out',
  'escrow_lock',
  'trade_release',
  'trade_refund',
  'order_reserve',
  'order_release',
  'staff_credit',
  'staff_debit',
  /** A swap's leg (docs/decisions/026): coins received, or given (the payment, or the offer's reserve). */
  'swap_in',
  'swap_out',
  /** A movement of a kind this list does not know yet (counted as an adjustment). */
  'other',
] as const;

export const WalletTransactionsQuery = z.object({
  type: z.enum(WALLET_TRANSACTION_TYPES, { error: 'validation.wallet.type' }).optional(),
  currency: z.enum(CRYPTOCURRENCIES, { error: 'validation.crypto' }).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).max(10_000_000).default(0),
});
export type WalletTransactionsQuery = z.infer<typeof WalletTransactionsQuery>;

/**
 * One ledger transaction touching the user, with the signed change of each bucket (decimal
 * strings, 8 places). Over all rows of a currency, Σ totalChange is the balance's total and
 * Σ availableChange its available part.
 */
export const WalletTransactionView = z.object({
  id: z.uuid(),
  type: z.enum(WALLET_TRANSACTION_TYPES),
  operation: z.enum(WALLET_OPERATIONS),
  currency: z.enum(CRYPTOCURRENCIES),
  availableChange: z.string(),
  lockedChange: z.string(),
  totalChange: z.string(),
  /** The platform's or network's fee the user paid in this movement, if any. */
  fee: z.string().nullable(),
  reference: z.object({ type: z.enum(['trade', 'order', 'withdrawal', 'deposit']), id: z.uuid() }).nullable(),
  /** The withdrawal's current status, for withdrawal and transfer rows. */
  status: z.string().nullable(),
  network: z.string().nullable(),
  txHash: z.string().nullable(),
  explorerUrl: z.string().nullable(),
  createdAt: z.string(),
});
export type WalletTransactionView = z.infer<typeof WalletTransactionView>;

export const WalletTransactionList = z.object({
  transactions: z.array(WalletTransactionView),
  total: z.number().int(),
  limit: z.number().int(),
  offset: z.number().int(),
  hasNext: z.boolean(),
});
export type WalletTransactionList = z.infer<typeof WalletTransactionList>;
