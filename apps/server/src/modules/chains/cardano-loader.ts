import type { DepositAddressSource } from './keys.ts';

/**
 * Cardano's address source (CIP-1852 base addresses of an account key, docs/decisions/032). Its
 * serialization library is large and loads here, on first use, not with the chains module.
 */
export async function loadCardanoDeriver(
  accountKey: string,
  style: 'mainnet' | 'devnet',
): Promise<DepositAddressSource> {
  const { CardanoDeriver } = await import('./cardano-address.ts');
  return CardanoDeriver.fromText(accountKey, style);
}
