import { secp256k1 } from '@noble/curves/secp256k1.js';
import { ripemd160 } from '@noble/hashes/legacy.js';
import { sha256 } from '@noble/hashes/sha2.js';
import type { Chain } from '@p2p/shared';
import { base58, createBase58check } from '@scure/base';
import { HDKey, type Versions } from '@scure/bip32';
import { p2wpkh } from '@scure/btc-signer';
import { bytesToHex, getAddress, isAddress } from 'viem';
import { publicKeyToAddress } from 'viem/accounts';

/**
 * Deposit addresses from extended PUBLIC keys (docs/decisions/011-custody.md). The server
 * holds account-level keys only (Bitcoin m/84'/0'/0', Ethereum and BNB Smart Chain
 * m/44'/60'/0', TRON m/44'/195'/0', Dogecoin m/44'/3'/0') and derives the receive address
 * `0/i` of user i. No private key, seed or mnemonic is ever read here. Solana and Cardano keys
 * are ed25519 and are not derived from an xpub here (docs/decisions/031-doge-sol-ada.md).
 */

/** The chains whose deposit addresses come from a BIP32 secp256k1 account xpub. */
export const XPUB_CHAINS = ['bitcoin', 'ethereum', 'bsc', 'tron', 'dogecoin'] as const;
export type XpubChain = (typeof XPUB_CHAINS)[number];

export function isXpubChain(chain: Chain): chain is XpubChain {
  return (XPUB_CHAINS as readonly string[]).includes(chain);
}

/** SLIP-132 version bytes of the extended public keys we accept. */
const VERSIONS = {
  xpub: { public: 0x0488b21e, private: 0x0488ade4 },
  zpub: { public: 0x04b24746, private: 0x04b2430c },
  tpub: { public: 0x043587cf, private: 0x04358394 },
  vpub: { public: 0x045f1cf6, private: 0x045f18bc },
  /** Dogecoin's own BIP32 version bytes (Dogecoin Core and some wallets export these). */
  dgub: { public: 0x02facafd, private: 0x02fac398 },
} as const satisfies Record<string, Versions>;
type KeyPrefix = keyof typeof VERSIONS;

/** Bitcoin address encodings: mainnet `bc1…`, regtest `bcrt1…` (devnet: visibly not real). */
const BITCOIN_MAINNET = { bech32: 'bc', pubKeyHash: 0x00, scriptHash: 0x05, wif: 0x80 };
const BITCOIN_REGTEST = { bech32: 'bcrt', pubKeyHash: 0x6f, scriptHash: 0xc4, wif: 0xef };
/** Dogecoin P2PKH version bytes: mainnet `D…`, test network `n…` (devnet: visibly not real). */
const DOGECOIN_PUBKEY_HASH = { mainnet: 0x1e, devnet: 0x71 } as const;

const base58check = createBase58check(sha256);
const TRON_PREFIX = 0x41;

export type AddressStyle = 'mainnet' | 'devnet';

export class KeyError extends Error {}

/**
 * Reads an account-level extended public key. Refuses private keys, keys at the wrong depth
 * (a master or address-level key would derive other addresses than the wallet shows) and,
 * for mainnet Bitcoin, test-network keys.
 */
export function parseAccountKey(chain: XpubChain, text: string, style: AddressStyle): HDKey {
  const prefix = text.slice(0, 4);
  if (/^([xyztuv]prv|dgpv)$/.test(prefix))
    throw new KeyError('is a private key: give the extended PUBLIC key');
  if (!Object.hasOwn(VERSIONS, prefix)) throw new KeyError('must be an xpub, zpub, tpub, vpub or dgub');
  if (chain === 'dogecoin' && prefix !== 'xpub' && prefix !== 'dgub') {
    throw new KeyError("must be an xpub or dgub (BIP44 account key m/44'/3'/0')");
  }
  if (chain !== 'bitcoin' && chain !== 'dogecoin' && prefix !== 'xpub') {
    throw new KeyError('must be an xpub (BIP44 account key)');
  }
  if (chain === 'bitcoin' && style === 'mainnet' && (prefix === 'tpub' || prefix === 'vpub')) {
    throw new KeyError('is a test-network key; live Bitcoin needs an xpub or zpub');
  }
  let key: HDKey;
  try {
    key = HDKey.fromExtendedKey(text, VERSIONS[prefix as KeyPrefix]);
  } catch (error) {
    throw new KeyError(`is not a valid extended key (${(error as Error).message})`);
  }
  if (key.privateKey) throw new KeyError('is a private key: give the extended PUBLIC key');
  if (key.depth !== 3) throw new KeyError(`must be an account-level key (depth 3), got depth ${key.depth}`);
  return key;
}

function uncompressed(publicKey: Uint8Array): `0x${string}` {
  return bytesToHex(secp256k1.Point.fromBytes(publicKey).toBytes(false));
}

/** EIP-55 checksummed address of a secp256k1 public key. */
function evmAddressOf(publicKey: Uint8Array): `0x${string}` {
  return publicKeyToAddress(uncompressed(publicKey));
}

/** TRON: the EVM address bytes behind 0x41, in base58check ("T…"). */
export function tronFromEvm(evm: string): string {
  const body = Uint8Array.from(Buffer.from(evm.slice(2), 'hex'));
  return base58check.encode(Uint8Array.from([TRON_PREFIX, ...body]));
}

/** The 20 address bytes of a TRON address as lower-case hex (no prefix), or null. */
export function tronToHex(address: string): string | null {
  try {
    const bytes = base58check.decode(address);
    if (bytes.length !== 21 || bytes[0] !== TRON_PREFIX) return null;
    return Buffer.from(bytes.subarray(1)).toString('hex');
  } catch {
    return null;
  }
}

/** Dogecoin P2PKH: base58check of the version byte and HASH160 of the compressed public key. */
function dogecoinAddressOf(publicKey: Uint8Array, style: AddressStyle): string {
  const hash = ripemd160(sha256(publicKey));
  return base58check.encode(Uint8Array.from([DOGECOIN_PUBKEY_HASH[style], ...hash]));
}

/** Hands out the deposit address of a derivation index (an xpub, or the devnet's test keys). */
export interface DepositAddressSource {
  addressAt(index: number): string;
}

/** Derives the receive addresses of one chain's account key. */
export class AddressDeriver implements DepositAddressSource {
  constructor(
    readonly chain: XpubChain,
    private readonly account: HDKey,
    private readonly style: AddressStyle,
  ) {}

  static fromText(chain: XpubChain, text: string, style: AddressStyle): AddressDeriver {
    return new AddressDeriver(chain, parseAccountKey(chain, text, style), style);
  }

  /** The receive address `0/index` in its canonical form. */
  addressAt(index: number): string {
    if (!Number.isInteger(index) || index < 0 || index >= 0x80000000) {
      throw new RangeError(`derivation index out of range: ${index}`);
    }
    const { publicKey } = this.account.deriveChild(0).deriveChild(index);
    if (!publicKey) throw new KeyError('derived key has no public key');
    switch (this.chain) {
      case 'bitcoin': {
        const network = this.style === 'mainnet' ? BITCOIN_MAINNET : BITCOIN_REGTEST;
        const { address } = p2wpkh(publicKey, network);
        if (!address) throw new KeyError('could not encode a bech32 address');
        return address;
      }
      case 'ethereum':
      case 'bsc':
        return evmAddressOf(publicKey);
      case 'tron':
        return tronFromEvm(evmAddressOf(publicKey));
      case 'dogecoin':
        return dogecoinAddressOf(publicKey, this.style);
    }
  }
}

/**
 * The form addresses are stored and compared in: lower-case bech32 for Bitcoin, EIP-55 for
 * EVM chains, base58check for TRON and Dogecoin, base58 for Solana, lower-case bech32 for
 * Cardano. Null when the text is not an address of that chain's family (the watcher then
 * simply finds no owner).
 */
export function canonicalAddress(chain: Chain, text: string): string | null {
  switch (chain) {
    case 'bitcoin':
      return /^(bc|tb|bcrt)1[02-9ac-hj-np-z]{6,87}$/i.test(text) ? text.toLowerCase() : null;
    case 'ethereum':
    case 'bsc':
      return isAddress(text, { strict: false }) ? getAddress(text) : null;
    case 'tron':
      return tronToHex(text) ? text : null;
    case 'dogecoin':
      return dogecoinBytes(text) ? text : null;
    case 'solana':
      return solanaBytes(text) ? text : null;
    case 'cardano':
      return /^addr(_test)?1[02-9ac-hj-np-z]{50,200}$/i.test(text) ? text.toLowerCase() : null;
  }
}

function dogecoinBytes(address: string): Uint8Array | null {
  try {
    const bytes = base58check.decode(address);
    return bytes.length === 21 ? bytes : null;
  } catch {
    return null;
  }
}

function solanaBytes(address: string): Uint8Array | null {
  try {
    const bytes = base58.decode(address);
    return bytes.length === 32 ? bytes : null;
  } catch {
    return null;
  }
}
