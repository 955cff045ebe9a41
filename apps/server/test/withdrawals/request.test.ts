import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RealtimeEvent } from '../../src/events/notifier.ts';
import { balance, expectLedgerSound, fund, secondFactor } from '../factories.ts';
import { createTestApp, signInEnrolled, type TestApp } from '../helpers.ts';
import { cancel, EXTERNAL, myWithdrawals, postingsOf, requestWithdrawal } from './support.ts';

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

async function funded(name: string, currency: 'BTC' | 'USDT' = 'BTC', amount = '1') {
  const s = await signInEnrolled(t, name);
  await fund(t.ctx, s.userId, currency, amount);
  return s;
}

const btc = (amount: unknown, extra: Record<string, unknown> = {}) => ({
  cryptocurrency: 'BTC',
  amount,
  toAddress: EXTERNAL.BTC,
  ...extra,
});

describe('POST /api/v1/withdrawals/request', () => {
  it('locks amount + fee in the same transaction as the PENDING request', async () => {
    const user = await funded('wd_happy');
    const res = await requestWithdrawal(t, user, btc('0.1'));
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({
      cryptocurrency: 'BTC',
      network: 'BTC',
      amount: '0.10000000',
      fee: '0.00050000',
      networkFee: '0.00050000',
      total: '0.10050000',
      toAddress: EXTERNAL.BTC,
      internal: false,
      status: 'PENDING',
      txHash: null,
      explorerUrl: null,
      reviewNotes: null,
      completedAt: null,
      cancellable: true,
      user: { firstName: 'Wd_happy' },
    });
    expect(await balance(t.ctx, user.userId)).toEqual({ available: 89_950_000n, locked: 10_050_000n });
    expect(await postingsOf(t, data.id)).toEqual({ withdrawal_lock: 1 });
    expect(events.filter((e) => e.event === 'withdrawal:updated').at(-1)).toEqual({
      room: `user:${user.userId}`,
      event: 'withdrawal:updated',
      payload: {
        withdrawalId: data.id,
        status: 'PENDING',
        previousStatus: null,
        cryptocurrency: 'BTC',
        amount: '0.10000000',
        internal: false,
        direction: 'out',
      },
    });
    await expectLedgerSound(t.ctx);
  });

  it('uses the currency’s first network by default and each network’s own fee', async () => {
    const user = await funded('wd_usdt', 'USDT', '100');
    const erc = await requestWithdrawal(t, user, {
      cryptocurrency: 'USDT',
      amount: '10',
      toAddress: EXTERNAL['USDT-ERC20'].toLowerCase(),
    });
    expect(erc.json().data).toMatchObject({
      network: 'USDT-ERC20',
      fee: '5.00000000',
      toAddress: EXTERNAL['USDT-ERC20'],
    });
    const trc = await requestWithdrawal(t, user, {
      cryptocurrency: 'USDT',
      network: 'USDT-TRC20',
      amount: '20.5',
      toAddress: EXTERNAL['USDT-TRC20'],
    });
    expect(trc.json().data).toMatchObject({ network: 'USDT-TRC20', fee: '1.00000000', total: '21.50000000' });
    expect(await balance(t.ctx, user.userId, 'USDT')).toEqual({
      available: 6_350_000_000n,
      locked: 3_650_000_000n,
    });
  });

  const refusals: [string, Record<string, unknown>, string, string | undefined][] = [
    ['zero', btc('0'), 'Сумма должна быть больше 0', 'Amount must be greater than 0'],
    ['zero with decimals', btc('0.00000000'), 'Сумма должна быть больше 0', 'Amount must be greater than 0'],
    ['negative', btc('-0.5'), 'Сумма должна быть больше 0', 'Amount must be greater than 0'],
    [
      '9 decimals',
      btc('0.123456789'),
      'Не более 8 знаков после запятой для BTC',
      'At most 8 decimal places for BTC',
    ],
    [
      'above the maximum',
      btc('10.00000001'),
      'Максимальная сумма вывода: 10 BTC',
      'Maximum withdrawal is 10 BTC',
    ],
    [
      'below the minimum',
      btc('0.0009'),
      'Минимальная сумма вывода: 0.001 BTC',
      'Minimum withdrawal is 0.001 BTC',
    ],
    ['not a number', btc('1e-3'), 'Введите сумму числом, например 0.5', 'Amount must be a number, e.g. 0.5'],
    ['a JSON number', btc(0.5), 'Сумма передается строкой, например "0.5"', undefined],
    ['no amount', { cryptocurrency: 'BTC', toAddress: EXTERNAL.BTC }, 'Укажите сумму вывода', undefined],
    [
      'USDT with 7 decimals',
      { cryptocurrency: 'USDT', amount: '10.1234567', toAddress: EXTERNAL['USDT-ERC20'] },
      'Не более 6 знаков после запятой для USDT',
      'At most 6 decimal places for USDT',
    ],
    [
      'no address',
      { cryptocurrency: 'BTC', amount: '0.1' },
      'Укажите адрес для вывода',
      'Withdrawal address is required',
    ],
    [
      'a blank address',
      btc('0.1', { toAddress: '   ' }),
      'Укажите адрес для вывода',
      'Withdrawal address is required',
    ],
    [
      'a bad checksum',
      btc('0.1', { toAddress: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5' }),
      'Неверный формат адреса для сети Bitcoin',
      'Invalid address format for the Bitcoin network',
    ],
    [
      'another network’s address',
      btc('0.1', { toAddress: EXTERNAL.ETH }),
      'Неверный формат адреса для сети Bitcoin',
      'Invalid address format for the Bitcoin network',
    ],
    [
      'a network of another coin',
      btc('0.1', { network: 'ETH' }),
      'Сеть ETH не подходит для BTC',
      'Network ETH does not carry BTC',
    ],
  ];

  it.each(refusals)(
    'refuses %s with 400 and its message in both languages, changing nothing',
    async (_, payload, ru, en) => {
      const user = await funded(`wd_bad_${Math.random().toString(36).slice(2, 8)}`, 'BTC', '20');
      await fund(t.ctx, user.userId, 'USDT', '100');
      const res = await requestWithdrawal(t, user, payload);
      expect(res.statusCode).toBe(400);
      const body = res.json();
      expect(body).toMatchObject({ success: false, error: ru });
      if (en) expect(body.details.message).toBe(en);
      expect(await balance(t.ctx, user.userId)).toEqual({ available: 2_000_000_000n, locked: 0n });
      expect((await myWithdrawals(t.app, user.headers)).json().data).toEqual([]);
    },
  );

  it('refuses amount + fee above available with what is available, in both languages', async () => {
    const user = await funded('wd_poor', 'BTC', '0.1');
    // 0.1 fits, but 0.1 + 0.0005 fee does not.
    const res = await requestWithdrawal(t, user, btc('0.1'));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      success: false,
      code: 'INSUFFICIENT_BALANCE',
      error: 'Недостаточно средств. Доступно: 0.1 BTC',
      details: {
        field: 'amount',
        available: '0.10000000',
        required: '0.10050000',
        message: 'Insufficient balance. Available: 0.1 BTC',
      },
    });
    expect(await balance(t.ctx, user.userId)).toEqual({ available: 10_000_000n, locked: 0n });
    const fits = await requestWithdrawal(t, user, btc('0.0995'));
    expect(fits.statusCode).toBe(200);
    expect(await balance(t.ctx, user.userId)).toEqual({ available: 0n, locked: 10_000_000n });
  });

  it('honours Idempotency-Key: a retry answers the first request and locks nothing more', async () => {
    const user = await funded('wd_retry');
    // A retry repeats the request byte for byte, its code included.
    const request = btc('0.2', { totpCode: await secondFactor(t.ctx, user.userId) });
    const first = await requestWithdrawal(t, user, request, 'wd-key-1');
    const again = await requestWithdrawal(t, user, request, 'wd-key-1');
    expect(again.statusCode).toBe(200);
    expect(again.json().data.id).toBe(first.json().data.id);
    expect(await balance(t.ctx, user.userId)).toEqual({ available: 79_950_000n, locked: 20_050_000n });
    const other = await requestWithdrawal(t, user, btc('0.3'), 'wd-key-1');
    expect(other.statusCode).toBe(422);
  });

  it('needs a user token', async () => {
    expect((await requestWithdrawal(t, { headers: {} }, btc('0.1'))).statusCode).toBe(401);
  });
});

describe('GET /api/v1/withdrawals/my-withdrawals and cancel', () => {
  it('lists only my withdrawals, newest first, filtered by upper-case status and paged', async () => {
    const user = await funded('wd_lister');
    const other = await funded('wd_other');
    await requestWithdrawal(t, other, btc('0.01'));
    const ids: string[] = [];
    for (const amount of ['0.01', '0.02', '0.03']) {
      t.clock.advance(1000);
      ids.push((await requestWithdrawal(t, user, btc(amount))).json().data.id);
    }
    await cancel(t.app, user.headers, ids[0] as string);
    const all = (await myWithdrawals(t.app, user.headers)).json();
    expect(all.data.map((w: { id: string }) => w.id)).toEqual([...ids].reverse());
    expect(all.pagination).toEqual({ total: 3, limit: 20, offset: 0, hasNext: false });
    const pending = (await myWithdrawals(t.app, user.headers, '?status=PENDING')).json();
    expect(pending.data.map((w: { id: string }) => w.id)).toEqual([ids[2], ids[1]]);
    const page = (await myWithdrawals(t.app, user.headers, '?limit=1&offset=1')).json();
    expect(page.data.map((w: { id: string }) => w.id)).toEqual([ids[1]]);
    expect(page.pagination).toEqual({ total: 3, limit: 1, offset: 1, hasNext: true });
    expect((await myWithdrawals(t.app, user.headers, '?status=pending')).statusCode).toBe(400);
  });

  it('cancels PENDING: amount + fee return, once; others get 404', async () => {
    const user = await funded('wd_canceller');
    const stranger = await signInEnrolled(t, 'wd_stranger');
    const id = (await requestWithdrawal(t, user, btc('0.5'))).json().data.id;
    expect((await cancel(t.app, stranger.headers, id)).statusCode).toBe(404);
    const res = await cancel(t.app, user.headers, id);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id, status: 'CANCELLED', cancellable: false });
    expect(await balance(t.ctx, user.userId)).toEqual({ available: 100_000_000n, locked: 0n });
    const again = await cancel(t.app, user.headers, id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'ACTION_NOT_AVAILABLE', details: { status: 'CANCELLED' } });
    expect(await postingsOf(t, id)).toEqual({ withdrawal_lock: 1, withdrawal_unlock: 1 });
    expect(await balance(t.ctx, user.userId)).toEqual({ available: 100_000_000n, locked: 0n });
    const last = events.filter((e) => e.event === 'withdrawal:updated').at(-1);
    expect(last?.payload).toMatchObject({ withdrawalId: id, status: 'CANCELLED', previousStatus: 'PENDING' });
  });
});

describe('the OpenAPI document', () => {
  it('lists every money-out, two-factor and history call with its schemas', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json();
    const calls: [string, string][] = [
      ['/api/v1/withdrawals/request', 'post'],
      ['/api/v1/withdrawals/my-withdrawals', 'get'],
      ['/api/v1/withdrawals/{id}/cancel', 'post'],
      ['/api/v1/withdrawals/addresses', 'get'],
      ['/api/v1/withdrawals/addresses', 'post'],
      ['/api/v1/withdrawals/addresses/{id}', 'delete'],
      ['/api/v1/users/2fa/status', 'get'],
      ['/api/v1/users/2fa/setup', 'post'],
      ['/api/v1/users/2fa/enable', 'post'],
      ['/api/v1/users/2fa/disable', 'post'],
      ['/api/v1/wallet/transactions', 'get'],
      ['/api/v1/wallet/transactions.csv', 'get'],
      ['/api/v1/admin/withdrawals', 'get'],
      ...['approve', 'reject', 'processing', 'complete', 'fail'].map(
        (a) => [`/api/v1/admin/withdrawals/{id}/${a}`, 'post'] as [string, string],
      ),
    ];
    for (const [path, method] of calls) {
      const op = doc.paths[path]?.[method];
      expect(op, `${method} ${path}`).toBeDefined();
      expect(op.responses['200'], `${method} ${path} response`).toBeDefined();
    }
    const body = doc.paths['/api/v1/withdrawals/request'].post.requestBody.content['application/json'].schema;
    expect(Object.keys(body.properties)).toEqual(
      expect.arrayContaining(['cryptocurrency', 'network', 'amount', 'toAddress', 'addressId', 'totpCode']),
    );
  });
});
