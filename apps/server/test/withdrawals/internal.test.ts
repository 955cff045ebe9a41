import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RealtimeEvent } from '../../src/events/notifier.ts';
import { signInStaff } from '../admin/factories.ts';
import { balance, expectLedgerSound, fund } from '../factories.ts';
import { createTestApp, signInEnrolled, type TestApp } from '../helpers.ts';
import { systemBalance } from '../races/support.ts';
import {
  decide,
  EXTERNAL,
  giveDepositAddress,
  myWithdrawals,
  postingsOf,
  requestWithdrawal,
} from './support.ts';

let t: TestApp;
const events: RealtimeEvent[] = [];
beforeAll(async () => {
  t = await createTestApp();
  t.ctx.notifier.subscribe((e) => events.push(e));
});
afterAll(async () => {
  await expectLedgerSound(t.ctx);
  await t.close();
});

const history = async (headers: Record<string, string>, query = '') =>
  (await t.app.inject({ url: `/api/v1/wallet/transactions${query}`, headers })).json().data;

describe('internal transfers: withdrawals to another user’s deposit address', () => {
  it('settle at once, user to user, with no fee, in both histories', async () => {
    const sender = await signInEnrolled(t, 'int_sender');
    const recipient = await signInEnrolled(t, 'int_recipient');
    await fund(t.ctx, sender.userId, 'ETH', '2');
    const address = await giveDepositAddress(t, recipient.userId, 'ethereum');
    const feesBefore = await systemBalance(t.ctx, 'fees', 'ETH');
    const externalBefore = await systemBalance(t.ctx, 'external', 'ETH');

    const res = await requestWithdrawal(t, sender, {
      cryptocurrency: 'ETH',
      amount: '0.5',
      toAddress: address.toLowerCase(),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Перевод выполнен');
    const w = res.json().data;
    expect(w).toMatchObject({
      status: 'COMPLETED',
      internal: true,
      fee: '0.00000000',
      total: '0.50000000',
      toAddress: address,
      txHash: null,
      completedAt: t.clock.now().toISOString(),
      cancellable: false,
    });
    expect(await balance(t.ctx, sender.userId, 'ETH')).toEqual({ available: 150_000_000n, locked: 0n });
    expect(await balance(t.ctx, recipient.userId, 'ETH')).toEqual({ available: 50_000_000n, locked: 0n });
    expect(await systemBalance(t.ctx, 'fees', 'ETH')).toBe(feesBefore);
    expect(await systemBalance(t.ctx, 'external', 'ETH')).toBe(externalBefore);
    expect(await postingsOf(t, w.id)).toEqual({ internal_transfer: 1 });

    const out = await history(sender.headers, '?type=transfer');
    expect(out.transactions).toEqual([
      expect.objectContaining({
        type: 'transfer',
        operation: 'transfer_out',
        currency: 'ETH',
        availableChange: '-0.50000000',
        lockedChange: '0.00000000',
        totalChange: '-0.50000000',
        fee: null,
        reference: { type: 'withdrawal', id: w.id },
        status: 'COMPLETED',
      }),
    ]);
    const incoming = await history(recipient.headers);
    expect(incoming.transactions).toEqual([
      expect.objectContaining({ operation: 'transfer_in', totalChange: '0.50000000', fee: null }),
    ]);
    expect((await myWithdrawals(t.app, sender.headers)).json().data[0]).toMatchObject({
      id: w.id,
      internal: true,
    });
    // The recipient learns of it too, as an incoming transfer.
    const last = events.filter((e) => e.event === 'withdrawal:updated').slice(-2);
    expect(last.map((e) => [e.room, (e.payload as { direction: string }).direction])).toEqual([
      [`user:${sender.userId}`, 'out'],
      [`user:${recipient.userId}`, 'in'],
    ]);
    await expectLedgerSound(t.ctx);
  });

  it('look up the chain of the network: an Ethereum deposit address is not a BNB Smart Chain one', async () => {
    const sender = await signInEnrolled(t, 'int_chain_sender');
    const recipient = await signInEnrolled(t, 'int_chain_recipient');
    await fund(t.ctx, sender.userId, 'BNB', '1');
    const address = await giveDepositAddress(t, recipient.userId, 'ethereum');
    const res = await requestWithdrawal(t, sender, {
      cryptocurrency: 'BNB',
      amount: '0.1',
      toAddress: address,
    });
    expect(res.json().data).toMatchObject({ internal: false, status: 'PENDING', network: 'BNB-BEP20' });
  });

  it('refuse a transfer to one’s own deposit address, and more than the balance', async () => {
    const user = await signInEnrolled(t, 'int_self');
    const rich = await signInEnrolled(t, 'int_other');
    await fund(t.ctx, user.userId, 'BTC', '0.01');
    const own = await giveDepositAddress(t, user.userId, 'bitcoin');
    const res = await requestWithdrawal(t, user, {
      cryptocurrency: 'BTC',
      amount: '0.005',
      toAddress: own,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'RULE_VIOLATION',
      error: 'Это ваш собственный адрес пополнения: вывод на него невозможен',
    });
    const theirs = await giveDepositAddress(t, rich.userId, 'bitcoin');
    const tooMuch = await requestWithdrawal(t, user, {
      cryptocurrency: 'BTC',
      amount: '0.011',
      toAddress: theirs.toUpperCase(),
    });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().error).toBe('Недостаточно средств. Доступно: 0.01 BTC');
    // Without a fee the whole balance can move.
    const all = await requestWithdrawal(t, user, {
      cryptocurrency: 'BTC',
      amount: '0.01',
      toAddress: theirs,
    });
    expect(all.json().data).toMatchObject({ internal: true, status: 'COMPLETED' });
    expect(await balance(t.ctx, user.userId)).toEqual({ available: 0n, locked: 0n });
    expect(await balance(t.ctx, rich.userId)).toEqual({ available: 1_000_000n, locked: 0n });
  });

  it('are final: no staff action applies', async () => {
    const admin = await signInStaff(t, { role: 'admin' });
    const sender = await signInEnrolled(t, 'int_final');
    const recipient = await signInEnrolled(t, 'int_final_to');
    await fund(t.ctx, sender.userId, 'BTC', '1');
    const to = await giveDepositAddress(t, recipient.userId, 'bitcoin');
    const w = (
      await requestWithdrawal(t, sender, { cryptocurrency: 'BTC', amount: '0.1', toAddress: to })
    ).json().data;
    const queue = (await t.app.inject({ url: '/api/v1/admin/withdrawals', headers: admin.headers })).json()
      .data;
    expect(queue.withdrawals.find((x: { id: string }) => x.id === w.id)).toMatchObject({
      internal: true,
      availableActions: [],
    });
    for (const action of ['approve', 'reject', 'processing', 'complete', 'fail']) {
      const res = await decide(t.app, admin.headers, w.id, action, { note: 'x', txHash: 'ab'.repeat(32) });
      expect(res.statusCode, action).toBe(409);
    }
    const external = await requestWithdrawal(t, sender, {
      cryptocurrency: 'BTC',
      amount: '0.1',
      toAddress: EXTERNAL.BTC,
    });
    expect(external.json().data.internal).toBe(false);
  });
});
