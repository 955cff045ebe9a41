import { bech32 } from '@scure/base';
import { KeyError } from './keys.ts';

/**
 * Cardano account keys (docs/decisions/032-address-pool-solana-cardano.md): the CIP-1852
 * account m/1852'/1815'/0' as wallets export its extended PUBLIC key (`acct_xvk1…`, CIP-5).
 * Read here without the serialization library, which only cardano-address.ts loads.
 */

/** Bech32 strings longer than the BIP-173 90 characters: Cardano keys and addresses. */
const BECH32_LIMIT = 1_000;

/** The 64 bytes (public key ‖ chain code) of a Cardano account key. */
export function parseCardanoAccountKey(text: string): Uint8Array {
  const trimmed = text.trim();
  if (/^(acct_xsk|xprv|root_xsk|addr_xsk)1/.test(trimmed)) {
    throw new KeyError('is a private key: give the account PUBLIC key (acct_xvk1…)');
  }
  let bytes: Uint8Array;
  if (/^[0-9a-f]{128}$/i.test(trimmed)) {
    bytes = Uint8Array.from(Buffer.from(trimmed, 'hex'));
  } else {
    let decoded: { prefix: string; words: number[] };
    try {
      decoded = bech32.decode(trimmed as `${string}1${string}`, BECH32_LIMIT);
    } catch {
      throw new KeyError('must be a Cardano account public key (acct_xvk1…)');
    }
    if (decoded.prefix !== 'acct_xvk') throw new KeyError(`must be an acct_xvk key, got ${decoded.prefix}`);
    bytes = bech32.fromWords(decoded.words);
  }
  if (bytes.length !== 64) throw new KeyError(`must be 64 bytes (key and chain code), got ${bytes.length}`);
  return bytes;
}

/** Encodes 64 account key bytes as `acct_xvk1…` (CIP-5). */
export function cardanoAccountKeyText(bytes: Uint8Array): string {
  return bech32.encode('acct_xvk', bech32.toWords(bytes), BECH32_LIMIT);
}

/**
 * The account public key of the well-known test seed "abandon … about" (m/1852'/1815'/0'):
 * the devnet's default, refused in live mode. Its first mainnet address is
 * addr1qy8ac7qqy0vtulyl7wntmsxc6wex80gvcyjy33qffrhm7sh927ysx5sftuw0dlft05dz3c7revpf7jx0xnlcjz3g69mq4afdhv.
 */
export const DEVNET_CARDANO_ACCOUNT_KEY = cardanoAccountKeyText(
  Uint8Array.from(
    Buffer.from(
      'beb7e770b3d0f1932b0a2f3a63285bf9ef7d3e461d55446d6a3911d8f0ee55c0' +
        'b0e2df16538508046649d0e6d5b32969555a23f2f1ebf2db2819359b0d88bd16',
      'hex',
    ),
  ),
);
