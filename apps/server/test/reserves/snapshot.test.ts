import { type ReservesProofView, verifyReservesProof } from '@p2p/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyProof } from '../../../../scripts/por-verify.mjs';
import { queryRows } from '../../src/db/client.ts';
import { ReservesService } from '../../src/modules/reserves/reserves.service.ts';
import { reservesAudit } from '../../src/ops/reserves-wiring.ts';
import { signInStaff } from '../admin/factories.ts';
import { createOrder, expectLedgerSound, fund, openTrade, PAID, secondFactor } from '../factories.ts';
import { createTestApp, LAX_TRADE_LIMITS, servicesOf, type TestApp } from '../helpers.ts';
import { newSession, type Session } from '../races/support.ts';
import { decide, EXTERNAL, requestWithdrawal, txHashFor } from '../withdrawals/support.ts';

/**
 * Proof of reserves (docs/decisions/039): a snapshot taken while trades, withdrawals and credits
 * run is consistent with the ledger and published; every user's proof verifies with the shared
 * code and with the standalone verifier; a balance that no longer matches the journal withholds
 * the snapshot.
 */

let t: TestApp;
let admin: Awaited<ReturnType<typeof signInStaff>>;
let users: Session[];
beforeAll(async () => {
  t = await createTestApp(LAX_TRADE_LIMITS);
  admin = await signInStaff(t, { role: 'admin' });
  users = [];
  for (let i = 0; i < 8; i++) users.push(await newSession(t, 'por'));
  for (const u of users) {
    await fund(t.ctx, u.userId, 'BTC', '2');
    await fund(t.ctx, u.userId, 'ETH', '3.5');
  }
});
afterAll(async () => {
  await expectLedgerSound(t.ctx);
  await t.close();
});

async function userTotals(): Promise<Map<string, Record<string, string>>> {
  const rows = await queryRows<{ account: string; currency: string; total: string }>(
    t.ctx.db,
    sql`SELECT account, currency, (available + locked)::text AS total FROM balances WHERE account LIKE 'user:%'`,
  );
  const out = new Map<string, Record<string, string>>();
  for (const r of rows) out.set(r.account, { ...out.get(r.account), [r.currency]: r.total });
  return out;
}

async function myProof(u: Session) {
  const res = await t.app.inject({ url: '/api/v1/reserves/proof', headers: u.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as ReservesProofView;
}

/** Trades to completion, withdrawals requested and completed, credits: all at once. */
async function traffic(round: number) {
  const trades = servicesOf(t.ctx).trades;
  const seller = users[round % users.length] as Session;
  const buyer = users[(round + 1) % users.length] as Session;
  const { id: orderId } = await createOrder(t.ctx, seller.userId, { amount_crypto: '0.5' });
  const tradeId = await openTrade(t.ctx, buyer.userId, orderId, '5000');
  await trades.act(buyer.userId, tradeId, 'mark_paid', PAID);
  await trades.act(seller.userId, tradeId, 'confirm_payment', {
    totpCode: await secondFactor(t.ctx, seller.userId),
  });
  const w = await requestWithdrawal(t, buyer, {
    cryptocurrency: 'ETH',
    amount: '0.25',
    toAddress: EXTERNAL.ETH,
  });
  expect(w.statusCode, w.body).toBe(200);
  const id = w.json().data.id as string;
  expect((await decide(t.app, admin.headers, id, 'approve')).statusCode).toBe(200);
  expect((await decide(t.app, admin.headers, id, 'processing')).statusCode).toBe(200);
  const done = await decide(t.app, admin.headers, id, 'complete', { txHash: txHashFor('ETH', 7000 + round) });
  expect(done.statusCode, done.body).toBe(200);
  await fund(t.ctx, seller.userId, 'BTC', '0.01');
}

describe('a snapshot while money moves', () => {
  it('matches the ledger exactly: every snapshot taken during the traffic is published', async () => {
    const reserves = servicesOf(t.ctx).reserves;
    const outcomes: Awaited<ReturnType<typeof reserves.takeSnapshot>>[] = [];
    let snapping = true;
    const snapshots = (async () => {
      for (let i = 0; i < 8; i++) {
        outcomes.push(await reserves.takeSnapshot('staff'));
        await new Promise((r) => setTimeout(r, 10));
      }
      snapping = false;
    })();
    // Credits change what users are owed between any two reads a snapshot makes: without one
    // consistent view the tree and the journal disagree.
    // Each credit yields to the timers: on the embedded database a query can resolve without
    // one, and a loop of them would starve the snapshots' pauses (and the test's own timeout).
    const credits = (async () => {
      for (let i = 0; snapping && i < 5_000; i++) {
        await fund(t.ctx, (users[i % users.length] as Session).userId, 'BTC', '0.001');
        await new Promise((r) => setImmediate(r));
      }
    })();
    await Promise.all([snapshots, credits, ...Array.from({ length: 4 }, (_, i) => traffic(i))]);
    const taken = outcomes.filter((o) => o !== null);
    expect(taken.length).toBeGreaterThan(0);
    for (const o of taken)
      expect(o, JSON.stringify(o?.problems)).toMatchObject({ status: 'published', problems: [] });
  });

  it('once quiet, every leaf is its account’s balance and every proof verifies, on the device and standalone', async () => {
    const outcome = await servicesOf(t.ctx).reserves.takeSnapshot('staff');
    expect(outcome?.status).toBe('published');
    const totals = await userTotals();
    const owed: Record<string, bigint> = {};
    for (const u of users) {
      const proof = await myProof(u);
      expect(proof.snapshotId).toBe(outcome?.id);
      const mine = totals.get(`user:${u.userId}`) ?? {};
      for (const coin of proof.coins) {
        expect(proof.leaf.balances[coin], coin).toBe(mine[coin] ?? '0');
      }
      expect(await verifyReservesProof(proof, `user:${u.userId}`)).toEqual({ ok: true });
      expect(verifyProof(proof, `user:${u.userId}`)).toBeNull();
      // Somebody else's account, or a lowered balance, does not pass.
      expect(
        verifyProof(proof, `user:${users[0]?.userId === u.userId ? users[1]?.userId : users[0]?.userId}`),
      ).not.toBeNull();
      const lowered = { ...proof, leaf: { ...proof.leaf, balances: { ...proof.leaf.balances, BTC: '0' } } };
      expect(verifyProof(lowered)).toMatch(/root/);
      expect(await verifyReservesProof(lowered)).toEqual({ ok: false, reason: 'path' });
    }
    for (const record of totals.values()) {
      for (const [coin, v] of Object.entries(record)) owed[coin] = (owed[coin] ?? 0n) + BigInt(v);
    }
    const overview = (await t.app.inject({ url: '/api/v1/reserves' })).json().data;
    expect(overview.latest.id).toBe(outcome?.id);
    for (const c of overview.latest.coins) expect(c.owed, c.coin).toBe((owed[c.coin] ?? 0n).toString());
    const [people] = await queryRows<{ n: number }>(t.ctx.db, sql`SELECT count(*)::int AS n FROM users`);
    // Every user has a leaf, those without a balance row too (they are owed zero).
    expect(overview.latest.leafCount).toBe(people?.n);
  });

  it('a balance that no longer matches the journal withholds the snapshot and keeps the last published one', async () => {
    const before = (await t.app.inject({ url: '/api/v1/reserves' })).json().data.latest.id;
    const victim = users[2] as Session;
    // Debt hidden by editing a balance row behind the ledger's back.
    await t.ctx.db.execute(
      sql`UPDATE balances SET available = available - 1 WHERE account = ${`user:${victim.userId}`} AND currency = 'BTC'`,
    );
    try {
      const errors: string[] = [];
      const reserves = new ReservesService(t.ctx, {
        audit: reservesAudit,
        log: { info: () => {}, error: (_o, msg) => errors.push(msg) },
      });
      const outcome = await reserves.takeSnapshot('staff');
      expect(outcome?.status).toBe('withheld');
      expect(outcome?.problems.join('\n')).toMatch(/BTC: tree sums to \d+, the journal to \d+/);
      expect(errors.join()).toMatch(/withheld/);
      const overview = (await t.app.inject({ url: '/api/v1/reserves' })).json().data;
      expect(overview.latest.id).toBe(before);
      expect((await myProof(victim)).snapshotId).toBe(before);
      const list = await t.app.inject({ url: '/api/v1/admin/reserves/snapshots', headers: admin.headers });
      const withheld = list.json().data.items.find((s: { id: string }) => s.id === outcome?.id);
      expect(withheld).toMatchObject({ status: 'withheld' });
      expect(withheld.problems.length).toBeGreaterThan(0);
    } finally {
      await t.ctx.db.execute(
        sql`UPDATE balances SET available = available + 1 WHERE account = ${`user:${victim.userId}`} AND currency = 'BTC'`,
      );
    }
  });

  it('snapshots cannot be edited or deleted', async () => {
    const refusal = (statement: Promise<unknown>) =>
      statement.then(
        () => 'accepted',
        (error: Error) => String(error.cause ?? error),
      );
    expect(
      await refusal(t.ctx.db.execute(sql`UPDATE por_snapshots SET root_hash = repeat('0', 64)`)),
    ).toMatch(/immutable/);
    expect(await refusal(t.ctx.db.execute(sql`DELETE FROM por_leaves`))).toMatch(/immutable/);
  });
});

describe('the routes', () => {
  it('the overview is public; my proof needs a session; without balances there is no entry', async () => {
    expect((await t.app.inject({ url: '/api/v1/reserves' })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/v1/reserves/proof' })).statusCode).toBe(401);
    const newcomer = await newSession(t, 'porNone');
    const res = await t.app.inject({ url: '/api/v1/reserves/proof', headers: newcomer.headers });
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toMatch(/нет вашего счёта/);
  });

  it('an admin takes a snapshot (audited, its entry inside the head it publishes); a moderator may not', async () => {
    const moderator = await signInStaff(t, { role: 'moderator' });
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/reserves/snapshots',
      headers: moderator.headers,
    });
    expect(refused.statusCode).toBe(403);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/reserves/snapshots',
      headers: admin.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    const snap = res.json().data;
    expect(snap).toMatchObject({ status: 'published', trigger: 'staff' });
    const [entry] = await queryRows<{ seq: string; hash: string }>(
      t.ctx.db,
      sql`SELECT chain_seq::text AS seq, entry_hash AS hash FROM audit_logs WHERE action = 'reserves.snapshot'
          ORDER BY chain_seq DESC LIMIT 1`,
    );
    expect(snap.auditHead).toEqual(entry);
  });

  it('the schedule takes one only once the latest is POR_SNAPSHOT_HOURS old, chained to the previous root', async () => {
    const reserves = servicesOf(t.ctx).reserves;
    expect(await reserves.takeSnapshot('schedule')).toBeNull();
    const previous = (await t.app.inject({ url: '/api/v1/reserves' })).json().data.latest;
    t.clock.advance(24 * 3_600_000 + 1);
    const outcome = await reserves.takeSnapshot('schedule');
    expect(outcome?.status).toBe('published');
    const latest = (await t.app.inject({ url: '/api/v1/reserves' })).json().data.latest;
    expect(latest.id).toBe(outcome?.id);
    expect(latest.previousRoot).toBe(previous.rootHash);
  });
});
