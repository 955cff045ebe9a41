import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInStaff } from '../admin/factories.ts';
import { balance, expectLedgerSound, fund } from '../factories.ts';
import { createTestApp, signInEnrolled, type TestApp } from '../helpers.ts';
import { systemBalance } from '../races/support.ts';
import { decide, EXTERNAL, postingsOf, requestWithdrawal, txHashFor } from './support.ts';

/**
 * DOGE, SOL, USDT-SPL and ADA leave through the same withdrawal flow as the other coins
 * (docs/decisions/012, 031): second factor, the network's limits and fee, the address check of
 * its chain, staff review and a completion with the chain's transaction id.
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

/** The associated token account of vines1… for the USDT mint: a Solana PDA (off the curve). */
const PDA = 'AfJabZWVNfxiZ6zvQgmLpo2yaHRGHxEbeCcu7UwxhEgD';

describe('withdrawals of the other coins', () => {
  it('DOGE: requested with a code, 2 DOGE fee, reviewed and completed with its transaction id', async () => {
    const user = await signInEnrolled(t, 'wd_doge');
    await fund(t.ctx, user.userId, 'DOGE', '1000');
    const res = await requestWithdrawal(t, user, {
      cryptocurrency: 'DOGE',
      amount: '500',
      toAddress: EXTERNAL.DOGE,
    });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({
      cryptocurrency: 'DOGE',
      network: 'DOGE',
      amount: '500.00000000',
      fee: '2.00000000',
      total: '502.00000000',
      toAddress: EXTERNAL.DOGE,
      status: 'PENDING',
    });
    expect(await balance(t.ctx, user.userId, 'DOGE')).toEqual({
      available: 49_800_000_000n,
      locked: 50_200_000_000n,
    });
    const externalBefore = await systemBalance(t.ctx, 'external', 'DOGE');
    expect((await decide(t.app, admin.headers, data.id, 'approve')).statusCode).toBe(200);
    expect((await decide(t.app, admin.headers, data.id, 'processing')).statusCode).toBe(200);
    const hash = txHashFor('DOGE', 31);
    const done = await decide(t.app, admin.headers, data.id, 'complete', { txHash: hash.toUpperCase() });
    expect(done.json().data).toMatchObject({
      status: 'COMPLETED',
      txHash: hash,
      explorerUrl: `https://blockchair.com/dogecoin/transaction/${hash}`,
    });
    expect(await balance(t.ctx, user.userId, 'DOGE')).toEqual({ available: 49_800_000_000n, locked: 0n });
    expect((await systemBalance(t.ctx, 'external', 'DOGE')) - externalBefore).toBe(50_000_000_000n);
    expect(await postingsOf(t, data.id)).toEqual({ withdrawal_lock: 1, withdrawal_complete: 1 });
  });

  it('SOL is completed with a base58 signature, kept as typed', async () => {
    const user = await signInEnrolled(t, 'wd_sol');
    await fund(t.ctx, user.userId, 'SOL', '5');
    const res = await requestWithdrawal(t, user, {
      cryptocurrency: 'SOL',
      amount: '1.5',
      toAddress: EXTERNAL.SOL,
    });
    expect(res.json().data).toMatchObject({ network: 'SOL', fee: '0.01000000', total: '1.51000000' });
    const id = res.json().data.id as string;
    await decide(t.app, admin.headers, id, 'approve');
    await decide(t.app, admin.headers, id, 'processing');
    expect((await decide(t.app, admin.headers, id, 'complete', { txHash: 'ab'.repeat(32) })).statusCode).toBe(
      400,
    );
    const signature = txHashFor('SOL', 77);
    const done = await decide(t.app, admin.headers, id, 'complete', { txHash: signature });
    expect(done.json().data).toMatchObject({ status: 'COMPLETED', txHash: signature });
  });

  const refusals: [string, Record<string, unknown>, string][] = [
    [
      'a Bitcoin address for DOGE',
      { cryptocurrency: 'DOGE', amount: '50', toAddress: '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa' },
      'Неверный формат адреса для сети Dogecoin',
    ],
    [
      'a Solana program address',
      { cryptocurrency: 'USDT', network: 'USDT-SPL', amount: '20', toAddress: PDA },
      'Это адрес программы Solana, а не кошелька',
    ],
    [
      'a Cardano stake address',
      {
        cryptocurrency: 'ADA',
        amount: '20',
        toAddress: 'stake1uyehkck0lajq8gr28t9uxnuvgcqrc6070x3k9r8048z8y5gh6ffgw',
      },
      'Неверный формат адреса для сети Cardano',
    ],
    [
      'ADA finer than a lovelace',
      { cryptocurrency: 'ADA', amount: '20.0000001', toAddress: EXTERNAL.ADA },
      'Не более 6 знаков после запятой для ADA',
    ],
    [
      'DOGE below the minimum',
      { cryptocurrency: 'DOGE', amount: '19', toAddress: EXTERNAL.DOGE },
      'Минимальная сумма вывода: 20 DOGE',
    ],
  ];
  it.each(refusals)('refuses %s with 400 and writes nothing', async (_name, payload, message) => {
    const user = await signInEnrolled(t, `wd_refuse_${Math.random().toString(36).slice(2, 8)}`);
    for (const coin of ['DOGE', 'USDT', 'ADA'] as const) await fund(t.ctx, user.userId, coin, '100');
    const res = await requestWithdrawal(t, user, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toContain(message);
    for (const coin of ['DOGE', 'USDT', 'ADA'] as const) {
      expect(await balance(t.ctx, user.userId, coin)).toEqual({ available: 10_000_000_000n, locked: 0n });
    }
  });

  it('USDT leaves by Solana with its own fee; ADA to a CIP-19 address', async () => {
    const user = await signInEnrolled(t, 'wd_spl');
    await fund(t.ctx, user.userId, 'USDT', '100');
    await fund(t.ctx, user.userId, 'ADA', '100');
    const spl = await requestWithdrawal(t, user, {
      cryptocurrency: 'USDT',
      network: 'USDT-SPL',
      amount: '10',
      toAddress: EXTERNAL['USDT-SPL'],
    });
    expect(spl.json().data).toMatchObject({ network: 'USDT-SPL', fee: '1.00000000', total: '11.00000000' });
    const ada = await requestWithdrawal(t, user, {
      cryptocurrency: 'ADA',
      amount: '12.5',
      toAddress: EXTERNAL.ADA,
    });
    expect(ada.json().data).toMatchObject({ network: 'ADA', fee: '1.00000000', toAddress: EXTERNAL.ADA });
  });
});
