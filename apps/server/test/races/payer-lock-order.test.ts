import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payerAccountChanges } from '../../src/modules/trades/payer-accounts.repository.ts';
import { createTestDatabase } from '../helpers.ts';

/**
 * The payer account's rows (docs/decisions/052) are taken in one order by every transition:
 * the buyer's, then the seller's. A completion's update used to take them in the order its scan
 * met them, which is where they lie in the table: where the buyer's row lay behind the
 * seller's (a bitmap scan), two releases of trades between the same two parties, paid from one
 * account, each held one row and waited on the other (PostgreSQL killed one: a 500 for a valid
 * release; seen under `npm run bench`). PostgreSQL only: the embedded database has one
 * connection and no lock waits.
 */
describe.runIf(process.env.DATABASE_URL)('payer account rows: one lock order (PostgreSQL)', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  const clients: pg.Client[] = [];
  const client = async () => {
    const c = new pg.Client({ connectionString: db.url as string });
    await c.connect();
    clients.push(c);
    return c;
  };

  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(async () => {
    for (const c of clients) await c.end().catch(() => {});
    await db.dispose();
  });

  it("a completion locks the buyer's row before the seller's, wherever the rows lie", async () => {
    const fingerprint = `fp-${randomUUID()}`;
    const buyerId = randomUUID();
    const sellerId = randomUUID();
    const setup = await client();
    // The seller's row was written first (the seller's earlier trade from this account, say):
    // the buyer's lies behind it in the table, though it sorts first in the key.
    for (const [role, userId] of [
      ['seller', sellerId],
      ['buyer', buyerId],
    ])
      await setup.query(
        `INSERT INTO payer_account_parties (fingerprint, role, user_id, trades, completed, first_seen)
         VALUES ($1, $2, $3, 1, 0, now())`,
        [fingerprint, role, userId],
      );
    const placed = await setup.query(
      'SELECT role FROM payer_account_parties WHERE fingerprint = $1 ORDER BY ctid',
      [fingerprint],
    );
    expect(placed.rows.map((r) => r.role)).toEqual(['seller', 'buyer']);

    // Another transaction holds the seller's row.
    const holder = await client();
    await holder.query('BEGIN');
    await holder.query(
      `SELECT 1 FROM payer_account_parties WHERE fingerprint = $1 AND role = 'seller' FOR UPDATE`,
      [fingerprint],
    );

    // The release's statement runs and waits for the seller's row.
    const side = { buyerId, sellerId, payerFingerprint: fingerprint, paidAt: new Date() };
    const ctes = payerAccountChanges(
      { ...side, status: 'PAYMENT_CONFIRMED' },
      { ...side, status: 'COMPLETED' },
    );
    expect(ctes.length).toBeGreaterThan(0);
    const query = new PgDialect().sqlToQuery(sql`WITH ${sql.join(ctes, sql`, `)} SELECT 1`);
    const release = await client();
    // Whatever plan the server picks: with index scans off, its scan meets the rows where they
    // lie (the order a bitmap or sequential scan of a larger table meets them in).
    await release.query('SET enable_indexscan = off');
    await release.query('BEGIN');
    const { rows: pidRows } = await release.query('SELECT pg_backend_pid() AS pid');
    const releasePid = pidRows[0].pid as number;
    const released = release.query(query.sql, query.params as unknown[]);
    const deadline = Date.now() + 10_000;
    while (true) {
      const { rows } = await setup.query('SELECT wait_event_type FROM pg_stat_activity WHERE pid = $1', [
        releasePid,
      ]);
      if (rows[0]?.wait_event_type === 'Lock') break;
      if (Date.now() > deadline) throw new Error('the release never waited for the seller row');
      await new Promise((r) => setTimeout(r, 20));
    }

    // While it waits, it already holds the buyer's row: nobody else can take it.
    const other = await client();
    await other.query('BEGIN');
    await expect(
      other.query(
        `SELECT 1 FROM payer_account_parties WHERE fingerprint = $1 AND role = 'buyer' FOR UPDATE NOWAIT`,
        [fingerprint],
      ),
    ).rejects.toMatchObject({ code: '55P03' });
    await other.query('ROLLBACK');

    await holder.query('COMMIT');
    await released;
    await release.query('COMMIT');
    const after = await setup.query(
      'SELECT role, completed FROM payer_account_parties WHERE fingerprint = $1 ORDER BY role',
      [fingerprint],
    );
    expect(after.rows).toEqual([
      { role: 'buyer', completed: 1 },
      { role: 'seller', completed: 1 },
    ]);
  });
});
