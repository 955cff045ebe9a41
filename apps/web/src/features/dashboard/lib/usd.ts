import { FIAT_DECIMALS, parseAmount, type WalletBalanceView } from '@p2p/shared';

/**
 * The wallet's total in US dollars (minor units) from the server's per-coin values; null when a
 * coin that holds something has no price, since a total without it would understate the wallet.
 */
export function totalUsd(balances: Pick<WalletBalanceView, 'total' | 'usd'>[]): bigint | null {
  let sum = 0n;
  for (const balance of balances) {
    const usd = usdOf(balance);
    if (usd === null) return null;
    sum += parseAmount(usd, FIAT_DECIMALS);
  }
  return sum;
}

const isZero = (decimal: string) => /^0*(\.0*)?$/.test(decimal);

/** A coin's value in dollars: an empty coin is worth 0 with or without a price. */
export function usdOf(balance: Pick<WalletBalanceView, 'total' | 'usd'>): string | null {
  if (balance.usd !== null) return balance.usd;
  return isZero(balance.total) ? '0' : null;
}

/** Whether the wallet holds anything at all. */
export function isEmptyWallet(balances: Pick<WalletBalanceView, 'total'>[]): boolean {
  return balances.every((b) => isZero(b.total));
}
