import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client.ts';
import { AppError } from '../../src/errors.ts';
import { totpCodeAt } from '../../src/modules/two-factor/totp.ts';
import { auditLedger } from '../../src/ops/ledger-audit.ts';
import { signInStaff } from '../admin/factories.ts';
import { balance, expectLedgerSound, fund, recoveryCodes, TEST_TOTP_SECRET } from '../factories.ts';
import { createTestApp, servicesOf, type TestApp } from '../helpers.ts';
import { cancel, decide, EXTERNAL, requestWithdrawal, txHashFor } from '../withdrawals/support.ts';
import { inBatches, newSession, report, systemBalance, tally, timed } from './support.ts';

/**
 * Races of money out. Every status change locks the withdrawal row and every movement locks
 * the balance rows, so concurrent requests queue up: a balance is never overdrawn, a
 * withdrawal moves money once in and once out, and a late second decision finds the new
 * status and answers 409.
 */

let t: TestApp;
let admin: Awaited<ReturnType<typeof signInStaff>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signInStaff(t, { role: 'admin' });
});
afterAll(async () => {
  await expectLedgerSound(t.ctx);
  await t.close();
});

const btc = (amount: string) => ({ cryptocurrency: 'BTC', amount, toAddress: EXTERNAL.BTC });

/** Ledger postings per withdrawal id, e.g. { withdrawal_lock: 1, withdrawal_unlock: 1 }. */
async function postingsByWithdrawal(ids: string[]) {
  const rows = await queryRows<{ ref_id: string; kind: string; n: string }>(
    t.ctx.db,
    sql`SELECT ref_id, kind, COUNT(*)::text AS n FROM ledger_transactions
        WHERE ref_id IN (${sql.join(
          ids.map((id) => sql`${id}::uuid`),
          sql`, `,
        )}) GROUP BY ref_id, kind`,
  );
  const out = new Map<string, Record<string, number>>(ids.map((id) => [id, {}]));
  for (const r of rows) out.set(r.ref_id, { ...out.get(r.ref_id), [r.kind]: Number(r.n) });
  return out;
}

async function pendingWithdrawals(n: number, prefix: string) {
  return inBatches(n, 10, async () => {
    const user = await newSession(t, prefix);
    await fund(t.ctx, user.userId, 'BTC', '1');
    const res = await requestWithdrawal(t, user, btc('0.1'));
    expect(res.statusCode).toBe(200);
    return { user, id: res.json().data.id as string };
  });
}

describe('race: 50 withdrawal requests draining one balance', () => {
  it('never overdraws; every accepted request is locked exactly once', async () => {
    const user = await newSession(t, 'drain');
    await fund(t.ctx, user.userId, 'BTC', '1');
    // Each takes 0.3 + 0.0005 fee: 3 fit into 1 BTC (0.9015), a 4th would not. Each request
    // carries a code of its own (a time step passes once); of one user's codes sent at once at
    // least the window's five are judged, the rest may answer 429 (docs/decisions/035), so at
    // least five race for a balance that holds three.
    const codes = await recoveryCodes(t.ctx, user.userId, 50);
    const { result, ms } = await timed(() =>
      Promise.all(
        codes.map((totpCode, i) => requestWithdrawal(t, user, { ...btc('0.3'), totpCode }, `drain-${i}`)),
      ),
    );
    const statuses = tally(result.map((r) => r.statusCode));
    expect(statuses[200]).toBe(3);
    expect(statuses[400]).toBeGreaterThanOrEqual(2);
    expect((statuses[400] ?? 0) + (statuses[429] ?? 0)).toBe(47);
    for (const r of result.filter((x) => x.statusCode === 400)) {
      expect(r.json()).toMatchObject({ code: 'INSUFFICIENT_BALANCE' });
    }
    for (const r of result.filter((x) => x.statusCode === 429)) {
      expect(r.json()).toMatchObject({ code: 'RATE_LIMITED' });
    }
    const accepted = result.filter((r) => r.statusCode === 200).map((r) => r.json().data.id as string);
    expect(new Set(accepted).size).toBe(3);
    const postings = await postingsByWithdrawal(accepted);
    for (const id of accepted) expect(postings.get(id)).toEqual({ withdrawal_lock: 1 });
    const [rows] = await queryRows<{ n: string; locks: string }>(
      t.ctx.db,
      sql`SELECT (SELECT COUNT(*) FROM withdrawals WHERE user_id = ${user.userId})::text AS n,
                 (SELECT COUNT(*) FROM ledger_transactions l JOIN withdrawals w ON w.id = l.ref_id
                   WHERE w.user_id = ${user.userId} AND l.kind = 'withdrawal_lock')::text AS locks`,
    );
    expect(rows).toEqual({ n: '3', locks: '3' });
    expect(await balance(t.ctx, user.userId)).toEqual({ available: 9_850_000n, locked: 90_150_000n });
    expect(await auditLedger(t.ctx.db)).toEqual([]);
    report(t.ctx, 'withdrawal drain', { requests: 50, statuses }, ms);
  });

  it('a request repeated 20 times at once with one Idempotency-Key creates one withdrawal', async () => {
    const user = await newSession(t, 'retry');
    await fund(t.ctx, user.userId, 'BTC', '1');
    // Retries repeat the request byte for byte, its code included.
    const [totpCode] = await recoveryCodes(t.ctx, user.userId, 1);
    const result = await Promise.all(
      Array.from({ length: 20 }, () => requestWithdrawal(t, user, { ...btc('0.3'), totpCode }, 'same-key')),
    );
    const ok = result.filter((r) => r.statusCode === 200);
    // A repeat that arrives while the first is still open waits on the key and answers its result;
    // one past the window's five codes in flight answers 429 (docs/decisions/035). None makes a second.
    const refused = result.filter((r) => r.statusCode === 409 || r.statusCode === 429).length;
    expect(ok.length + refused).toBe(20);
    expect(new Set(ok.map((r) => r.json().data.id)).size).toBe(1);
    expect(await balance(t.ctx, user.userId)).toEqual({ available: 69_950_000n, locked: 30_050_000n });
  });
});

type Outcome = 'won' | 'refused';
const outcome = (p: Promise<unknown>): Promise<Outcome> =>
  p.then(
    () => 'won' as const,
    (error: unknown) => {
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).code).toBe('ACTION_NOT_AVAILABLE');
      return 'refused' as const;
    },
  );

/**
 * The user's cancel and an admin's action on the same withdrawal, both started in the same
 * tick straight on the services (over HTTP the admin's extra pre-handler queries let the user
 * be first every time); who is asked first alternates. Returns [cancel, admin] outcomes.
 */
async function raceCancel(
  items: { user: { userId: string }; id: string }[],
  action: 'approve' | 'reject' | 'processing' | 'complete',
) {
  const users = servicesOf(t.ctx).withdrawals;
  const decisions = servicesOf(t.ctx).admin.withdrawalDecisions;
  const actor = { staffId: admin.staff.id, ipAddress: '127.0.0.1', userAgent: 'race' };
  return timed(() =>
    Promise.all(
      items.map(async ({ user, id }, n): Promise<[Outcome, Outcome]> => {
        const body = { note: 'Гонка', txHash: txHashFor('BTC', 50_000 + n + action.length * 100) };
        const c = () => outcome(users.cancel(user.userId, id));
        const a = () => outcome(decisions.decide(actor, id, action, body));
        if (n % 2 === 0) return Promise.all([c(), a()]);
        const [admin, cancelled] = await Promise.all([a(), c()]);
        return [cancelled, admin];
      }),
    ),
  );
}

async function statusOf(id: string) {
  const [row] = await queryRows<{ status: string }>(
    t.ctx.db,
    sql`SELECT status FROM withdrawals WHERE id = ${id}`,
  );
  return row?.status;
}

describe('race: the user cancels while an admin acts', () => {
  it('cancel vs approve: one wins the PENDING request; a cancel after an approve still stands', async () => {
    const items = await pendingWithdrawals(20, 'cva');
    const { result, ms } = await raceCancel(items, 'approve');
    const postings = await postingsByWithdrawal(items.map((i) => i.id));
    const orders: Record<string, number> = {};
    for (const [n, { user, id }] of items.entries()) {
      const [c, a] = result[n] as [Outcome, Outcome];
      // Cancel first: the approve finds it CANCELLED. Approve first: the user may still take
      // back an APPROVED request (docs/decisions/012), so both stand, one after the other.
      const order = c === 'won' && a === 'refused' ? 'cancel-first' : 'approve-then-cancel';
      expect([c, a]).toEqual(order === 'cancel-first' ? ['won', 'refused'] : ['won', 'won']);
      orders[order] = (orders[order] ?? 0) + 1;
      expect(await statusOf(id)).toBe('CANCELLED');
      expect(postings.get(id)).toEqual({ withdrawal_lock: 1, withdrawal_unlock: 1 });
      expect(await balance(t.ctx, user.userId)).toEqual({ available: 100_000_000n, locked: 0n });
    }
    expect(await auditLedger(t.ctx.db)).toEqual([]);
    report(t.ctx, 'cancel vs approve', { pairs: items.length, orders }, ms);
  });

  // docs/decisions/023: a request is completed only once claimed (PROCESSING), which the
  // user can no longer cancel, so "cancel vs complete" is now a race the cancel always loses.
  it.each([
    ['reject', 'PENDING', 'REJECTED'],
    ['reject', 'APPROVED', 'REJECTED'],
    ['processing', 'APPROVED', 'PROCESSING'],
    ['complete', 'PROCESSING', 'COMPLETED'],
  ] as const)(
    'cancel vs %s of a %s request: exactly one wins, and the money follows it',
    async (action, from, to) => {
      const items = await pendingWithdrawals(16, `cv${action.slice(0, 2)}${from.slice(0, 1)}`);
      const steps = { PENDING: [], APPROVED: ['approve'], PROCESSING: ['approve', 'processing'] } as const;
      for (const { id } of items) {
        for (const step of steps[from])
          expect((await decide(t.app, admin.headers, id, step)).statusCode).toBe(200);
      }
      const { result, ms } = await raceCancel(items, action);
      const postings = await postingsByWithdrawal(items.map((i) => i.id));
      const winners: Record<string, number> = {};
      for (const [n, { user, id }] of items.entries()) {
        const [c, a] = result[n] as [Outcome, Outcome];
        expect([c, a].sort()).toEqual(['refused', 'won']);
        const winner = c === 'won' ? 'cancel' : action;
        winners[winner] = (winners[winner] ?? 0) + 1;
        expect(await statusOf(id)).toBe(winner === 'cancel' ? 'CANCELLED' : to);
        const sent = winner === 'complete';
        const held = winner === 'processing';
        expect(postings.get(id)).toEqual(
          sent
            ? { withdrawal_lock: 1, withdrawal_complete: 1 }
            : held
              ? { withdrawal_lock: 1 }
              : { withdrawal_lock: 1, withdrawal_unlock: 1 },
        );
        expect(await balance(t.ctx, user.userId)).toEqual(
          sent
            ? { available: 89_950_000n, locked: 0n }
            : held
              ? { available: 89_950_000n, locked: 10_050_000n }
              : { available: 100_000_000n, locked: 0n },
        );
      }
      if (from === 'PROCESSING') expect(winners).toEqual({ [action]: items.length });
      expect(await auditLedger(t.ctx.db)).toEqual([]);
      report(t.ctx, `cancel vs ${action} of ${from}`, { pairs: items.length, winners }, ms);
    },
  );

  it('over HTTP as well: each pair ends consistent, the money unlocked once', async () => {
    const items = await pendingWithdrawals(6, 'cvh');
    const result = await Promise.all(
      items.map(({ user, id }) =>
        Promise.all([cancel(t.app, user.headers, id), decide(t.app, admin.headers, id, 'approve')]),
      ),
    );
    for (const [n, [c, a]] of result.entries()) {
      expect(c.statusCode).toBe(200);
      expect([200, 409]).toContain(a.statusCode);
      expect(await statusOf(items[n]?.id as string)).toBe('CANCELLED');
    }
    expect(await auditLedger(t.ctx.db)).toEqual([]);
  });
});

describe('race: an admin completes twice', () => {
  it('one completion per withdrawal, whatever the hashes; external and fees credited once', async () => {
    const items = await pendingWithdrawals(20, 'ctw');
    for (const { id } of items) {
      expect((await decide(t.app, admin.headers, id, 'approve')).statusCode).toBe(200);
      // Claimed before it is sent (docs/decisions/023).
      expect((await decide(t.app, admin.headers, id, 'processing')).statusCode).toBe(200);
    }
    const external = await systemBalance(t.ctx, 'external');
    const fees = await systemBalance(t.ctx, 'fees');
    const { result, ms } = await timed(() =>
      Promise.all(
        items.flatMap(({ id }, n) => [
          decide(t.app, admin.headers, id, 'complete', { txHash: txHashFor('BTC', 10_000 + n) }),
          // Half the pairs repeat the same hash, half bring another one.
          decide(t.app, admin.headers, id, 'complete', {
            txHash: txHashFor('BTC', 10_000 + n + (n % 2) * 500),
          }),
        ]),
      ),
    );
    for (let n = 0; n < items.length; n++) {
      expect([result[2 * n]?.statusCode, result[2 * n + 1]?.statusCode].sort()).toEqual([200, 409]);
    }
    const postings = await postingsByWithdrawal(items.map((i) => i.id));
    for (const { id } of items)
      expect(postings.get(id)).toEqual({ withdrawal_lock: 1, withdrawal_complete: 1 });
    expect((await systemBalance(t.ctx, 'external')) - external).toBe(20n * 10_000_000n);
    expect((await systemBalance(t.ctx, 'fees')) - fees).toBe(20n * 50_000n);
    for (const { user } of items)
      expect(await balance(t.ctx, user.userId)).toEqual({ available: 89_950_000n, locked: 0n });
    expect(await auditLedger(t.ctx.db)).toEqual([]);
    report(
      t.ctx,
      'complete twice',
      { withdrawals: items.length, statuses: tally(result.map((r) => r.statusCode)) },
      ms,
    );
  });

  it('one transaction hash completes one withdrawal, even for two at once', async () => {
    const items = await pendingWithdrawals(10, 'hash');
    for (const { id } of items) {
      await decide(t.app, admin.headers, id, 'approve');
      await decide(t.app, admin.headers, id, 'processing');
    }
    const result = await Promise.all(
      items.map(({ id }, n) =>
        decide(t.app, admin.headers, id, 'complete', { txHash: txHashFor('BTC', 90_000 + (n >> 1)) }),
      ),
    );
    for (let n = 0; n < items.length; n += 2) {
      expect([result[n]?.statusCode, result[n + 1]?.statusCode].sort()).toEqual([200, 409]);
    }
    for (const r of result.filter((x) => x.statusCode === 409)) {
      expect(r.json()).toMatchObject({ code: 'CONFLICT', error: 'Этот TX Hash уже указан в другой заявке' });
    }
    expect(await auditLedger(t.ctx.db)).toEqual([]);
  });
});

describe('race: one two-factor code on two withdrawals at once', () => {
  it('passes once', async () => {
    const user = await newSession(t, 'tfa');
    await fund(t.ctx, user.userId, 'BTC', '1');
    t.clock.advance(30_000);
    const code = await totpCodeAt(TEST_TOTP_SECRET, t.clock.now());
    const result = await Promise.all(
      Array.from({ length: 5 }, () => requestWithdrawal(t, user, { ...btc('0.01'), totpCode: code })),
    );
    expect(tally(result.map((r) => r.statusCode))).toEqual({ 200: 1, 403: 4 });
    expect(await balance(t.ctx, user.userId)).toEqual({ available: 98_950_000n, locked: 1_050_000n });
  });
});
