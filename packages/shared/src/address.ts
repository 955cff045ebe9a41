import { sha256 } from '@noble/hashes/sha2.js';
import { createBase58check } from '@scure/base';
import { Address, NETWORK } from '@scure/btc-signer';
import { getAddress, isAddress } from 'viem';
import { NETWORKS, type NetworkId } from './networks.ts';

/**
 * Destination addresses of withdrawals, checked with their real checksums (runs in the
 * browser and in Node). The canonical form is what the server stores and compares: lower-case
 * bech32 for Bitcoin (base58 as given), EIP-55 checksummed for EVM chains, base58check for TRON.
 */

export type AddressCheck = { ok: true; canonical: string } | { ok: false };

export interface AddressOptions {
  /**
   * The local devnet (CHAIN_MODE=devnet) runs Bitcoin in regtest mode: its addresses are
   * `bcrt1…` (and base58 `m…`/`n…`/`2…`). Only then are they accepted, and mainnet ones are not.
   */
  devnet?: boolean;
}

const BITCOIN_REGTEST = { bech32: 'bcrt', pubKeyHash: 0x6f, scriptHash: 0xc4, wif: 0xef };
const base58check = createBase58check(sha256);
const TRON_PREFIX = 0x41;

const bad: AddressCheck = { ok: false };

/** Validates `text` as a destination on `network` and returns its canonical form. */
export function validateAddress(
  network: NetworkId,
  text: string,
  options: AddressOptions = {},
): AddressCheck {
  if (typeof text !== 'string') return bad;
  const address = text.trim();
  if (address.length === 0 || address.length > 100) return bad;
  switch (NETWORKS[network].family) {
    case 'bitcoin':
      return bitcoin(address, options.devnet === true);
    case 'evm':
      return evm(address);
    case 'tron':
      return tron(address);
  }
}

/**
 * P2PKH, P2SH (base58check), P2WPKH and P2WSH (bech32, BIP173) and P2TR (bech32m, BIP350).
 * Other witness versions and the P2A anchor are valid encodings but nobody could spend what
 * the platform sent there, so they are refused.
 */
function bitcoin(address: string, devnet: boolean): AddressCheck {
  try {
    const decoded = Address(devnet ? BITCOIN_REGTEST : NETWORK).decode(address);
    if (!['pkh', 'sh', 'wpkh', 'wsh', 'tr'].includes(decoded.type)) return bad;
    const bech32 = decoded.type === 'wpkh' || decoded.type === 'wsh' || decoded.type === 'tr';
    return { ok: true, canonical: bech32 ? address.toLowerCase() : address };
  } catch {
    return bad;
  }
}

/** `0x` + 40 hex; mixed case must carry a valid EIP-55 checksum. */
function evm(address: string): AddressCheck {
  if (!/^0x[0-9a-fA-F]{40}$/.test(address)) return bad;
  const hex = address.slice(2);
  // All one case carries no checksum (EIP-55); mixed case must match it exactly.
  const unchecked = hex === hex.toLowerCase() || hex === hex.toUpperCase();
  if (!unchecked && !isAddress(address, { strict: true })) return bad;
  return { ok: true, canonical: getAddress(`0x${hex.toLowerCase()}`) };
}

/** Base58check of 21 bytes starting with 0x41 (`T…`). */
function tron(address: string): AddressCheck {
  try {
    const bytes = base58check.decode(address);
    if (bytes.length !== 21 || bytes[0] !== TRON_PREFIX) return bad;
    return { ok: true, canonical: base58check.encode(bytes) };
  } catch {
    return bad;
  }
}

/** Transaction hashes as the network's explorers show them, lower-case. */
export function normalizeTxHash(network: NetworkId, text: string): string | null {
  if (typeof text !== 'string') return null;
  const hash = text.trim().toLowerCase();
  const pattern = NETWORKS[network].family === 'evm' ? /^0x[0-9a-f]{64}$/ : /^[0-9a-f]{64}$/;
  return pattern.test(hash) ? hash : null;
}
