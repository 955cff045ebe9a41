import { CRYPTO_DECIMALS } from '@p2p/shared';

/**
 * An on-chain amount in the asset's base units (satoshi, wei, USDT's 1e-6) converted to the
 * platform's 1e-8. Finer precision (ETH and BNB have 18 decimals) is rounded DOWN: the
 * `remainder`, in base units, is recorded with the deposit and never credited.
 */
export function toPlatformUnits(raw: bigint, decimals: number): { amount: bigint; remainder: bigint } {
  if (raw < 0n) throw new RangeError('on-chain amount is negative');
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > 36) {
    throw new RangeError(`unsupported decimals: ${decimals}`);
  }
  if (decimals <= CRYPTO_DECIMALS) {
    return { amount: raw * 10n ** BigInt(CRYPTO_DECIMALS - decimals), remainder: 0n };
  }
  const unit = 10n ** BigInt(decimals - CRYPTO_DECIMALS);
  return { amount: raw / unit, remainder: raw % unit };
}
