import { sha256 } from '@noble/hashes/sha2.js';
import { base58, bech32, createBase58check } from '@scure/base';
import { Address, NETWORK } from '@scure/btc-signer';
import { getAddress, isAddress } from 'viem';
import { NETWORKS, type NetworkId } from './networks.ts';
import {
  isEvmBurnAddress,
  isTronBlackHole,
  isWalletPoint,
  SOLANA_PROGRAM_IDS,
} from './unspendable-addresses.ts';

/**
 * Destination addresses of withdrawals, checked with their real checksums (runs in the
 * browser and in Node). The canonical form is what the server stores and compares: lower-case
 * bech32 for Bitcoin (base58 as given), EIP-55 checksummed for EVM chains, base58check for TRON
 * and Dogecoin, base58 for Solana, lower-case bech32 for Cardano.
 */

/**
 * `reason` says why a well-formed address is still refused (docs/decisions/036), each a
 * destination no one can spend from: `offCurve` a Solana address off the ed25519 curve (a
 * program-derived address, or a typo); `notKey` a Solana point outside the prime-order subgroup
 * (a small-order or torsion point, which no key generates: a typo, as a rule); `burn` a known
 * program id, zero, precompile or black-hole address.
 */
export type AddressRefusal = 'offCurve' | 'notKey' | 'burn';
export type AddressCheck = { ok: true; canonical: string } | { ok: false; reason?: AddressRefusal };

export interface AddressOptions {
  /**
   * The local devnet (CHAIN_MODE=devnet) runs Bitcoin in regtest mode: its addresses are
   * `bcrt1…` (and base58 `m…`/`n…`/`2…`). Only then are they accepted, and mainnet ones are not.
   * Likewise Dogecoin's test-network `n…`/`2…` and Cardano's `addr_test1…` (docs/decisions/031).
   */
  devnet?: boolean;
}

const BITCOIN_REGTEST = { bech32: 'bcrt', pubKeyHash: 0x6f, scriptHash: 0xc4, wif: 0xef };
const base58check = createBase58check(sha256);
const TRON_PREFIX = 0x41;
/** Dogecoin base58 version bytes: mainnet P2PKH `D…` and P2SH `9…`/`A…`; test network `n…` and `2…`. */
const DOGECOIN_MAINNET = { pubKeyHash: 0x1e, scriptHash: 0x16 };
const DOGECOIN_TESTNET = { pubKeyHash: 0x71, scriptHash: 0xc4 };
/** Cardano Shelley addresses are longer than BIP173's 90 characters (CIP-19). */
const CARDANO_MAX_LENGTH = 200;

const bad: AddressCheck = { ok: false };

/** Validates `text` as a destination on `network` and returns its canonical form. */
export function validateAddress(
  network: NetworkId,
  text: string,
  options: AddressOptions = {},
): AddressCheck {
  if (typeof text !== 'string') return bad;
  const address = text.trim();
  // Cardano's base addresses are 103 characters and pointer ones may be longer; the rest <= 100.
  if (address.length === 0 || address.length > CARDANO_MAX_LENGTH) return bad;
  switch (NETWORKS[network].family) {
    case 'bitcoin':
      return bitcoin(address, options.devnet === true);
    case 'evm':
      return evm(address);
    case 'tron':
      return tron(address);
    case 'dogecoin':
      return dogecoin(address, options.devnet === true);
    case 'solana':
      return solana(address);
    case 'cardano':
      return cardano(address, options.devnet === true);
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
  if (isEvmBurnAddress(hex.toLowerCase())) return { ok: false, reason: 'burn' };
  return { ok: true, canonical: getAddress(`0x${hex.toLowerCase()}`) };
}

/** Base58check of 21 bytes starting with 0x41 (`T…`). */
function tron(address: string): AddressCheck {
  try {
    const bytes = base58check.decode(address);
    if (bytes.length !== 21 || bytes[0] !== TRON_PREFIX) return bad;
    if (isTronBlackHole(bytes)) return { ok: false, reason: 'burn' };
    return { ok: true, canonical: base58check.encode(bytes) };
  } catch {
    return bad;
  }
}

/** Base58check of 21 bytes: a version byte (P2PKH or P2SH) and a 20-byte hash. */
function dogecoin(address: string, devnet: boolean): AddressCheck {
  const versions = devnet ? DOGECOIN_TESTNET : DOGECOIN_MAINNET;
  try {
    const bytes = base58check.decode(address);
    if (bytes.length !== 21) return bad;
    if (bytes[0] !== versions.pubKeyHash && bytes[0] !== versions.scriptHash) return bad;
    return { ok: true, canonical: base58check.encode(bytes) };
  } catch {
    return bad;
  }
}

/**
 * Base58 of a 32-byte ed25519 public key of a wallet. A 32-byte value off the curve is a
 * program-derived address, one on it but outside the prime-order subgroup is no one's key, and
 * a program id is a program: valid on chain, but coins sent there by mistake are lost.
 */
function solana(address: string): AddressCheck {
  let bytes: Uint8Array;
  try {
    bytes = base58.decode(address);
  } catch {
    return bad;
  }
  if (bytes.length !== 32) return bad;
  const canonical = base58.encode(bytes);
  if (SOLANA_PROGRAM_IDS.has(canonical)) return { ok: false, reason: 'burn' };
  const wallet = isWalletPoint(bytes);
  if (wallet === 'offCurve') return { ok: false, reason: 'offCurve' };
  if (!wallet) return { ok: false, reason: 'notKey' };
  return { ok: true, canonical };
}

/** The payload length of each Shelley payment address type (CIP-19); pointer addresses vary. */
const CARDANO_LENGTHS: Record<number, number | 'pointer'> = {
  0: 57, // base: payment key hash + stake key hash
  1: 57, // base: script hash + stake key hash
  2: 57, // base: payment key hash + stake script hash
  3: 57, // base: script hash + stake script hash
  4: 'pointer', // payment key hash + chain pointer
  5: 'pointer', // script hash + chain pointer
  6: 29, // enterprise: payment key hash only
  7: 29, // enterprise: script hash only
};

/**
 * Shelley payment addresses in bech32 (CIP-19): `addr1…` on mainnet (network id 1), and
 * `addr_test1…` (network id 0) on the devnet. Stake (reward) addresses and Byron addresses
 * cannot receive a payment from the platform's wallet and are refused.
 */
function cardano(address: string, devnet: boolean): AddressCheck {
  let decoded: { prefix: string; words: number[] };
  try {
    decoded = bech32.decode(address as `${string}1${string}`, CARDANO_MAX_LENGTH);
  } catch {
    return bad;
  }
  if (decoded.prefix !== (devnet ? 'addr_test' : 'addr')) return bad;
  let bytes: Uint8Array;
  try {
    bytes = bech32.fromWords(decoded.words);
  } catch {
    return bad;
  }
  const header = bytes[0];
  if (header === undefined) return bad;
  const type = header >> 4;
  const networkId = header & 0x0f;
  if (networkId !== (devnet ? 0 : 1)) return bad;
  const length = CARDANO_LENGTHS[type];
  if (length === undefined) return bad;
  if (length === 'pointer' ? bytes.length < 32 : bytes.length !== length) return bad;
  return { ok: true, canonical: address.toLowerCase() };
}

/**
 * Transaction ids as the network's explorers show them: lower-case hex (0x-prefixed on EVM
 * chains), and Solana's base58 signatures of 64 bytes, whose case is significant.
 */
export function normalizeTxHash(network: NetworkId, text: string): string | null {
  if (typeof text !== 'string') return null;
  if (NETWORKS[network].family === 'solana') return solanaSignature(text.trim());
  const hash = text.trim().toLowerCase();
  const pattern = NETWORKS[network].family === 'evm' ? /^0x[0-9a-f]{64}$/ : /^[0-9a-f]{64}$/;
  return pattern.test(hash) ? hash : null;
}

function solanaSignature(text: string): string | null {
  try {
    return base58.decode(text).length === 64 ? text : null;
  } catch {
    return null;
  }
}
