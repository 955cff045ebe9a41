/**
 * The Merkle-sum tree of proof of reserves (docs/proof-of-reserves.md gives the exact bytes,
 * docs/decisions/039-proof-of-reserves.md the choices). Pure: SHA-256 through WebCrypto
 * (`crypto.subtle`), present in browsers and in Node 20, so the server builds the tree, the
 * wallet verifies a path on the device and `npm run por:verify` checks a downloaded proof with
 * the same definitions.
 *
 * Leaf  = SHA-256(0x00 ‖ commitment[32] ‖ coins(balances))
 * Node  = SHA-256(0x01 ‖ left[32] ‖ right[32] ‖ coins(left sums + right sums))
 * coins = u16 count ‖ per coin: ASCII code zero-padded to 8 bytes ‖ u64 big-endian amount
 * commitment = SHA-256("por-v1:" ‖ nonce[32] ‖ UTF-8 account)
 * A node's hash covers both children's hashes and its per-coin sums, so the root fixes the total
 * owed per coin; amounts are unsigned 64-bit: a negative entry cannot be encoded.
 */

export const POR_VERSION = 1;
const U64_MAX = (1n << 64n) - 1n;
const COIN_CODE = /^[A-Z0-9]{1,8}$/;

/** Amounts per coin, in the snapshot's coin order (integer minor units, never negative). */
export type CoinAmounts = readonly bigint[];

export interface MerkleSumNode {
  hash: Uint8Array;
  sums: bigint[];
}

export interface PathStep {
  /** Where the sibling sits: 'left' means the sibling is the left child. */
  side: 'left' | 'right';
  hash: Uint8Array;
  sums: bigint[];
}

export class MerkleSumError extends Error {}

async function sha256(bytes: Uint8Array): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.digest('SHA-256', bytes as Uint8Array<ArrayBuffer>));
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** u16 count ‖ per coin: code padded to 8 bytes ‖ u64 big-endian amount. */
export function encodeCoins(coins: readonly string[], amounts: CoinAmounts): Uint8Array {
  if (coins.length !== amounts.length) throw new MerkleSumError('coins and amounts differ in length');
  if (coins.length > 0xffff) throw new MerkleSumError('too many coins');
  const out = new Uint8Array(2 + coins.length * 16);
  const view = new DataView(out.buffer);
  view.setUint16(0, coins.length);
  coins.forEach((coin, i) => {
    if (!COIN_CODE.test(coin)) throw new MerkleSumError(`bad coin code ${coin}`);
    const amount = amounts[i] as bigint;
    if (typeof amount !== 'bigint' || amount < 0n) throw new MerkleSumError(`negative amount of ${coin}`);
    if (amount > U64_MAX) throw new MerkleSumError(`amount of ${coin} exceeds 64 bits`);
    const at = 2 + i * 16;
    for (let c = 0; c < coin.length; c++) out[at + c] = coin.charCodeAt(c);
    view.setBigUint64(at + 8, amount);
  });
  return out;
}

/** The per-account commitment: hides the account behind a per-snapshot nonce. */
export async function accountCommitment(nonce: Uint8Array, account: string): Promise<Uint8Array> {
  if (nonce.length !== 32) throw new MerkleSumError('nonce must be 32 bytes');
  return sha256(concat([new TextEncoder().encode('por-v1:'), nonce, new TextEncoder().encode(account)]));
}

export async function leafNode(
  coins: readonly string[],
  commitment: Uint8Array,
  balances: CoinAmounts,
): Promise<MerkleSumNode> {
  if (commitment.length !== 32) throw new MerkleSumError('commitment must be 32 bytes');
  const hash = await sha256(concat([Uint8Array.of(0), commitment, encodeCoins(coins, balances)]));
  return { hash, sums: [...balances] };
}

export async function parentNode(
  coins: readonly string[],
  left: MerkleSumNode,
  right: MerkleSumNode,
): Promise<MerkleSumNode> {
  const sums = coins.map((_, i) => (left.sums[i] as bigint) + (right.sums[i] as bigint));
  const hash = await sha256(concat([Uint8Array.of(1), left.hash, right.hash, encodeCoins(coins, sums)]));
  return { hash, sums };
}

/** The padding leaf: an all-zero commitment with nothing owed. */
export const PADDING_COMMITMENT = new Uint8Array(32);

export interface MerkleSumTree {
  coins: string[];
  /** levels[0] = leaves (padded to a power of two), last level = [root]. */
  levels: MerkleSumNode[][];
  root: MerkleSumNode;
  leafCount: number;
}

/**
 * Builds the tree over leaves in the given order (the caller shuffles them). Refuses a negative
 * balance or a total over 64 bits. Leaves are padded to a power of two (at least one) with
 * padding leaves.
 */
export async function buildMerkleSumTree(
  coins: readonly string[],
  leaves: readonly { commitment: Uint8Array; balances: CoinAmounts }[],
): Promise<MerkleSumTree> {
  const size = Math.max(1, 2 ** Math.ceil(Math.log2(Math.max(1, leaves.length))));
  const zero = coins.map(() => 0n);
  const level: MerkleSumNode[] = [];
  for (let i = 0; i < size; i++) {
    const leaf = leaves[i];
    if (leaf?.balances.some((b) => b < 0n)) throw new MerkleSumError('negative balance refused');
    level.push(await leafNode(coins, leaf?.commitment ?? PADDING_COMMITMENT, leaf?.balances ?? zero));
  }
  const levels = [level];
  let current = level;
  while (current.length > 1) {
    const next: MerkleSumNode[] = [];
    for (let i = 0; i < current.length; i += 2) {
      next.push(await parentNode(coins, current[i] as MerkleSumNode, current[i + 1] as MerkleSumNode));
    }
    levels.push(next);
    current = next;
  }
  return { coins: [...coins], levels, root: current[0] as MerkleSumNode, leafCount: leaves.length };
}

/** The siblings from leaf `index` up to the root, bottom first. */
export function pathOf(tree: Pick<MerkleSumTree, 'levels'>, index: number): PathStep[] {
  const path: PathStep[] = [];
  let at = index;
  for (const level of tree.levels.slice(0, -1)) {
    const siblingIndex = at ^ 1;
    const sibling = level[siblingIndex];
    if (!sibling) throw new MerkleSumError('index outside the tree');
    path.push({ side: siblingIndex < at ? 'left' : 'right', hash: sibling.hash, sums: [...sibling.sums] });
    at >>= 1;
  }
  return path;
}

/**
 * Walks a path from a leaf to the root: true when the recomputed root has the published hash
 * and sums. Any altered balance, sum, sibling hash or side changes the hash at the top.
 */
export async function verifyMerkleSumPath(input: {
  coins: readonly string[];
  commitment: Uint8Array;
  balances: CoinAmounts;
  path: readonly PathStep[];
  root: MerkleSumNode;
}): Promise<boolean> {
  try {
    let node = await leafNode(input.coins, input.commitment, input.balances);
    for (const step of input.path) {
      const sibling = { hash: step.hash, sums: [...step.sums] };
      if (sibling.hash.length !== 32 || sibling.sums.length !== input.coins.length) return false;
      node =
        step.side === 'left'
          ? await parentNode(input.coins, sibling, node)
          : await parentNode(input.coins, node, sibling);
    }
    return (
      equalBytes(node.hash, input.root.hash) &&
      node.sums.length === input.root.sums.length &&
      node.sums.every((s, i) => s === input.root.sums[i])
    );
  } catch (error) {
    if (error instanceof MerkleSumError) return false;
    throw error;
  }
}

export function equalBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

export function toHex(bytes: Uint8Array): string {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export function fromHex(hex: string): Uint8Array {
  if (!/^(?:[0-9a-f]{2})*$/.test(hex)) throw new MerkleSumError('bad hex');
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return out;
}

/** The proof a user downloads (JSON; amounts as decimal strings of minor units). */
export interface ReservesProof {
  version: 1;
  snapshotId: string;
  takenAt: string;
  coins: string[];
  account: string;
  /** Hex, 32 bytes: this account's nonce in this snapshot. */
  nonce: string;
  leaf: { index: number; commitment: string; balances: Record<string, string> };
  path: { side: 'left' | 'right'; hash: string; sums: Record<string, string> }[];
  root: { hash: string; sums: Record<string, string> };
}

const DIGITS = /^\d{1,20}$/;

function amountsOf(coins: readonly string[], record: Record<string, string>): bigint[] {
  return coins.map((c) => {
    const value = record[c];
    if (typeof value !== 'string' || !DIGITS.test(value)) throw new MerkleSumError(`bad amount of ${c}`);
    return BigInt(value);
  });
}

export function amountsRecord(coins: readonly string[], amounts: CoinAmounts): Record<string, string> {
  return Object.fromEntries(coins.map((c, i) => [c, (amounts[i] ?? 0n).toString()]));
}

export type ProofCheck =
  | { ok: true }
  | { ok: false; reason: 'malformed' | 'commitment' | 'path' | 'account' };

/**
 * Checks a downloaded proof: the commitment is this account's with this nonce, and the path
 * leads to the root's hash and sums. `account`, when given, must be the proof's.
 */
export async function verifyReservesProof(proof: ReservesProof, account?: string): Promise<ProofCheck> {
  let coins: string[];
  let balances: bigint[];
  let path: PathStep[];
  let root: MerkleSumNode;
  let nonce: Uint8Array;
  let commitment: Uint8Array;
  try {
    if (proof.version !== POR_VERSION || !Array.isArray(proof.coins) || !Array.isArray(proof.path)) {
      return { ok: false, reason: 'malformed' };
    }
    coins = proof.coins;
    balances = amountsOf(coins, proof.leaf.balances);
    path = proof.path.map((s) => {
      if (s.side !== 'left' && s.side !== 'right') throw new MerkleSumError('bad side');
      return { side: s.side, hash: fromHex(s.hash), sums: amountsOf(coins, s.sums) };
    });
    root = { hash: fromHex(proof.root.hash), sums: amountsOf(coins, proof.root.sums) };
    nonce = fromHex(proof.nonce);
    commitment = fromHex(proof.leaf.commitment);
  } catch {
    return { ok: false, reason: 'malformed' };
  }
  if (account !== undefined && account !== proof.account) return { ok: false, reason: 'account' };
  if (nonce.length !== 32) return { ok: false, reason: 'malformed' };
  if (!equalBytes(await accountCommitment(nonce, proof.account), commitment)) {
    return { ok: false, reason: 'commitment' };
  }
  const ok = await verifyMerkleSumPath({ coins, commitment, balances, path, root });
  return ok ? { ok: true } : { ok: false, reason: 'path' };
}
