import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInStaff } from '../admin/factories.ts';
import { balance, expectLedgerSound, fund } from '../factories.ts';
import { createTestApp, signInEnrolled, type TestApp } from '../helpers.ts';
import { systemBalance } from '../races/support.ts';
import { cancel, decide, EXTERNAL, postingsOf, requestWithdrawal, txHashFor } from './support.ts';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signInStaff>>;
let moderator: Awaited<ReturnType<typeof signInStaff>>;
beforeAll(async () => {
  // Fails here are the claimer's own: above FOUR_EYES_USD they are proposals, tested in
  // fail-four-eyes.test.ts (docs/decisions/035).
  t = await createTestApp({ FOUR_EYES_USD: '100000000' });
  admin = await signInStaff(t, { role: 'admin' });
  moderator = await signInStaff(t, { role: 'moderator' });
});
afterAll(async () => {
  await expectLedgerSound(t.ctx);
  await t.close();
});

let seq = 0;
/** A funded user with a fresh PENDING request of 0.1 BTC (+0.0005 fee) out of 1 BTC. */
async function pending(amount = '0.1') {
  seq += 1;
  const user = await signInEnrolled(t, `wd_dec_${seq}`);
  await fund(t.ctx, user.userId, 'BTC', '1');
  const res = await requestWithdrawal(t, user, {
    cryptocurrency: 'BTC',
    amount,
    toAddress: EXTERNAL.BTC,
  });
  expect(res.statusCode).toBe(200);
  return { user, id: res.json().data.id as string };
}

const auditOf = async (entityId: string) =>
  (
    await t.app.inject({
      url: '/api/v1/admin/audit-logs?entityType=withdrawal&limit=200',
      headers: admin.headers,
    })
  )
    .json()
    .data.logs.filter((l: { entityId: string }) => l.entityId === entityId);

describe('admin decisions on withdrawals', () => {
  it('approve -> processing -> complete sends amount to external and the fee to fees, audited', async () => {
    const { user, id } = await pending();
    const externalBefore = await systemBalance(t.ctx, 'external');
    const feesBefore = await systemBalance(t.ctx, 'fees');
    const approved = await decide(t.app, admin.headers, id, 'approve', { note: 'Проверено' });
    expect(approved.statusCode).toBe(200);
    expect(approved.json().data).toMatchObject({
      status: 'APPROVED',
      reviewNotes: 'Проверено',
      // docs/decisions/023: claimed («Отправить») before it is sent, rejectable until then.
      availableActions: ['reject', 'processing'],
      user: { id: user.userId, username: 'wd_dec_1' },
    });
    // The body is optional: only reject needs a note, only complete a hash (docs/decisions/012).
    const bare = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/withdrawals/${id}/processing`,
      headers: admin.headers,
    });
    expect(bare.json()).toMatchObject({ data: { status: 'PROCESSING' } });
    expect(await balance(t.ctx, user.userId)).toEqual({ available: 89_950_000n, locked: 10_050_000n });
    const hash = 'AB'.repeat(32);
    const done = await decide(t.app, admin.headers, id, 'complete', { txHash: hash });
    expect(done.statusCode).toBe(200);
    expect(done.json().data).toMatchObject({
      status: 'COMPLETED',
      txHash: hash.toLowerCase(),
      explorerUrl: `https://mempool.space/tx/${hash.toLowerCase()}`,
      completedAt: t.clock.now().toISOString(),
      availableActions: [],
    });
    expect(await balance(t.ctx, user.userId)).toEqual({ available: 89_950_000n, locked: 0n });
    expect((await systemBalance(t.ctx, 'external')) - externalBefore).toBe(10_000_000n);
    expect((await systemBalance(t.ctx, 'fees')) - feesBefore).toBe(50_000n);
    expect(await postingsOf(t, id)).toEqual({ withdrawal_lock: 1, withdrawal_complete: 1 });

    const audit = await auditOf(id);
    expect(audit.map((l: { action: string }) => l.action)).toEqual([
      'withdrawal.complete',
      'withdrawal.processing',
      'withdrawal.approve',
    ]);
    expect(audit[0]).toMatchObject({
      admin: { email: admin.staff.email },
      beforeState: { status: 'PROCESSING', txHash: null },
      afterState: { status: 'COMPLETED', txHash: hash.toLowerCase() },
      metadata: { userId: user.userId, currency: 'BTC', network: 'BTC' },
    });
    expect(audit[0].metadata.ledgerTxId).toMatch(/^[0-9a-f-]{36}$/);
    // The user sees the outcome in the history.
    const mine = (
      await t.app.inject({ url: '/api/v1/withdrawals/my-withdrawals', headers: user.headers })
    ).json();
    expect(mine.data[0]).toMatchObject({
      id,
      status: 'COMPLETED',
      txHash: hash.toLowerCase(),
      cancellable: false,
    });
  });

  it('rejects only with a reason, and the money returns', async () => {
    const { user, id } = await pending();
    const noReason = await decide(t.app, admin.headers, id, 'reject', { note: '  ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().error).toBe('Укажите причину отклонения');
    const res = await decide(t.app, admin.headers, id, 'reject', { note: 'Адрес под санкциями' });
    expect(res.json().data).toMatchObject({ status: 'REJECTED', reviewNotes: 'Адрес под санкциями' });
    expect(await balance(t.ctx, user.userId)).toEqual({ available: 100_000_000n, locked: 0n });
    expect(await postingsOf(t, id)).toEqual({ withdrawal_lock: 1, withdrawal_unlock: 1 });
    expect((await auditOf(id))[0]).toMatchObject({
      action: 'withdrawal.reject',
      note: 'Адрес под санкциями',
    });
  });

  it('fails a PROCESSING withdrawal back to available', async () => {
    const { user, id } = await pending();
    await decide(t.app, admin.headers, id, 'approve');
    await decide(t.app, admin.headers, id, 'processing');
    const res = await decide(t.app, admin.headers, id, 'fail', { note: 'Узел не принял транзакцию' });
    expect(res.json().data.status).toBe('FAILED');
    expect(await balance(t.ctx, user.userId)).toEqual({ available: 100_000_000n, locked: 0n });
  });

  it('completes a claimed request only (not straight from APPROVED); needs a hash of the network’s format, unique per network', async () => {
    const first = await pending();
    const second = await pending();
    for (const p of [first, second]) await decide(t.app, admin.headers, p.id, 'approve');
    // docs/decisions/023: sending starts with the claim, so APPROVED cannot be completed.
    const unclaimed = await decide(t.app, admin.headers, first.id, 'complete', {
      txHash: txHashFor('BTC', 76),
    });
    expect(unclaimed.statusCode).toBe(409);
    expect(unclaimed.json()).toMatchObject({ code: 'ACTION_NOT_AVAILABLE', error: 'Действие недоступно' });
    expect(await postingsOf(t, first.id)).toEqual({ withdrawal_lock: 1 });
    for (const p of [first, second]) await decide(t.app, admin.headers, p.id, 'processing');
    const missing = await decide(t.app, admin.headers, first.id, 'complete', {});
    expect(missing.json()).toMatchObject({ code: 'VALIDATION_ERROR', error: 'Введите TX Hash' });
    const evm = await decide(t.app, admin.headers, first.id, 'complete', { txHash: txHashFor('ETH', 5) });
    expect(evm.statusCode).toBe(400);
    expect(evm.json().error).toBe('Неверный формат TX Hash для сети Bitcoin');
    const hash = txHashFor('BTC', 77);
    expect((await decide(t.app, admin.headers, first.id, 'complete', { txHash: hash })).statusCode).toBe(200);
    const reused = await decide(t.app, admin.headers, second.id, 'complete', { txHash: hash.toUpperCase() });
    expect(reused.statusCode).toBe(409);
    expect(reused.json().error).toBe('Этот TX Hash уже указан в другой заявке');
    expect(await postingsOf(t, second.id)).toEqual({ withdrawal_lock: 1 });
  });

  it('answers 409 to every transition the table does not allow, changing nothing', async () => {
    const { user, id } = await pending();
    const attempt = async (action: string, body: Record<string, unknown> = {}) =>
      (
        await decide(t.app, admin.headers, id, action, {
          note: 'x',
          txHash: txHashFor('BTC', 9000 + seq),
          ...body,
        })
      ).statusCode;
    expect(await attempt('processing')).toBe(409); // PENDING
    expect(await attempt('fail')).toBe(409);
    expect(await attempt('approve')).toBe(200);
    expect(await attempt('approve')).toBe(409); // twice
    // docs/decisions/023: neither sent nor failed before it is claimed (reject of APPROVED is
    // allowed now: see claims.test.ts).
    expect(await attempt('complete')).toBe(409); // APPROVED
    expect(await attempt('fail')).toBe(409);
    expect((await cancel(t.app, user.headers, id)).statusCode).toBe(200); // the user may still
    for (const action of ['approve', 'reject', 'processing', 'complete', 'fail']) {
      expect(await attempt(action), action).toBe(409);
    }
    expect(await postingsOf(t, id)).toEqual({ withdrawal_lock: 1, withdrawal_unlock: 1 });
    expect(await balance(t.ctx, user.userId)).toEqual({ available: 100_000_000n, locked: 0n });
  });

  it('lets the user cancel APPROVED but not PROCESSING', async () => {
    const { user, id } = await pending();
    await decide(t.app, admin.headers, id, 'approve');
    await decide(t.app, admin.headers, id, 'processing');
    const res = await cancel(t.app, user.headers, id);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe('Заявка уже отправляется и не может быть отменена');
  });

  it('lets moderators see the queue but not decide (403), and users not at all', async () => {
    const { user, id } = await pending();
    const list = await t.app.inject({
      url: '/api/v1/admin/withdrawals?status=PENDING',
      headers: moderator.headers,
    });
    expect(list.statusCode).toBe(200);
    expect(list.json().data.withdrawals.some((w: { id: string }) => w.id === id)).toBe(true);
    const res = await decide(t.app, moderator.headers, id, 'approve');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      code: 'FORBIDDEN',
      error: 'Решения по выводам принимают только администраторы',
    });
    expect((await decide(t.app, user.headers, id, 'approve')).statusCode).toBe(401);
    expect(
      (await decide(t.app, admin.headers, '00000000-0000-4000-8000-000000000000', 'approve')).statusCode,
    ).toBe(404);
  });

  it('pages the queue newest first, by status, with the usual pagination fields', async () => {
    for (let i = 0; i < 3; i++) {
      t.clock.advance(1000);
      await pending();
    }
    const res = await t.app.inject({
      url: '/api/v1/admin/withdrawals?limit=2&status=PENDING',
      headers: admin.headers,
    });
    const { withdrawals, pagination } = res.json().data;
    expect(withdrawals).toHaveLength(2);
    expect(withdrawals[0].createdAt >= withdrawals[1].createdAt).toBe(true);
    expect(withdrawals.every((w: { status: string }) => w.status === 'PENDING')).toBe(true);
    expect(pagination).toMatchObject({ page: 1, limit: 2, hasPrev: false, hasNext: true });
    expect(pagination.totalPages).toBe(Math.ceil(pagination.total / 2));
    const bad = await t.app.inject({ url: '/api/v1/admin/withdrawals?status=DONE', headers: admin.headers });
    expect(bad.statusCode).toBe(400);
  });
});
