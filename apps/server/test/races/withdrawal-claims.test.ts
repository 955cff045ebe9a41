import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client.ts';
import { AppError } from '../../src/errors.ts';
import { auditLedger } from '../../src/ops/ledger-audit.ts';
import { signInStaff } from '../admin/factories.ts';
import { balance, expectLedgerSound, fund } from '../factories.ts';
import { createTestApp, servicesOf, type TestApp } from '../helpers.ts';
import {
  cancel,
  decide,
  EXTERNAL,
  postingsOf,
  requestWithdrawal,
  txHashFor,
} from '../withdrawals/support.ts';
import { newSession, report, settle, systemBalance, tally, timed } from './support.ts';

/**
 * Withdrawals are claimed before they are sent (docs/decisions/023, section 2). The operator's
 * «Отправить» (APPROVED -> PROCESSING) and the user's cancel lock the same row: exactly one of
 * them wins, and once claimed the request can no longer be cancelled, so coins that leave on
 * the chain are never also returned to the balance.
 */

let t: TestApp;
let admin: Awaited<ReturnType<typeof signInStaff>>;
let second: Awaited<ReturnType<typeof signInStaff>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signInStaff(t, { role: 'admin' });
  second = await signInStaff(t, { role: 'admin' });
});
afterAll(async () => {
  await expectLedgerSound(t.ctx);
  await t.close();
});

const btc = { cryptocurrency: 'BTC', amount: '0.1', toAddress: EXTERNAL.BTC };
const actorOf = (staffId: string) => ({ staffId, ipAddress: '127.0.0.1', userAgent: 'race' });

/** A funded user (1 BTC) whose request of 0.1 BTC (+0.0005 fee) an admin has approved. */
async function approvedWithdrawal(prefix: string) {
  const user = await newSession(t, prefix);
  await fund(t.ctx, user.userId, 'BTC', '1');
  const res = await requestWithdrawal(t, user, btc);
  expect(res.statusCode, res.body).toBe(200);
  const id = res.json().data.id as string;
  expect((await decide(t.app, admin.headers, id, 'approve')).statusCode).toBe(200);
  return { user, id };
}

async function rowOf(id: string) {
  const [row] = await queryRows<{ status: string; claimed_by: string | null; claimed_at: string | null }>(
    t.ctx.db,
    sql`SELECT status, claimed_by, claimed_at FROM withdrawals WHERE id = ${id}`,
  );
  return row;
}

describe('race: the user cancels while an operator claims the withdrawal for sending', () => {
  it('exactly one wins, every round, whoever fires first; the money is unlocked at most once', async () => {
    const users = servicesOf(t.ctx).withdrawals;
    const decisions = servicesOf(t.ctx).admin.withdrawalDecisions;
    const winners: Record<string, number> = {};
    let ms = 0;
    for (let round = 0; round < 12; round++) {
      const { user, id } = await approvedWithdrawal(`clm${round}`);
      const cancelIt = () => settle(users.cancel(user.userId, id));
      const claimIt = () => settle(decisions.decide(actorOf(admin.staff.id), id, 'processing', {}));
      // Who is asked first alternates: both start in the same tick and meet at the row lock.
      const started = performance.now();
      const [c, k] =
        round % 2 === 0
          ? await Promise.all([cancelIt(), claimIt()])
          : await Promise.all([claimIt(), cancelIt()]).then(([a, b]) => [b, a] as const);
      ms += performance.now() - started;

      expect([c.ok, k.ok].filter(Boolean), `round ${round}`).toHaveLength(1);
      const loser = c.ok ? k : c;
      expect(loser.ok).toBe(false);
      if (!loser.ok) {
        expect(loser.error).toBeInstanceOf(AppError);
        expect((loser.error as AppError).code).toBe('ACTION_NOT_AVAILABLE');
      }
      const winner = c.ok ? 'cancel' : 'claim';
      winners[winner] = (winners[winner] ?? 0) + 1;
      const row = await rowOf(id);
      if (winner === 'cancel') {
        expect(row).toMatchObject({ status: 'CANCELLED', claimed_by: null, claimed_at: null });
        expect(await postingsOf(t, id)).toEqual({ withdrawal_lock: 1, withdrawal_unlock: 1 });
        expect(await balance(t.ctx, user.userId)).toEqual({ available: 100_000_000n, locked: 0n });
      } else {
        // The claim stands: still locked, the user's cancel refused with the reason.
        expect((c.ok ? null : (c.error as AppError))?.message).toBe(
          'Заявка уже отправляется и не может быть отменена',
        );
        expect(row).toMatchObject({ status: 'PROCESSING', claimed_by: admin.staff.id });
        expect(row?.claimed_at).not.toBeNull();
        expect(await postingsOf(t, id)).toEqual({ withdrawal_lock: 1 });
        expect(await balance(t.ctx, user.userId)).toEqual({ available: 89_950_000n, locked: 10_050_000n });
        // ... and it can be completed once, the coins leave once.
        const hash = txHashFor('BTC', 61_000 + round);
        expect((await decide(t.app, admin.headers, id, 'complete', { txHash: hash })).statusCode).toBe(200);
        expect(await postingsOf(t, id)).toEqual({ withdrawal_lock: 1, withdrawal_complete: 1 });
      }
    }
    expect(await auditLedger(t.ctx.db)).toEqual([]);
    report(t.ctx, 'cancel vs claim', { rounds: 12, winners }, Math.round(ms));
  });

  it('two operators claim at once: one claim, the other told who has it', async () => {
    const decisions = servicesOf(t.ctx).admin.withdrawalDecisions;
    for (let round = 0; round < 10; round++) {
      const { id } = await approvedWithdrawal(`clm2_${round}`);
      const [a, b] = await Promise.all([
        settle(decisions.decide(actorOf(admin.staff.id), id, 'processing', {})),
        settle(decisions.decide(actorOf(second.staff.id), id, 'processing', {})),
      ]);
      expect([a.ok, b.ok].filter(Boolean)).toHaveLength(1);
      const loser = (a.ok ? b : a) as { ok: false; error: AppError };
      expect(loser.error.code).toBe('ACTION_NOT_AVAILABLE');
      expect(loser.error.message).toMatch(/^Заявку уже отправляет /);
      expect((await rowOf(id))?.claimed_by).toBe(a.ok ? admin.staff.id : second.staff.id);
      expect(await postingsOf(t, id)).toEqual({ withdrawal_lock: 1 });
    }
    expect(await auditLedger(t.ctx.db)).toEqual([]);
  });
});

describe('a withdrawal is sent only after it was claimed', () => {
  it('complete from APPROVED is 409 and moves nothing', async () => {
    const { user, id } = await approvedWithdrawal('cfa');
    const external = await systemBalance(t.ctx, 'external');
    const res = await decide(t.app, admin.headers, id, 'complete', { txHash: txHashFor('BTC', 62_001) });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'ACTION_NOT_AVAILABLE',
      error: 'Действие недоступно',
      details: { status: 'APPROVED' },
    });
    const fail = await decide(t.app, admin.headers, id, 'fail', { note: 'Не ушло' });
    expect(fail.statusCode).toBe(409);
    expect((await rowOf(id))?.status).toBe('APPROVED');
    expect(await postingsOf(t, id)).toEqual({ withdrawal_lock: 1 });
    expect(await systemBalance(t.ctx, 'external')).toBe(external);
    expect(await balance(t.ctx, user.userId)).toEqual({ available: 89_950_000n, locked: 10_050_000n });
  });

  it('cancel of a PROCESSING one is 409 with its reason, in either language, and changes nothing', async () => {
    const { user, id } = await approvedWithdrawal('cpr');
    expect((await decide(t.app, admin.headers, id, 'processing')).statusCode).toBe(200);
    const before = await rowOf(id);
    const res = await cancel(t.app, user.headers, id);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'ACTION_NOT_AVAILABLE',
      error: 'Заявка уже отправляется и не может быть отменена',
      details: { status: 'PROCESSING' },
    });
    const english = await t.app.inject({
      method: 'POST',
      url: `/api/v1/withdrawals/${id}/cancel`,
      headers: { ...user.headers, 'accept-language': 'en' },
    });
    expect(english.json().error).toBe('The withdrawal is already being sent and cannot be cancelled');
    expect(await rowOf(id)).toEqual(before);
    expect(await postingsOf(t, id)).toEqual({ withdrawal_lock: 1 });
    expect(await balance(t.ctx, user.userId)).toEqual({ available: 89_950_000n, locked: 10_050_000n });
  });

  it('a claimed withdrawal completes once, whatever the hashes; external and fees credited once', async () => {
    const items: Awaited<ReturnType<typeof approvedWithdrawal>>[] = [];
    for (let n = 0; n < 10; n++) items.push(await approvedWithdrawal(`cto${n}`));
    for (const { id } of items)
      expect((await decide(t.app, admin.headers, id, 'processing')).statusCode).toBe(200);
    const external = await systemBalance(t.ctx, 'external');
    const fees = await systemBalance(t.ctx, 'fees');
    const { result, ms } = await timed(() =>
      Promise.all(
        items.flatMap(({ id }, n) => [
          decide(t.app, admin.headers, id, 'complete', { txHash: txHashFor('BTC', 63_000 + n) }),
          // The other admin completes too: half with the same hash, half with another one.
          decide(t.app, second.headers, id, 'complete', {
            txHash: txHashFor('BTC', 63_000 + n + (n % 2) * 500),
          }),
        ]),
      ),
    );
    for (let n = 0; n < items.length; n++) {
      expect([result[2 * n]?.statusCode, result[2 * n + 1]?.statusCode].sort()).toEqual([200, 409]);
    }
    for (const { id, user } of items) {
      expect(await postingsOf(t, id)).toEqual({ withdrawal_lock: 1, withdrawal_complete: 1 });
      expect(await balance(t.ctx, user.userId)).toEqual({ available: 89_950_000n, locked: 0n });
    }
    expect((await systemBalance(t.ctx, 'external')) - external).toBe(10n * 10_000_000n);
    expect((await systemBalance(t.ctx, 'fees')) - fees).toBe(10n * 50_000n);
    expect(await auditLedger(t.ctx.db)).toEqual([]);
    report(t.ctx, 'claimed completes twice', { statuses: tally(result.map((r) => r.statusCode)) }, ms);
  });
});
