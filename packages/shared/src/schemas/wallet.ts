import { z } from 'zod';
import { CRYPTOCURRENCIES } from '../money.ts';

/** Wallet balance of spec 3 §3; amounts are decimal strings with 8 places. */
export const WalletBalanceView = z.object({
  cryptocurrency: z.enum(CRYPTOCURRENCIES),
  available: z.string(),
  /** In escrow of open trades or reserved by active sell orders. */
  locked: z.string(),
  total: z.string(),
  /** When the ledger last touched this balance; null if it never did. */
  lastUpdated: z.string().nullable(),
});
export type WalletBalanceView = z.infer<typeof WalletBalanceView>;

/** One entry per supported cryptocurrency, zero for those never touched. */
export const WalletBalancesResult = z.array(WalletBalanceView);
