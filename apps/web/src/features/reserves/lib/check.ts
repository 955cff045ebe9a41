import {
  type ProofCheck,
  type ReservesOverview,
  type ReservesProofView,
  verifyReservesProof,
} from '@p2p/shared';

export type ReservesCheck = ProofCheck | { ok: false; reason: 'root' };

/**
 * Checks my proof on this device (docs/proof-of-reserves.md): it is my account's leaf, its path
 * leads to its root with WebCrypto, and that root is the one published for the snapshot (read
 * from the public overview, not from the proof itself).
 */
export async function checkMyProof(
  proof: ReservesProofView,
  myUserId: string,
  published: ReservesOverview,
): Promise<ReservesCheck> {
  const result = await verifyReservesProof(proof, `user:${myUserId}`);
  if (!result.ok) return result;
  const snapshot = published.history.find((s) => s.id === proof.snapshotId);
  if (!snapshot || snapshot.rootHash !== proof.root.hash) return { ok: false, reason: 'root' };
  const sums = Object.fromEntries(snapshot.coins.map((c) => [c.coin, c.owed]));
  if (proof.coins.some((c) => sums[c] !== proof.root.sums[c])) return { ok: false, reason: 'root' };
  return { ok: true };
}

/** The proof as a file to keep: `proof-of-reserves-<date>.json`. */
export function downloadProof(proof: ReservesProofView): void {
  const blob = new Blob([`${JSON.stringify(proof, null, 2)}\n`], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `proof-of-reserves-${proof.takenAt.slice(0, 10)}.json`;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
