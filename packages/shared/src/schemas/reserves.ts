import { z } from 'zod';

/**
 * Proof of reserves (docs/decisions/039-proof-of-reserves.md, docs/proof-of-reserves.md):
 *
 *   GET  /reserves                      public -> ReservesOverview (latest published snapshot, history)
 *   GET  /reserves/proof                user   -> ReservesProofView (my leaf, path, root)
 *   GET  /reserves/addresses            public -> ReserveAddressList (what the platform holds, where)
 *   GET  /admin/reserves/snapshots      staff  -> AdminReserveSnapshots (published and withheld)
 *   POST /admin/reserves/snapshots      admin  -> AdminReserveSnapshot (takes one now; audited)
 *
 * Amounts are decimal strings of integer minor units keyed by coin code.
 */

const Amounts = z.record(z.string(), z.string().regex(/^\d+$/));
const Hex32 = z.string().regex(/^[0-9a-f]{64}$/);

export const ReservesProofView = z.object({
  version: z.literal(1),
  snapshotId: z.string(),
  takenAt: z.string(),
  coins: z.array(z.string()),
  account: z.string(),
  nonce: Hex32,
  leaf: z.object({ index: z.number().int(), commitment: Hex32, balances: Amounts }),
  path: z.array(z.object({ side: z.enum(['left', 'right']), hash: Hex32, sums: Amounts })),
  root: z.object({ hash: Hex32, sums: Amounts }),
});
export type ReservesProofView = z.infer<typeof ReservesProofView>;

/** Per coin: owed (the root's sum), held on chain at the snapshot, their ratio. */
export const ReserveCoin = z.object({
  coin: z.string(),
  owed: z.string(),
  /** null when no address of the coin could be read. */
  held: z.string().nullable(),
  /** held / owed as a decimal string with 4 places; null when either is unknown or owed is 0. */
  ratio: z.string().nullable(),
});
export type ReserveCoin = z.infer<typeof ReserveCoin>;

export const ReserveSnapshotSummary = z.object({
  id: z.string(),
  takenAt: z.string(),
  rootHash: Hex32,
  previousRoot: Hex32.nullable(),
  leafCount: z.number().int(),
  auditHead: z.object({ seq: z.string(), hash: Hex32 }).nullable(),
  coins: z.array(ReserveCoin),
});
export type ReserveSnapshotSummary = z.infer<typeof ReserveSnapshotSummary>;

export const ReservesOverview = z.object({
  latest: ReserveSnapshotSummary.nullable(),
  /** Published snapshots, newest first (at most 60). */
  history: z.array(ReserveSnapshotSummary),
});
export type ReservesOverview = z.infer<typeof ReservesOverview>;

export const ReserveAddress = z.object({
  coin: z.string(),
  network: z.string(),
  address: z.string(),
  kind: z.enum(['deposit', 'hot', 'cold']),
  /** The chain's height it was read at; null when it could not be read. */
  height: z.number().int().nullable(),
  /** Held at the snapshot (minor units); null when it could not be read. */
  balance: z.string().nullable(),
});
export type ReserveAddress = z.infer<typeof ReserveAddress>;

export const ReserveAddressList = z.object({
  snapshotId: z.string().nullable(),
  takenAt: z.string().nullable(),
  addresses: z.array(ReserveAddress),
});
export type ReserveAddressList = z.infer<typeof ReserveAddressList>;

export const AdminReserveSnapshot = ReserveSnapshotSummary.extend({
  status: z.enum(['published', 'withheld']),
  trigger: z.enum(['start', 'schedule', 'staff']),
  problems: z.array(z.string()),
});
export type AdminReserveSnapshot = z.infer<typeof AdminReserveSnapshot>;

export const AdminReserveSnapshots = z.object({ items: z.array(AdminReserveSnapshot) });
export type AdminReserveSnapshots = z.infer<typeof AdminReserveSnapshots>;
