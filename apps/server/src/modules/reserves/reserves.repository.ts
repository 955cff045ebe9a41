import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client.ts';

/** One user account's total in one coin (available + locked), read in the snapshot's transaction. */
export interface LiabilityRow {
  account: string;
  currency: string | null;
  total: string;
}

/**
 * Every user's balance per coin: available + locked (reserves, escrow, queued withdrawals). A user
 * with no balance row yet is one row with a null currency: their leaf owes them zero, and they
 * can still check it is there.
 */
export async function userLiabilities(db: Executor): Promise<LiabilityRow[]> {
  return queryRows<LiabilityRow>(
    db,
    sql`SELECT 'user:' || u.id::text AS account, b.currency, COALESCE(b.available + b.locked, 0)::text AS total
        FROM users u LEFT JOIN balances b ON b.account = 'user:' || u.id::text
        UNION ALL
        SELECT b.account, b.currency, (b.available + b.locked)::text FROM balances b
        WHERE b.account LIKE 'user:%' AND NOT EXISTS (SELECT 1 FROM users u WHERE 'user:' || u.id::text = b.account)
        ORDER BY 1, 2`,
  );
}

/**
 * What the journal says users hold per coin (the sum of every ledger entry on a user account),
 * and how many user balance rows are negative: the ledger's side of the snapshot's check.
 */
export async function journalTotals(db: Executor): Promise<{ currency: string; total: string }[]> {
  return queryRows(
    db,
    sql`SELECT currency, SUM(delta)::text AS total FROM ledger_entries
        WHERE account LIKE 'user:%' GROUP BY currency ORDER BY currency`,
  );
}

export async function auditHead(db: Executor): Promise<{ seq: string; hash: string } | null> {
  const [row] = await queryRows<{ seq: string; hash: string }>(
    db,
    sql`SELECT chain_seq::text AS seq, entry_hash AS hash FROM audit_logs ORDER BY chain_seq DESC LIMIT 1`,
  );
  return row ?? null;
}

/**
 * Takes the snapshot lock for this transaction: false when another instance holds it (its
 * snapshot is being taken; this one gives way).
 */
export async function tryLockSnapshots(db: Executor): Promise<boolean> {
  const [row] = await queryRows<{ ok: boolean }>(db, sql`SELECT pg_try_advisory_xact_lock(7390043) AS ok`);
  return row?.ok === true;
}

export interface SnapshotRow {
  id: string;
  takenAt: Date;
  status: 'published' | 'withheld';
  coins: string[];
  rootHash: string;
  sums: Record<string, string>;
  leafCount: number;
  previousRoot: string | null;
  auditHeadSeq: string | null;
  auditHeadHash: string | null;
  salt: string;
  problems: string[] | null;
  trigger: 'start' | 'schedule' | 'staff';
}

const SNAPSHOT_COLUMNS = sql`id, taken_at AS "takenAt", status, coins, root_hash AS "rootHash", sums,
  leaf_count AS "leafCount", previous_root AS "previousRoot", audit_head_seq::text AS "auditHeadSeq",
  audit_head_hash AS "auditHeadHash", salt, problems, trigger`;

function mapSnapshot(row: SnapshotRow & { takenAt: Date | string }): SnapshotRow {
  return { ...row, takenAt: new Date(row.takenAt) };
}

export async function latestPublished(db: Executor): Promise<SnapshotRow | null> {
  const [row] = await queryRows<SnapshotRow>(
    db,
    sql`SELECT ${SNAPSHOT_COLUMNS} FROM por_snapshots WHERE status = 'published' ORDER BY seq DESC LIMIT 1`,
  );
  return row ? mapSnapshot(row) : null;
}

/** The time of the latest snapshot of any status (the periodic job's clock). */
export async function latestTakenAt(db: Executor): Promise<Date | null> {
  const [row] = await queryRows<{ at: Date | string | null }>(
    db,
    sql`SELECT max(taken_at) AS at FROM por_snapshots`,
  );
  return row?.at ? new Date(row.at) : null;
}

export async function listSnapshots(
  db: Executor,
  options: { publishedOnly: boolean; limit: number },
): Promise<SnapshotRow[]> {
  const where = options.publishedOnly ? sql`WHERE status = 'published'` : sql``;
  const rows = await queryRows<SnapshotRow>(
    db,
    sql`SELECT ${SNAPSHOT_COLUMNS} FROM por_snapshots ${where} ORDER BY seq DESC LIMIT ${options.limit}`,
  );
  return rows.map(mapSnapshot);
}

export interface NewSnapshot {
  takenAt: Date;
  status: 'published' | 'withheld';
  coins: string[];
  rootHash: string;
  sums: Record<string, string>;
  leafCount: number;
  previousRoot: string | null;
  auditHead: { seq: string; hash: string } | null;
  salt: string;
  problems: string[] | null;
  trigger: 'start' | 'schedule' | 'staff';
  takenBy: string | null;
}

export async function insertSnapshot(db: Executor, s: NewSnapshot): Promise<string> {
  const [row] = await queryRows<{ id: string }>(
    db,
    sql`INSERT INTO por_snapshots (taken_at, status, coins, root_hash, sums, leaf_count, previous_root,
          audit_head_seq, audit_head_hash, salt, problems, trigger, taken_by)
        VALUES (${s.takenAt.toISOString()}, ${s.status}, ${sql.raw(pgTextArray(s.coins))}, ${s.rootHash},
          ${JSON.stringify(s.sums)}::jsonb, ${s.leafCount}, ${s.previousRoot}, ${s.auditHead?.seq ?? null},
          ${s.auditHead?.hash ?? null}, ${s.salt}, ${s.problems ? JSON.stringify(s.problems) : null}::jsonb,
          ${s.trigger}, ${s.takenBy})
        RETURNING id`,
  );
  if (!row) throw new Error('snapshot insert returned nothing');
  return row.id;
}

/** A literal text[] of coin codes (already checked to be [A-Z0-9]{1,8} by the tree). */
function pgTextArray(values: string[]): string {
  for (const v of values) if (!/^[A-Z0-9]{1,8}$/.test(v)) throw new Error(`bad coin code ${v}`);
  return `ARRAY[${values.map((v) => `'${v}'`).join(',')}]::text[]`;
}

export interface LeafRow {
  idx: number;
  account: string;
  commitment: string;
  balances: Record<string, string>;
}

export async function insertLeaves(db: Executor, snapshotId: string, leaves: LeafRow[]): Promise<void> {
  // In chunks: one statement's parameters stay well under PostgreSQL's 65535.
  for (let i = 0; i < leaves.length; i += 1000) {
    const chunk = leaves.slice(i, i + 1000);
    await db.execute(
      sql`INSERT INTO por_leaves (snapshot_id, idx, account, commitment, balances)
          SELECT ${snapshotId}::uuid, x.idx, x.account, x.commitment, x.balances
          FROM jsonb_to_recordset(${JSON.stringify(chunk)}::jsonb)
            AS x(idx integer, account text, commitment text, balances jsonb)`,
    );
  }
}

/** A snapshot's leaves in tree order (to rebuild its tree and a user's path). */
export async function leavesOf(db: Executor, snapshotId: string): Promise<LeafRow[]> {
  return queryRows<LeafRow>(
    db,
    sql`SELECT idx, account, commitment, balances FROM por_leaves WHERE snapshot_id = ${snapshotId}::uuid ORDER BY idx`,
  );
}

/** A published address of the platform on a network: a user's deposit address or a declared wallet. */
export interface ReserveAddressRow {
  network: string;
  address: string;
  kind: 'deposit' | 'hot' | 'cold';
}

/** Deposit addresses on the chains of `networks`' (one row per network they receive on), and declared wallets. */
export async function platformAddresses(
  db: Executor,
  networks: { id: string; chain: string }[],
): Promise<ReserveAddressRow[]> {
  if (networks.length === 0) return [];
  const pairs = JSON.stringify(networks);
  return queryRows<ReserveAddressRow>(
    db,
    sql`WITH n AS (SELECT * FROM jsonb_to_recordset(${pairs}::jsonb) AS x(id text, chain text))
        SELECT n.id AS network, d.address, 'deposit' AS kind FROM n JOIN deposit_addresses d ON d.chain = n.chain
        UNION ALL
        SELECT w.network, w.address, w.kind FROM por_wallets w JOIN n ON n.id = w.network
        ORDER BY 1, 3, 2`,
  );
}

/** Height of a devnet chain, null when the network has no devnet chain. */
export async function devnetHeight(db: Executor, network: string): Promise<number | null> {
  const [row] = await queryRows<{ height: string }>(
    db,
    sql`SELECT height::text FROM devnet_chains WHERE network = ${network}`,
  );
  return row ? Number(row.height) : null;
}

/**
 * What each address received on the devnet up to `height` (confirmed, not dropped). A devnet
 * address never spends (withdrawals are sent by operators outside it), so this is its balance.
 */
export async function devnetBalances(
  db: Executor,
  network: string,
  addresses: string[],
  height: number,
): Promise<Map<string, bigint>> {
  if (addresses.length === 0) return new Map();
  const rows = await queryRows<{ address: string; total: string }>(
    db,
    sql`SELECT to_address AS address, SUM(amount)::text AS total FROM devnet_transfers
        WHERE network = ${network} AND block_height IS NOT NULL AND block_height <= ${height} AND dropped_at IS NULL
          AND to_address IN (SELECT jsonb_array_elements_text(${JSON.stringify(addresses)}::jsonb))
        GROUP BY to_address`,
  );
  return new Map(rows.map((r) => [r.address, BigInt(r.total)]));
}

export interface AssetRow {
  network: string;
  coin: string;
  address: string;
  kind: 'deposit' | 'hot' | 'cold';
  height: number | null;
  balance: bigint | null;
}

export async function insertAssets(db: Executor, snapshotId: string, rows: AssetRow[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 1000) {
    const chunk = rows.slice(i, i + 1000).map((r) => ({ ...r, balance: r.balance?.toString() ?? null }));
    await db.execute(
      sql`INSERT INTO por_assets (snapshot_id, network, coin, address, kind, height, balance)
          SELECT ${snapshotId}::uuid, x.network, x.coin, x.address, x.kind, x.height, x.balance::bigint
          FROM jsonb_to_recordset(${JSON.stringify(chunk)}::jsonb)
            AS x(network text, coin text, address text, kind text, height bigint, balance text)`,
    );
  }
}

/** A snapshot's readings, by address. */
export async function assetsOf(db: Executor, snapshotId: string): Promise<AssetRow[]> {
  const rows = await queryRows<
    Omit<AssetRow, 'balance' | 'height'> & { height: string | null; balance: string | null }
  >(
    db,
    sql`SELECT network, coin, address, kind, height::text, balance::text FROM por_assets
        WHERE snapshot_id = ${snapshotId}::uuid ORDER BY network, kind, address`,
  );
  return rows.map((r) => ({
    ...r,
    height: r.height === null ? null : Number(r.height),
    balance: r.balance === null ? null : BigInt(r.balance),
  }));
}

/** Held per coin per snapshot (sum of what was read; null where nothing of the coin could be read). */
export async function heldBySnapshot(
  db: Executor,
  snapshotIds: string[],
): Promise<Map<string, Map<string, bigint | null>>> {
  const out = new Map<string, Map<string, bigint | null>>();
  if (snapshotIds.length === 0) return out;
  const rows = await queryRows<{ id: string; coin: string; held: string | null }>(
    db,
    sql`SELECT snapshot_id::text AS id, coin, SUM(balance)::text AS held FROM por_assets
        WHERE snapshot_id IN (SELECT jsonb_array_elements_text(${JSON.stringify(snapshotIds)}::jsonb)::uuid)
        GROUP BY snapshot_id, coin`,
  );
  for (const r of rows) {
    const m = out.get(r.id) ?? new Map<string, bigint | null>();
    m.set(r.coin, r.held === null ? null : BigInt(r.held));
    out.set(r.id, m);
  }
  return out;
}

/** Declared hot and cold wallets (`npm run por:wallets`). */
export async function listWallets(
  db: Executor,
): Promise<{ network: string; address: string; kind: string; label: string | null }[]> {
  return queryRows(
    db,
    sql`SELECT network, address, kind, label FROM por_wallets ORDER BY network, kind, address`,
  );
}

export async function upsertWallet(
  db: Executor,
  w: { network: string; address: string; kind: 'hot' | 'cold'; label: string | null },
): Promise<void> {
  await db.execute(
    sql`INSERT INTO por_wallets (network, address, kind, label) VALUES (${w.network}, ${w.address}, ${w.kind}, ${w.label})
        ON CONFLICT (network, address) DO UPDATE SET kind = EXCLUDED.kind, label = EXCLUDED.label`,
  );
}

export async function deleteWallet(db: Executor, network: string, address: string): Promise<boolean> {
  const rows = await queryRows(
    db,
    sql`DELETE FROM por_wallets WHERE network = ${network} AND address = ${address} RETURNING address`,
  );
  return rows.length > 0;
}
