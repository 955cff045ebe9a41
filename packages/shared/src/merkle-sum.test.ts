import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  accountCommitment,
  amountsRecord,
  buildMerkleSumTree,
  MerkleSumError,
  pathOf,
  type ReservesProof,
  toHex,
  verifyMerkleSumPath,
  verifyReservesProof,
} from './merkle-sum.ts';

const COINS = ['BTC', 'ETH', 'USDT'];
const balance = fc.bigInt({ min: 0n, max: (1n << 56n) - 1n });
const accounts = fc.array(
  fc.tuple(
    fc.uint8Array({ minLength: 32, maxLength: 32 }),
    fc.array(balance, { minLength: 3, maxLength: 3 }),
  ),
  {
    minLength: 1,
    maxLength: 12,
  },
);

async function treeOf(entries: [Uint8Array, bigint[]][]) {
  const leaves = await Promise.all(
    entries.map(async ([nonce, balances], i) => ({
      nonce,
      account: `user:${i}`,
      commitment: await accountCommitment(nonce, `user:${i}`),
      balances,
    })),
  );
  return { leaves, tree: await buildMerkleSumTree(COINS, leaves) };
}

describe('Merkle-sum tree', () => {
  it('every proof verifies and the root sums are the totals', async () => {
    await fc.assert(
      fc.asyncProperty(accounts, async (entries) => {
        const { leaves, tree } = await treeOf(entries);
        COINS.forEach((_, c) => {
          expect(tree.root.sums[c]).toBe(entries.reduce((n, [, b]) => n + (b[c] as bigint), 0n));
        });
        for (const [i, leaf] of leaves.entries()) {
          const ok = await verifyMerkleSumPath({
            coins: COINS,
            ...leaf,
            path: pathOf(tree, i),
            root: tree.root,
          });
          expect(ok).toBe(true);
        }
      }),
      { numRuns: 40 },
    );
  });

  it('an altered balance, sum, sibling hash or side fails', async () => {
    await fc.assert(
      fc.asyncProperty(
        accounts.filter((a) => a.length >= 2),
        fc.nat(),
        fc.nat(2),
        fc.bigInt({ min: 1n, max: 1000n }),
        async (entries, pick, coin, delta) => {
          const { leaves, tree } = await treeOf(entries);
          const i = pick % leaves.length;
          const leaf = leaves[i] as (typeof leaves)[number];
          const path = pathOf(tree, i);
          const step = pick % path.length;
          const verify = (over: Partial<Parameters<typeof verifyMerkleSumPath>[0]>) =>
            verifyMerkleSumPath({ coins: COINS, ...leaf, path, root: tree.root, ...over });
          // A balance lowered or raised.
          const balances = [...leaf.balances];
          balances[coin] = (balances[coin] as bigint) + delta;
          expect(await verify({ balances })).toBe(false);
          // A sibling's sum moved (hiding a debt in a sibling).
          const sums = path.map((s, k) =>
            k === step ? { ...s, sums: s.sums.map((v, c) => (c === coin ? v + delta : v)) } : s,
          );
          expect(await verify({ path: sums })).toBe(false);
          // A sibling's hash or side changed.
          const hash = path.map((s, k) =>
            k === step ? { ...s, hash: s.hash.map((b, j) => (j === 0 ? b ^ 1 : b)) } : s,
          );
          expect(await verify({ path: hash })).toBe(false);
          const side = path.map((s, k) =>
            k === step ? { ...s, side: s.side === 'left' ? ('right' as const) : ('left' as const) } : s,
          );
          if (!(path[step] as (typeof path)[number]).hash.every((b, j) => b === leaf.commitment[j])) {
            expect(await verify({ path: side })).toBe(false);
          }
          // The published total changed.
          const root = {
            hash: tree.root.hash,
            sums: tree.root.sums.map((v, c) => (c === coin ? v - 1n : v)),
          };
          expect(await verify({ root })).toBe(false);
          // Another account's commitment.
          const other = leaves[(i + 1) % leaves.length] as (typeof leaves)[number];
          if (
            toHex(other.commitment) !== toHex(leaf.commitment) ||
            other.balances.join() !== leaf.balances.join()
          ) {
            expect(await verify({ commitment: other.commitment, balances: other.balances })).toBe(false);
          }
        },
      ),
      { numRuns: 40 },
    );
  });

  it('refuses a negative balance', async () => {
    const commitment = new Uint8Array(32);
    await expect(buildMerkleSumTree(COINS, [{ commitment, balances: [1n, -1n, 0n] }])).rejects.toThrow(
      MerkleSumError,
    );
  });

  it('a downloaded proof checks the account, the commitment and the path', async () => {
    const { leaves, tree } = await treeOf([
      [new Uint8Array(32).fill(7), [5n, 0n, 3n]],
      [new Uint8Array(32).fill(9), [1n, 2n, 0n]],
      [new Uint8Array(32).fill(1), [0n, 0n, 8n]],
    ]);
    const leaf = leaves[1] as (typeof leaves)[number];
    const proof: ReservesProof = {
      version: 1,
      snapshotId: 's',
      takenAt: '2026-01-01T00:00:00.000Z',
      coins: COINS,
      account: leaf.account,
      nonce: toHex(leaf.nonce),
      leaf: { index: 1, commitment: toHex(leaf.commitment), balances: amountsRecord(COINS, leaf.balances) },
      path: pathOf(tree, 1).map((s) => ({
        side: s.side,
        hash: toHex(s.hash),
        sums: amountsRecord(COINS, s.sums),
      })),
      root: { hash: toHex(tree.root.hash), sums: amountsRecord(COINS, tree.root.sums) },
    };
    expect(await verifyReservesProof(proof, 'user:1')).toEqual({ ok: true });
    expect(await verifyReservesProof(proof, 'user:2')).toEqual({ ok: false, reason: 'account' });
    expect(await verifyReservesProof({ ...proof, account: 'user:2' })).toEqual({
      ok: false,
      reason: 'commitment',
    });
    const lowered = { ...proof, leaf: { ...proof.leaf, balances: { ...proof.leaf.balances, BTC: '0' } } };
    expect(await verifyReservesProof(lowered)).toEqual({ ok: false, reason: 'path' });
    const negative = { ...proof, leaf: { ...proof.leaf, balances: { ...proof.leaf.balances, BTC: '-1' } } };
    expect(await verifyReservesProof(negative)).toEqual({ ok: false, reason: 'malformed' });
  });
});
