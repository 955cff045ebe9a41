import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditVerify } from '../../src/cli/audit-verify.ts';
import { type Executor, queryRows } from '../../src/db/client.ts';
import { verifyAuditChain } from '../../src/ops/audit-chain.ts';
import { balanceOperation, CREDITS_WITHOUT_FOUR_EYES, signInStaff } from '../admin/factories.ts';
import { expectLedgerSound } from '../factories.ts';
import { createTestApp, type TestApp } from '../helpers.ts';
import { newSession } from '../races/support.ts';

/**
 * The staff audit log as a hash chain (docs/decisions/039, section 5): `npm run audit:verify`
 * finds an edited entry, a deleted one, and a tail rewritten with fresh hashes past a head a
 * snapshot published. Each attack runs in a transaction rolled back afterwards.
 */

let t: TestApp;
let admin: Awaited<ReturnType<typeof signInStaff>>;
beforeAll(async () => {
  t = await createTestApp(CREDITS_WITHOUT_FOUR_EYES);
  admin = await signInStaff(t, { role: 'admin' });
  const user = await newSession(t, 'chain');
  for (const amount of ['0.1', '0.2', '0.3']) {
    const res = await balanceOperation(t, admin.headers, 'credit', user.userId, { amount });
    expect(res.statusCode, res.body).toBe(200);
  }
  // A snapshot publishes the head; one more action comes after it.
  const snap = await t.app.inject({
    method: 'POST',
    url: '/api/v1/admin/reserves/snapshots',
    headers: admin.headers,
  });
  expect(snap.statusCode, snap.body).toBe(200);
  expect(
    (await balanceOperation(t, admin.headers, 'credit', user.userId, { amount: '0.4' })).statusCode,
  ).toBe(200);
});
afterAll(async () => {
  await expectLedgerSound(t.ctx);
  await t.close();
});

class Rollback extends Error {}

/** The chain's problems after `attack`, which is then rolled back. */
async function problemsAfter(attack: (tx: Executor) => Promise<unknown>): Promise<string[]> {
  let problems: string[] = [];
  await t.ctx.db
    .transaction(async (tx) => {
      await attack(tx);
      problems = await verifyAuditChain(tx);
      throw new Rollback();
    })
    .catch((error: unknown) => {
      if (!(error instanceof Rollback)) throw error;
    });
  return problems;
}

const lines = () => {
  const out: string[] = [];
  return { out, log: (l: string) => out.push(l), error: (l: string) => out.push(l) };
};

describe('audit:verify', () => {
  it('an untouched chain is intact (exit 0), entries linked in order', async () => {
    expect(await verifyAuditChain(t.ctx.db)).toEqual([]);
    const output = lines();
    expect(await auditVerify(t.database, output)).toBe(0);
    expect(output.out.join()).toMatch(/intact/);
  });

  it('finds an edited entry', async () => {
    const problems = await problemsAfter((tx) =>
      tx.execute(sql`UPDATE audit_logs SET note = 'ничего не было' WHERE chain_seq = 2`),
    );
    expect(problems).toEqual([expect.stringMatching(/#2\) was changed after it was written/)]);
    // A changed amount inside the JSON state too.
    const state = await problemsAfter((tx) =>
      tx.execute(sql`UPDATE audit_logs SET after_state = '{"amount": "999"}'::jsonb WHERE chain_seq = 1`),
    );
    expect(state.join()).toMatch(/#1\) was changed/);
  });

  it('finds a deleted entry in the middle and a deleted tail past a published head', async () => {
    const middle = await problemsAfter((tx) => tx.execute(sql`DELETE FROM audit_logs WHERE chain_seq = 2`));
    expect(middle.join('\n')).toMatch(/entries 2\.\.2 of the chain are missing/);
    expect(middle.join('\n')).toMatch(/does not follow the entry before it/);
    const tail = await problemsAfter((tx) =>
      tx.execute(
        sql`DELETE FROM audit_logs WHERE chain_seq >= (SELECT max(audit_head_seq) FROM por_snapshots)`,
      ),
    );
    expect(tail.join('\n')).toMatch(/published as the head by snapshot .* is gone/);
  });

  it('finds a tail rewritten with fresh hashes: the published head no longer matches', async () => {
    const problems = await problemsAfter(async (tx) => {
      await tx.execute(sql`UPDATE audit_logs SET note = 'переписано' WHERE chain_seq = 1`);
      // Every hash recomputed in order, as a forger with database access would.
      await tx.execute(sql`DO $$
        DECLARE r record; prev text := NULL;
        BEGIN
          FOR r IN SELECT * FROM audit_logs ORDER BY chain_seq LOOP
            UPDATE audit_logs SET prev_hash = prev,
              entry_hash = audit_entry_digest(prev, r.chain_seq, r.id, r.staff_id, r.action, r.entity_type,
                r.entity_id, r.ip_address, r.user_agent, 'переписано' || '', r.before_state, r.after_state,
                r.metadata, r.created_at)
            WHERE id = r.id AND chain_seq = 1;
            UPDATE audit_logs SET prev_hash = prev,
              entry_hash = audit_entry_digest(prev, r.chain_seq, r.id, r.staff_id, r.action, r.entity_type,
                r.entity_id, r.ip_address, r.user_agent, r.note, r.before_state, r.after_state, r.metadata,
                r.created_at)
            WHERE id = r.id AND chain_seq > 1;
            SELECT entry_hash INTO prev FROM audit_logs WHERE id = r.id;
          END LOOP;
        END $$`);
    });
    expect(problems.join('\n')).not.toMatch(/was changed|does not follow/);
    expect(problems.join('\n')).toMatch(
      /is not the one published as the head by snapshot .*: the chain was rewritten/,
    );
  });

  it('the command reports an edited row and exits 1; put back, the chain is whole again', async () => {
    const [row] = await queryRows<{ ip_address: string | null }>(
      t.ctx.db,
      sql`SELECT ip_address FROM audit_logs WHERE chain_seq = 3`,
    );
    await t.ctx.db.execute(sql`UPDATE audit_logs SET ip_address = '10.0.0.1' WHERE chain_seq = 3`);
    const output = lines();
    expect(await auditVerify(t.database, output)).toBe(1);
    expect(output.out.join('\n')).toMatch(/1 problem\(s\)[\s\S]*#3\) was changed/);
    await t.ctx.db.execute(
      sql`UPDATE audit_logs SET ip_address = ${row?.ip_address ?? null} WHERE chain_seq = 3`,
    );
    expect(await auditVerify(t.database, lines())).toBe(0);
  });
});
