import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs } from '../../src/db/schema.ts';
import { signInStaff } from '../admin/factories.ts';
import { balance, expectLedgerSound, fund } from '../factories.ts';
import { createTestApp, signInEnrolled, type TestApp } from '../helpers.ts';
import { decide, EXTERNAL, postingsOf, requestWithdrawal, txHashFor } from './support.ts';

/**
 * Failing a claimed withdrawal above FOUR_EYES_USD (default $1 000) is a proposal a second
 * admin approves (docs/decisions/035): the coins may have left the hot wallet, so one
 * operator's word never returns them to the balance. The feed is offline: BTC at the fallback
 * $65 000, so 0.1 BTC (+0.0005 fee) is $6 532.50 and 0.01 BTC is below the line.
 */

type Staff = Awaited<ReturnType<typeof signInStaff>>;
let t: TestApp;
let claimer: Staff;
let second: Staff;
beforeAll(async () => {
  t = await createTestApp();
  claimer = await signInStaff(t, { role: 'admin' });
  second = await signInStaff(t, { role: 'admin' });
});
afterAll(async () => {
  await expectLedgerSound(t.ctx);
  await t.close();
});

let seq = 0;
/** A user with 1 BTC and a PROCESSING withdrawal of `amount` BTC claimed by `claimer`. */
async function claimed(amount: string) {
  seq += 1;
  const user = await signInEnrolled(t, `wd_fail4_${seq}`);
  await fund(t.ctx, user.userId, 'BTC', '1');
  const res = await requestWithdrawal(t, user, { cryptocurrency: 'BTC', amount, toAddress: EXTERNAL.BTC });
  expect(res.statusCode, res.body).toBe(200);
  const id = res.json().data.id as string;
  expect((await decide(t.app, claimer.headers, id, 'approve')).statusCode).toBe(200);
  expect((await decide(t.app, claimer.headers, id, 'processing')).statusCode).toBe(200);
  return { user, id };
}

const status = async (id: string) =>
  (await t.app.inject({ url: '/api/v1/admin/withdrawals?limit=200', headers: claimer.headers }))
    .json()
    .data.withdrawals.find((w: { id: string }) => w.id === id).status;

const approval = (id: string, action: 'approve' | 'reject', who: Staff, note?: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/admin/approvals/${id}/${action}`,
    headers: who.headers,
    payload: note ? { note } : {},
  });

const CHECKED = 'Транзакции нет ни в мемпуле, ни в блоках: проверено по адресу и по хешу';

describe('failing a large claimed withdrawal', () => {
  it('one admin alone cannot return it: the fail is a proposal, nothing moves', async () => {
    const { user, id } = await claimed('0.1');
    const res = await decide(t.app, claimer.headers, id, 'fail', { note: CHECKED });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json().data).toMatchObject({
      pendingApproval: true,
      kind: 'withdrawal.fail',
      amount: '0.10050000',
      usdValue: '6532.50',
      thresholdUsd: 1000,
    });
    expect(await status(id)).toBe('PROCESSING');
    expect(await balance(t.ctx, user.userId)).toEqual({ available: 89_950_000n, locked: 10_050_000n });
    // Asking again while it waits: 409, no second proposal.
    expect((await decide(t.app, claimer.headers, id, 'fail', { note: CHECKED })).statusCode).toBe(409);
    // The proposer cannot approve their own proposal.
    const own = await approval(res.json().data.approvalId, 'approve', claimer);
    expect(own.statusCode).toBe(403);
    expect(await status(id)).toBe('PROCESSING');
    expect(await balance(t.ctx, user.userId)).toEqual({ available: 89_950_000n, locked: 10_050_000n });
  });

  it('the second admin approves: the amount and fee return exactly once, audited with the proposal', async () => {
    const { user, id } = await claimed('0.1');
    const proposed = await decide(t.app, claimer.headers, id, 'fail', { note: CHECKED });
    const approvalId = proposed.json().data.approvalId as string;
    const list = await t.app.inject({ url: '/api/v1/admin/approvals', headers: second.headers });
    expect(list.json().data.approvals.find((a: { id: string }) => a.id === approvalId)).toMatchObject({
      kind: 'withdrawal.fail',
      reason: CHECKED,
      withdrawal: { id, status: 'PROCESSING', network: 'BTC' },
      mayDecide: true,
    });
    const [first, again] = await Promise.all([
      approval(approvalId, 'approve', second, 'Сверил с узлом'),
      approval(approvalId, 'approve', second),
    ]);
    expect([first.statusCode, again.statusCode].sort()).toEqual([200, 409]);
    expect(await status(id)).toBe('FAILED');
    expect(await balance(t.ctx, user.userId)).toEqual({ available: 100_000_000n, locked: 0n });
    expect(await postingsOf(t, id)).toEqual({ withdrawal_lock: 1, withdrawal_unlock: 1 });
    const audit = await t.ctx.db.select().from(auditLogs).where(eq(auditLogs.entityId, id));
    const failed = audit.find((a) => a.action === 'withdrawal.fail');
    expect(failed).toMatchObject({ staffId: second.staff.id, note: CHECKED });
    expect(failed?.metadata).toMatchObject({ approvalId });
    expect(audit.find((a) => a.action === 'approval.propose')).toMatchObject({ staffId: claimer.staff.id });
  });

  it('sent meanwhile: the proposal goes stale (409) and the coins do not come back', async () => {
    const { user, id } = await claimed('0.1');
    const proposed = await decide(t.app, claimer.headers, id, 'fail', { note: CHECKED });
    const completed = await decide(t.app, claimer.headers, id, 'complete', {
      txHash: txHashFor('BTC', 4242),
    });
    expect(completed.statusCode, completed.body).toBe(200);
    const late = await approval(proposed.json().data.approvalId, 'approve', second);
    expect(late.statusCode).toBe(409);
    expect(await status(id)).toBe('COMPLETED');
    expect(await balance(t.ctx, user.userId)).toEqual({ available: 89_950_000n, locked: 0n });
  });

  it('needs a note of what was checked on the chain', async () => {
    const { id } = await claimed('0.01');
    const bare = await decide(t.app, claimer.headers, id, 'fail', {});
    expect(bare.statusCode).toBe(400);
    expect(bare.json()).toMatchObject({ details: { field: 'note' } });
    expect(await status(id)).toBe('PROCESSING');
  });

  it('below the line the claimer fails it at once, audited as before', async () => {
    const { user, id } = await claimed('0.01');
    const res = await decide(t.app, claimer.headers, id, 'fail', { note: CHECKED });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.status).toBe('FAILED');
    expect(await balance(t.ctx, user.userId)).toEqual({ available: 100_000_000n, locked: 0n });
  });
});
