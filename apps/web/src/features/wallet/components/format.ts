import { FIAT_DECIMALS, formatAmount, formatRu } from '@p2p/shared';
import type { DisplayCurrency } from '@/lib/currency';

/** Spec 3 §2: balances show 8 decimals, USDT 2 (cut, never rounded up: no more than you have). */
export function balanceDecimals(crypto: string): number {
  return crypto === 'USDT' ? 2 : 8;
}

export function formatBalance(amount: string, crypto: string): string {
  return formatRu(amount, balanceDecimals(crypto));
}

const SIGN: Record<DisplayCurrency, string> = { RUB: '₽', USD: '$' };

/** "≈ 1 234 567,89 ₽" for an estimate in minor units. */
export function formatEstimate(minor: bigint | null, currency: DisplayCurrency): string {
  if (minor === null) return '—';
  return `≈ ${formatRu(formatAmount(minor, FIAT_DECIMALS), 2)} ${SIGN[currency]}`;
}

export const COIN_NAMES: Record<string, string> = {
  BTC: 'Bitcoin',
  ETH: 'Ethereum',
  USDT: 'Tether',
  BNB: 'BNB',
};
