import { ed25519 } from '@noble/curves/ed25519.js';
import { hmac } from '@noble/hashes/hmac.js';
import { sha512 } from '@noble/hashes/sha2.js';
import { base58 } from '@scure/base';

/**
 * DEVNET ONLY (docs/decisions/031-doge-sol-ada.md): the Solana addresses the devnet's address pool is
 * filled with (docs/decisions/032-address-pool-solana-cardano.md), as an operator's wallet
 * would generate them offline. Live Solana addresses never come from here. The keys are those of the well-known BIP39
 * test seed "abandon abandon … about", public knowledge, which is why nothing here may ever hold
 * real coins.
 */

/** The BIP39 seed of "abandon abandon … about" (empty passphrase): a published test vector. */
const TEST_SEED = Uint8Array.from(
  Buffer.from(
    '5eb00bbddcf069084889a8ab9155568165f5c453ccb85e70811aaed6f6da5fc1' +
      '9a5ac40b389cd370d086206dec8aa6c43daea6690f20ad3d8d48b2d2ce9e38e4',
    'hex',
  ),
);

const HARDENED = 0x80000000;

/** SLIP-0010 ed25519 derivation (hardened steps only, as ed25519 allows). */
export function slip10Ed25519(seed: Uint8Array, path: readonly number[]): Uint8Array {
  let node = hmac(sha512, new TextEncoder().encode('ed25519 seed'), seed);
  for (const step of path) {
    const data = new Uint8Array(37);
    data.set(node.subarray(0, 32), 1);
    new DataView(data.buffer).setUint32(33, (step | HARDENED) >>> 0);
    node = hmac(sha512, node.subarray(32), data);
  }
  return node.subarray(0, 32);
}

function checkIndex(index: number): void {
  if (!Number.isInteger(index) || index < 0 || index >= HARDENED) {
    throw new RangeError(`derivation index out of range: ${index}`);
  }
}

/** Solana: the wallets' path m/44'/501'/i'/0', the ed25519 public key in base58. */
export function devnetSolanaAddress(index: number): string {
  checkIndex(index);
  const secret = slip10Ed25519(TEST_SEED, [44, 501, index, 0]);
  return base58.encode(ed25519.getPublicKey(secret));
}
