import { createHmac, randomBytes } from 'node:crypto';
import {
  accountCommitment,
  amountsRecord,
  buildMerkleSumTree,
  CRYPTOCURRENCIES,
  fromHex,
  type MerkleSumTree,
  NETWORKS,
  pathOf,
  type ReserveAddressList,
  type ReserveSnapshotSummary,
  type ReservesOverview,
  type ReservesProofView,
  toHex,
} from '@p2p/shared';
import type { Needs } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { insertAuditEntry, type StaffActor } from '../audit-log/index.ts';
import { userAccount } from '../ledger/index.ts';
import {
  type AssetRow,
  assetsOf,
  auditHead,
  devnetBalances,
  devnetHeight,
  heldBySnapshot,
  insertAssets,
  insertLeaves,
  insertSnapshot,
  journalTotals,
  type LeafRow,
  latestPublished,
  latestTakenAt,
  leavesOf,
  listSnapshots,
  platformAddresses,
  type SnapshotRow,
  tryLockSnapshots,
  userLiabilities,
} from './reserves.repository.ts';

/** Checks the whole ledger in the snapshot's transaction; one line per violation (ops/ledger-audit.ts). */
export type LedgerAudit = (db: Executor) => Promise<string[]>;

export interface ReservesLog {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface SnapshotOutcome {
  id: string;
  status: 'published' | 'withheld';
  rootHash: string;
  problems: string[];
}

export type SnapshotTrigger = 'start' | 'schedule' | 'staff';

const silent: ReservesLog = { info: () => {}, error: () => {} };

/** The per-account nonce of a snapshot: HMAC-SHA256(salt, account), never stored. */
/**
 * One leaf per account (zero balances too), in commitment order: a position says nothing about
 * who or when. A negative or unknown balance is a problem that withholds the snapshot.
 */
async function snapshotLeaves(
  rows: readonly { account: string; currency: string | null; total: string }[],
  coins: string[],
  salt: string,
  problems: string[],
) {
  const byAccount = new Map<string, bigint[]>();
  for (const row of rows) {
    const balances = byAccount.get(row.account) ?? coins.map(() => 0n);
    byAccount.set(row.account, balances);
    if (row.currency === null) continue;
    const at = coins.indexOf(row.currency);
    if (at < 0) {
      problems.push(`${row.account} holds unknown coin ${row.currency}`);
      continue;
    }
    const total = BigInt(row.total);
    if (total < 0n) problems.push(`${row.account} ${row.currency} is negative (${row.total})`);
    balances[at] = total < 0n ? 0n : total;
  }
  const leaves = await Promise.all(
    [...byAccount].map(async ([account, balances]) => ({
      account,
      balances,
      commitment: await accountCommitment(nonceOf(salt, account), account),
    })),
  );
  leaves.sort((a, b) => (toHex(a.commitment) < toHex(b.commitment) ? -1 : 1));
  return leaves;
}

/** A staff member's snapshot in the audit log, before the head it publishes is read. */
async function auditSnapshot(
  tx: Executor,
  actor: StaffActor,
  s: { takenAt: Date; previous: { rootHash: string } | null; rootHash: string; problems: string[] },
): Promise<void> {
  await insertAuditEntry(tx, {
    staffId: actor.staffId,
    action: 'reserves.snapshot',
    entityType: 'reserves',
    entityId: null,
    ipAddress: actor.ipAddress,
    userAgent: actor.userAgent,
    note: null,
    beforeState: s.previous ? { root: s.previous.rootHash } : null,
    afterState: { root: s.rootHash, problems: s.problems.length },
    metadata: null,
    createdAt: s.takenAt,
  });
}

function nonceOf(salt: string, account: string): Uint8Array {
  return new Uint8Array(createHmac('sha256', Buffer.from(salt, 'hex')).update(account).digest());
}

/**
 * Proof of reserves (docs/decisions/039-proof-of-reserves.md): snapshots of what every user is
 * owed, as a Merkle-sum tree (packages/shared/src/merkle-sum.ts), published only when the tree's
 * sums are the ledger's; a user's path to the published root; the public overview.
 */
export class ReservesService {
  /** The tree of the snapshot last asked for (rebuilt from its leaves after a restart). */
  private cached: { id: string; tree: MerkleSumTree; leaves: LeafRow[] } | null = null;

  constructor(
    private readonly ctx: Needs<'config' | 'db' | 'clock'>,
    private readonly options: { audit?: LedgerAudit; log?: ReservesLog } = {},
  ) {}

  /**
   * Takes a snapshot in one REPEATABLE READ transaction: every user balance per coin, the tree,
   * the checks against the journal (and the full ledger audit when wired), the audit log's head,
   * the previous published root. A failed check stores it as `withheld` (never shown to users)
   * and alerts staff through the log. Null when another instance is taking one, or, for the
   * schedule, when the latest is younger than POR_SNAPSHOT_HOURS.
   */
  async takeSnapshot(trigger: SnapshotTrigger, actor?: StaffActor): Promise<SnapshotOutcome | null> {
    const outcome = await this.ctx.db.transaction(
      async (tx) => {
        if (!(await tryLockSnapshots(tx))) return null;
        const takenAt = this.ctx.clock.now();
        if (trigger === 'schedule') {
          const last = await latestTakenAt(tx);
          const every = this.ctx.config.porSnapshotMs;
          if (every <= 0 || (last && takenAt.getTime() - last.getTime() < every)) return null;
        }
        const coins = [...CRYPTOCURRENCIES] as string[];
        const problems: string[] = [];
        const salt = randomBytes(32).toString('hex');
        const leaves = await snapshotLeaves(await userLiabilities(tx), coins, salt, problems);
        const tree = await buildMerkleSumTree(coins, leaves);
        await this.checkTotals(tx, coins, tree.root.sums, problems);
        const previous = await latestPublished(tx);
        // A staff member's snapshot is a staff action: its entry is in the head it publishes.
        if (actor)
          await auditSnapshot(tx, actor, { takenAt, previous, rootHash: toHex(tree.root.hash), problems });
        const status = problems.length === 0 ? 'published' : 'withheld';
        const rootHash = toHex(tree.root.hash);
        const id = await insertSnapshot(tx, {
          takenAt,
          status,
          coins,
          rootHash,
          sums: amountsRecord(coins, tree.root.sums),
          leafCount: leaves.length,
          previousRoot: previous?.rootHash ?? null,
          auditHead: await auditHead(tx),
          salt,
          problems: problems.length ? problems : null,
          trigger,
          takenBy: actor?.staffId ?? null,
        });
        await insertLeaves(
          tx,
          id,
          leaves.map((l, idx) => ({
            idx,
            account: l.account,
            commitment: toHex(l.commitment),
            balances: amountsRecord(coins, l.balances),
          })),
        );
        return { id, status, rootHash, problems } satisfies SnapshotOutcome;
      },
      { isolationLevel: 'repeatable read' },
    );
    if (outcome) await this.announce(outcome, trigger);
    return outcome;
  }

  /** The tree's totals must be the ledger's: the journal's sum on user accounts per coin. */
  private async checkTotals(tx: Executor, coins: string[], sums: readonly bigint[], problems: string[]) {
    const journal = new Map((await journalTotals(tx)).map((r) => [r.currency, BigInt(r.total)]));
    coins.forEach((coin, i) => {
      const owed = sums[i] as bigint;
      const booked = journal.get(coin) ?? 0n;
      if (owed !== booked) problems.push(`${coin}: tree sums to ${owed}, the journal to ${booked}`);
    });
    if (this.options.audit) for (const p of await this.options.audit(tx)) problems.push(`ledger audit: ${p}`);
  }

  /** After the commit: a published snapshot's addresses are read; staff hear of a withheld one. */
  private async announce(outcome: SnapshotOutcome, trigger: SnapshotTrigger): Promise<void> {
    const log = this.options.log ?? silent;
    if (outcome.status === 'withheld') {
      log.error(
        { snapshotId: outcome.id, problems: outcome.problems },
        'proof of reserves: the snapshot does not match the ledger; it is withheld (staff: see /admin/reserves/snapshots)',
      );
      return;
    }
    try {
      await this.readAssets(outcome.id);
    } catch (error) {
      log.error({ err: error, snapshotId: outcome.id }, 'proof of reserves: the addresses could not be read');
    }
    log.info(
      { snapshotId: outcome.id, root: outcome.rootHash, trigger },
      'proof of reserves: snapshot published',
    );
  }

  /** The caller's leaf, path and the published root of the latest snapshot. */
  async proofFor(userId: string): Promise<ReservesProofView> {
    const snapshot = await latestPublished(this.ctx.db);
    if (!snapshot) throw new AppError('NOT_FOUND', 'errors.reservesNoSnapshot');
    const { tree, leaves } = await this.treeOf(snapshot);
    const account = userAccount(userId);
    const leaf = leaves.find((l) => l.account === account);
    if (!leaf) throw new AppError('NOT_FOUND', 'errors.reservesNoEntry');
    const coins = snapshot.coins;
    return {
      version: 1,
      snapshotId: snapshot.id,
      takenAt: snapshot.takenAt.toISOString(),
      coins,
      account,
      nonce: toHex(nonceOf(snapshot.salt, account)),
      leaf: { index: leaf.idx, commitment: leaf.commitment, balances: leaf.balances },
      path: pathOf(tree, leaf.idx).map((s) => ({
        side: s.side,
        hash: toHex(s.hash),
        sums: amountsRecord(coins, s.sums),
      })),
      root: { hash: snapshot.rootHash, sums: snapshot.sums },
    };
  }

  /**
   * What the platform's published addresses hold on chain now, at each network's height: the
   * users' deposit addresses and the declared hot and cold wallets. The embedded devnet is read
   * here; a live network's balance is not read yet and is stored unknown (docs/decisions/039, 4).
   */
  private async readAssets(snapshotId: string): Promise<void> {
    const { mode, networks } = this.ctx.config.chain;
    const pairs = networks.map((id) => ({ id, chain: NETWORKS[id].chain }));
    const addresses = await platformAddresses(this.ctx.db, pairs);
    const rows: AssetRow[] = [];
    for (const network of networks) {
      const mine = addresses.filter((a) => a.network === network);
      if (mine.length === 0) continue;
      const height = mode === 'devnet' ? await devnetHeight(this.ctx.db, network) : null;
      const balances =
        height === null
          ? null
          : await devnetBalances(
              this.ctx.db,
              network,
              mine.map((a) => a.address),
              height,
            );
      for (const a of mine) {
        rows.push({
          network,
          coin: NETWORKS[network].currency,
          address: a.address,
          kind: a.kind,
          height,
          balance: balances ? (balances.get(a.address) ?? 0n) : null,
        });
      }
    }
    await insertAssets(this.ctx.db, snapshotId, rows);
  }

  /** The latest published snapshot and the history (public). */
  async overview(): Promise<ReservesOverview> {
    const rows = await listSnapshots(this.ctx.db, { publishedOnly: true, limit: 60 });
    const held = await heldBySnapshot(
      this.ctx.db,
      rows.map((r) => r.id),
    );
    const history = rows.map((r) => summaryOf(r, held.get(r.id)));
    return { latest: history[0] ?? null, history };
  }

  /** The addresses of the latest published snapshot, with what each held (public, downloadable). */
  async addresses(): Promise<ReserveAddressList> {
    const snapshot = await latestPublished(this.ctx.db);
    if (!snapshot) return { snapshotId: null, takenAt: null, addresses: [] };
    const rows = await assetsOf(this.ctx.db, snapshot.id);
    return {
      snapshotId: snapshot.id,
      takenAt: snapshot.takenAt.toISOString(),
      addresses: rows.map((r) => ({
        coin: r.coin,
        network: r.network,
        address: r.address,
        kind: r.kind,
        height: r.height,
        balance: r.balance?.toString() ?? null,
      })),
    };
  }

  /** Every snapshot, withheld ones with what failed (staff). */
  async adminList() {
    const rows = await listSnapshots(this.ctx.db, { publishedOnly: false, limit: 100 });
    const held = await heldBySnapshot(
      this.ctx.db,
      rows.map((r) => r.id),
    );
    return {
      items: rows.map((r) => ({
        ...summaryOf(r, held.get(r.id)),
        status: r.status,
        trigger: r.trigger,
        problems: r.problems ?? [],
      })),
    };
  }

  private async treeOf(snapshot: SnapshotRow) {
    if (this.cached?.id === snapshot.id) return this.cached;
    const leaves = await leavesOf(this.ctx.db, snapshot.id);
    const tree = await buildMerkleSumTree(
      snapshot.coins,
      leaves.map((l) => ({
        commitment: fromHex(l.commitment),
        balances: snapshot.coins.map((c) => BigInt(l.balances[c] ?? '0')),
      })),
    );
    // The stored leaves must rebuild the stored root, or no proof is handed out.
    if (toHex(tree.root.hash) !== snapshot.rootHash)
      throw new Error(`snapshot ${snapshot.id}: leaves do not rebuild the root`);
    this.cached = { id: snapshot.id, tree, leaves };
    return this.cached;
  }
}

/** held / owed with four decimals, rounded down; null when either is unknown or nothing is owed. */
export function ratioOf(held: bigint | null | undefined, owed: bigint): string | null {
  if (held === null || held === undefined || owed === 0n) return null;
  const q = (held * 10_000n) / owed;
  return `${q / 10_000n}.${(q % 10_000n).toString().padStart(4, '0')}`;
}

function summaryOf(row: SnapshotRow, held?: Map<string, bigint | null>): ReserveSnapshotSummary {
  return {
    id: row.id,
    takenAt: row.takenAt.toISOString(),
    rootHash: row.rootHash,
    previousRoot: row.previousRoot,
    leafCount: row.leafCount,
    auditHead:
      row.auditHeadSeq && row.auditHeadHash ? { seq: row.auditHeadSeq, hash: row.auditHeadHash } : null,
    coins: row.coins.map((coin) => {
      const owed = row.sums[coin] ?? '0';
      const h = held?.get(coin);
      return {
        coin,
        owed,
        held: h === undefined || h === null ? null : h.toString(),
        ratio: ratioOf(h, BigInt(owed)),
      };
    }),
  };
}
