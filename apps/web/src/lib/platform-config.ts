import { feeFor, feeRateToPpm, formatCrypto, type PublicConfig, tryParseAmount } from '@p2p/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from './api';

export const PLATFORM_CONFIG_KEY = ['platform-config'] as const;

/** GET /config: the server's public settings; they change only with a restart. */
export function usePlatformConfig() {
  return useQuery({
    queryKey: PLATFORM_CONFIG_KEY,
    queryFn: () => apiRequest<PublicConfig>('/config', { auth: false }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** The platform fee on a crypto amount and what the buyer receives, as decimal strings. */
export interface FeeQuote {
  fee: string;
  net: string;
}

/**
 * The fee of `amountCrypto` at `feePpm`, computed with the shared `feeFor` exactly as the
 * release will take it (docs/decisions/015-i18n-and-formatting.md); null when not a number.
 */
export function quoteFee(amountCrypto: string, feePpm: bigint): FeeQuote | null {
  const amount = tryParseAmount(amountCrypto, 8);
  if (amount === null) return null;
  const fee = feeFor(amount, feePpm);
  return { fee: formatCrypto(fee), net: formatCrypto(amount - fee) };
}

/** A settled trade's fee is the one it paid; before that, the one the rate will take. */
export function tradeFeeQuote(
  trade: { status: string; amountCrypto: string; feeAmount: string },
  feePpm: bigint | null,
): FeeQuote | null {
  if (trade.status === 'COMPLETED') {
    const amount = tryParseAmount(trade.amountCrypto, 8);
    const fee = tryParseAmount(trade.feeAmount, 8);
    return amount === null || fee === null ? null : { fee: trade.feeAmount, net: formatCrypto(amount - fee) };
  }
  return feePpm === null ? null : quoteFee(trade.amountCrypto, feePpm);
}

/** The fee rate in ppm once the config is loaded (null before, or if it could not be). */
export function useFeePpm(): bigint | null {
  const config = usePlatformConfig();
  return config.data ? feeRateToPpm(config.data.platformFeeRate) : null;
}

/** A rate in ppm as a percentage decimal string: 1000n -> "0.1", 25_000n -> "2.5". */
export function ppmPercentText(ppm: bigint): string {
  const whole = ppm / 10_000n;
  const frac = (ppm % 10_000n).toString().padStart(4, '0').replace(/0+$/, '');
  return frac ? `${whole}.${frac}` : `${whole}`;
}
