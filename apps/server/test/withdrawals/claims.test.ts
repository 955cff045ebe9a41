import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client.ts';
import { signInStaff } from '../admin/factories.ts';
import { balance, expectLedgerSound, fund } from '../factories.ts';
import { createTestApp, signInEnrolled, type TestApp } from '../helpers.ts';
import {
  cancel,
  decide,
  EXTERNAL,
  myWithdrawals,
  postingsOf,
  requestWithdrawal,
  txHashFor,
} from './support.ts';

/**
 * «Отправить» claims a withdrawal for sending (docs/decisions/023, section 2): who and when
 * are recorded and audited, the destination is shown to the back office only from then on,
 * and only the claimer may mark the sending failed.
 */

let t: TestApp;
let admin: Awaited<ReturnType<typeof signInStaff>>;
let other: Awaited<ReturnType<typeof signInStaff>>;
let moderator: Awaited<ReturnType<typeof signInStaff>>;
beforeAll(async () => {
  // Fails here are the claimer's own: above FOUR_EYES_USD they are proposals, tested in
  // fail-four-eyes.test.ts (docs/decisions/035).
  t = await createTestApp({ FOUR_EYES_USD: '100000000' });
  admin = await signInStaff(t, { role: 'admin', firstName: 'Ольга', lastName: 'Отправитель' });
  other = await signInStaff(t, { role: 'admin', firstName: 'Пётр', lastName: 'Сменщик' });
  moderator = await signInStaff(t, { role: 'moderator' });
});
afterAll(async () => {
  await expectLedgerSound(t.ctx);
  await t.close();
});

let seq = 0;
/** A funded user with an APPROVED request of 0.1 BTC (+0.0005 fee) out of 1 BTC. */
async function approved() {
  seq += 1;
  const user = await signInEnrolled(t, `wd_claim_${seq}`);
  await fund(t.ctx, user.userId, 'BTC', '1');
  const res = await requestWithdrawal(t, user, {
    cryptocurrency: 'BTC',
    amount: '0.1',
    toAddress: EXTERNAL.BTC,
  });
  expect(res.statusCode, res.body).toBe(200);
  const id = res.json().data.id as string;
  expect((await decide(t.app, admin.headers, id, 'approve')).statusCode).toBe(200);
  return { user, id };
}

const queueRow = async (id: string, headers = admin.headers) =>
  (await t.app.inject({ url: '/api/v1/admin/withdrawals?limit=200', headers }))
    .json()
    .data.withdrawals.find((w: { id: string }) => w.id === id);

const claim = (id: string, headers = admin.headers) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/admin/withdrawals/${id}/processing`,
    headers: { ...headers, 'user-agent': 'Операторская консоль' },
  });

const preview = `${EXTERNAL.BTC.slice(0, 8)}…${EXTERNAL.BTC.slice(-6)}`;

describe('claiming a withdrawal for sending', () => {
  it('records who and when, audited with before/after, IP and user agent; the answer carries the destination', async () => {
    const { id } = await approved();
    t.clock.advance(60_000);
    const res = await claim(id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      status: 'PROCESSING',
      toAddress: EXTERNAL.BTC,
      amount: '0.10000000',
      claimedBy: { id: admin.staff.id, firstName: 'Ольга', lastName: 'Отправитель', role: 'admin' },
      claimedAt: t.clock.now().toISOString(),
      availableActions: ['complete', 'fail'],
    });
    const [row] = await queryRows<{ claimed_by: string; claimed_at: Date | string }>(
      t.ctx.db,
      sql`SELECT claimed_by, claimed_at FROM withdrawals WHERE id = ${id}`,
    );
    expect(row?.claimed_by).toBe(admin.staff.id);
    expect(new Date(row?.claimed_at ?? 0).toISOString()).toBe(t.clock.now().toISOString());

    const audit = (
      await t.app.inject({
        url: '/api/v1/admin/audit-logs?entityType=withdrawal&limit=200',
        headers: admin.headers,
      })
    )
      .json()
      .data.logs.filter((l: { entityId: string }) => l.entityId === id);
    expect(audit[0]).toMatchObject({
      action: 'withdrawal.processing',
      admin: { email: admin.staff.email },
      userAgent: 'Операторская консоль',
      ipAddress: expect.any(String),
      beforeState: { status: 'APPROVED', claimedBy: null, claimedAt: null },
      afterState: { status: 'PROCESSING', claimedBy: admin.staff.id, claimedAt: t.clock.now().toISOString() },
    });
  });

  it('hides the destination from the back office until the claim, in the queue and on the user page', async () => {
    const { user, id } = await approved();
    for (const headers of [admin.headers, moderator.headers]) {
      expect(await queueRow(id, headers)).toMatchObject({
        status: 'APPROVED',
        toAddress: null,
        addressPreview: preview,
        claimedBy: null,
        claimedAt: null,
      });
    }
    const page = async () =>
      (await t.app.inject({ url: `/api/v1/admin/users/${user.userId}`, headers: moderator.headers })).json()
        .data.withdrawals[0];
    expect(await page()).toMatchObject({ id, toAddress: null, addressPreview: preview });
    // The owner always sees where their coins go.
    expect((await myWithdrawals(t.app, user.headers)).json().data[0].toAddress).toBe(EXTERNAL.BTC);
    expect(JSON.stringify(await queueRow(id))).not.toContain(EXTERNAL.BTC);

    expect((await claim(id)).statusCode).toBe(200);
    expect(await queueRow(id, moderator.headers)).toMatchObject({ toAddress: EXTERNAL.BTC });
    expect(await page()).toMatchObject({ toAddress: EXTERNAL.BTC });
    // ... and the facts still count the address's earlier use.
    expect((await queueRow(id)).facts.addressUsedBefore).toEqual(expect.any(Object));
  });

  it('tells the user it is being sent: no longer cancellable, a cancel changes nothing', async () => {
    const { user, id } = await approved();
    expect((await myWithdrawals(t.app, user.headers)).json().data[0]).toMatchObject({ cancellable: true });
    await claim(id);
    expect((await myWithdrawals(t.app, user.headers)).json().data[0]).toMatchObject({
      status: 'PROCESSING',
      cancellable: false,
    });
    expect((await cancel(t.app, user.headers, id)).json().error).toBe(
      'Заявка уже отправляется и не может быть отменена',
    );
    expect(await balance(t.ctx, user.userId)).toEqual({ available: 89_950_000n, locked: 10_050_000n });
  });

  it('a second claim is told who has it', async () => {
    const { id } = await approved();
    await claim(id);
    const again = await claim(id, other.headers);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'ACTION_NOT_AVAILABLE',
      error: 'Заявку уже отправляет Ольга Отправитель',
      details: { status: 'PROCESSING', claimedBy: admin.staff.id },
    });
  });
});

describe('closing a claimed withdrawal', () => {
  it('any admin may complete it, and who did is recorded', async () => {
    const { user, id } = await approved();
    await claim(id);
    expect((await queueRow(id, other.headers)).availableActions).toEqual(['complete']);
    const res = await decide(t.app, other.headers, id, 'complete', { txHash: txHashFor('BTC', 71_001) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'COMPLETED', claimedBy: { id: admin.staff.id } });
    const [row] = await queryRows<{ reviewed_by: string }>(
      t.ctx.db,
      sql`SELECT reviewed_by FROM withdrawals WHERE id = ${id}`,
    );
    expect(row?.reviewed_by).toBe(other.staff.id);
    expect(await balance(t.ctx, user.userId)).toEqual({ available: 89_950_000n, locked: 0n });
  });

  it('only the claimer may fail it (403, nothing moves), unless the claimer is disabled', async () => {
    const { user, id } = await approved();
    await claim(id);
    const refused = await decide(t.app, other.headers, id, 'fail', { note: 'Не вижу транзакцию' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 'FORBIDDEN',
      error: 'Отметить неудачу может только тот, кто отправляет заявку: Ольга Отправитель',
    });
    expect(await postingsOf(t, id)).toEqual({ withdrawal_lock: 1 });
    expect(await balance(t.ctx, user.userId)).toEqual({ available: 89_950_000n, locked: 10_050_000n });

    // The claimer left: their claim no longer holds the request hostage.
    await queryRows(t.ctx.db, sql`UPDATE staff SET disabled_at = now() WHERE id = ${admin.staff.id}`);
    try {
      expect((await queueRow(id, other.headers)).availableActions).toEqual(['complete', 'fail']);
      const res = await decide(t.app, other.headers, id, 'fail', { note: 'Узел не принял транзакцию' });
      expect(res.statusCode, res.body).toBe(200);
      expect(await balance(t.ctx, user.userId)).toEqual({ available: 100_000_000n, locked: 0n });
    } finally {
      await queryRows(t.ctx.db, sql`UPDATE staff SET disabled_at = NULL WHERE id = ${admin.staff.id}`);
    }
  });

  it('the claimer fails it and the money returns once', async () => {
    const { user, id } = await approved();
    await claim(id);
    const res = await decide(t.app, admin.headers, id, 'fail', { note: 'Узел не принял транзакцию' });
    expect(res.json().data).toMatchObject({ status: 'FAILED', toAddress: EXTERNAL.BTC });
    expect(await postingsOf(t, id)).toEqual({ withdrawal_lock: 1, withdrawal_unlock: 1 });
    expect(await balance(t.ctx, user.userId)).toEqual({ available: 100_000_000n, locked: 0n });
  });
});

describe('rejecting before the claim', () => {
  it('rejects an APPROVED request (unclaimed), not a PROCESSING one', async () => {
    const first = await approved();
    const rejected = await decide(t.app, admin.headers, first.id, 'reject', { note: 'Адрес под санкциями' });
    expect(rejected.json().data).toMatchObject({ status: 'REJECTED' });
    expect(await balance(t.ctx, first.user.userId)).toEqual({ available: 100_000_000n, locked: 0n });

    const second = await approved();
    await claim(second.id);
    const late = await decide(t.app, admin.headers, second.id, 'reject', { note: 'Поздно' });
    expect(late.statusCode).toBe(409);
    expect(await postingsOf(t, second.id)).toEqual({ withdrawal_lock: 1 });
  });
});
