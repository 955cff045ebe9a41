import type { WalletBalanceView } from '@p2p/shared';
import { estimateValueMinor, marketPriceMinor, useMarketPrices } from '@/features/market';
import { type DisplayCurrency, useCurrency } from '@/lib/currency';

export interface Valuation {
  currency: DisplayCurrency;
  /** Estimated value per coin in the display currency's minor units; null without a price. */
  perCoin: Record<string, bigint | null>;
  /** Sum over coins; null if any non-zero balance has no price. */
  total: bigint | null;
  source: 'live' | 'cache' | 'demo' | 'fallback' | null;
  updatedAt: string | null;
  loading: boolean;
}

/**
 * Balances valued at market reference prices in the display currency (RUB or USD). An estimate,
 * always shown with its price source; no value at all when prices are unavailable or are only
 * the fallback table (a fixed rough figure is not a valuation of anyone's money).
 */
export function useValuation(
  balances: WalletBalanceView[] | undefined,
  /** A fixed currency (the wallet's total is in USD); the display currency otherwise. */
  fixed?: DisplayCurrency,
): Valuation {
  const chosen = useCurrency();
  const currency = fixed ?? chosen;
  const prices = useMarketPrices();
  const quotes = prices.data?.source === 'fallback' ? undefined : prices.data?.prices;
  const perCoin: Record<string, bigint | null> = {};
  let total: bigint | null = 0n;
  for (const balance of balances ?? []) {
    const price = marketPriceMinor(quotes, balance.cryptocurrency, currency);
    const value = estimateValueMinor(balance.total, price);
    perCoin[balance.cryptocurrency] = value;
    if (value === null) {
      if (balance.total !== '0.00000000' && total !== null) total = null;
    } else if (total !== null) total += value;
  }
  return {
    currency,
    perCoin,
    total: quotes && balances ? total : null,
    source: prices.data?.source ?? null,
    updatedAt: prices.data?.updatedAt ?? null,
    loading: prices.isPending,
  };
}
