import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balance, expectLedgerSound, fund, secondFactor } from '../factories.ts';
import { createTestApp, signInEnrolled, type TestApp, withReauth } from '../helpers.ts';
import { EXTERNAL, giveDepositAddress, requestWithdrawal } from './support.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await expectLedgerSound(t.ctx);
  await t.close();
});

/** Saves an address as `user`, with a fresh second-factor code unless the payload says `totpCode`. */
const add = async (
  user: { userId: string; headers: Record<string, string> },
  payload: Record<string, unknown>,
) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/withdrawals/addresses',
    headers: await withReauth(t.app, user.headers),
    payload:
      'totpCode' in payload ? payload : { ...payload, totpCode: await secondFactor(t.ctx, user.userId) },
  });
const list = async (headers: Record<string, string>) =>
  (await t.app.inject({ url: '/api/v1/withdrawals/addresses', headers })).json().data;

describe('saved withdrawal addresses', () => {
  it('are added in canonical form, listed, used by id, and deleted by their owner only', async () => {
    const user = await signInEnrolled(t, 'addr_owner');
    const other = await signInEnrolled(t, 'addr_other');
    await fund(t.ctx, user.userId, 'USDT', '100');
    const res = await add(user, {
      network: 'USDT-ERC20',
      address: EXTERNAL['USDT-ERC20'].toLowerCase(),
      label: '  Холодный кошелек ',
    });
    expect(res.statusCode).toBe(200);
    const saved = res.json().data;
    expect(saved).toMatchObject({
      network: 'USDT-ERC20',
      cryptocurrency: 'USDT',
      address: EXTERNAL['USDT-ERC20'],
      label: 'Холодный кошелек',
    });
    expect(await list(user.headers)).toEqual([saved]);
    expect(await list(other.headers)).toEqual([]);
    const dup = await add(user, {
      network: 'USDT-ERC20',
      address: EXTERNAL['USDT-ERC20'],
      label: 'Again',
    });
    expect(dup.statusCode).toBe(409);

    const used = await requestWithdrawal(t, user, {
      cryptocurrency: 'USDT',
      amount: '10',
      addressId: saved.id,
    });
    expect(used.statusCode).toBe(200);
    expect(used.json().data).toMatchObject({ network: 'USDT-ERC20', toAddress: EXTERNAL['USDT-ERC20'] });
    expect(await balance(t.ctx, user.userId, 'USDT')).toEqual({
      available: 8_500_000_000n,
      locked: 1_500_000_000n,
    });

    const notMine = await requestWithdrawal(t, other, {
      cryptocurrency: 'USDT',
      amount: '10',
      addressId: saved.id,
    });
    expect(notMine.statusCode).toBe(404);
    const wrongCoin = await requestWithdrawal(t, user, {
      cryptocurrency: 'ETH',
      amount: '1',
      addressId: saved.id,
    });
    expect(wrongCoin.statusCode).toBe(400);
    const both = await requestWithdrawal(t, user, {
      cryptocurrency: 'USDT',
      amount: '10',
      addressId: saved.id,
      toAddress: EXTERNAL['USDT-ERC20'],
    });
    expect(both.statusCode).toBe(400);

    const delUrl = `/api/v1/withdrawals/addresses/${saved.id}`;
    expect((await t.app.inject({ method: 'DELETE', url: delUrl, headers: other.headers })).statusCode).toBe(
      404,
    );
    expect((await t.app.inject({ method: 'DELETE', url: delUrl, headers: user.headers })).statusCode).toBe(
      200,
    );
    expect(await list(user.headers)).toEqual([]);
  });

  it('are validated per network, like any destination', async () => {
    const user = await signInEnrolled(t, 'addr_checker');
    const cases: [string, string, number, string?][] = [
      ['BTC', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5', 400, 'Неверный формат адреса для сети Bitcoin'],
      ['USDT-TRC20', EXTERNAL.ETH, 400, 'Неверный формат адреса для сети TRON (TRC-20)'],
      ['ETH', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD', 400, 'Неверный формат адреса для сети Ethereum'],
      ['USDT-TRC20', EXTERNAL['USDT-TRC20'], 200],
      ['BNB-BEP20', EXTERNAL['BNB-BEP20'], 200],
    ];
    for (const [network, address, status, error] of cases) {
      const res = await add(user, { network, address, label: network });
      expect(res.statusCode, `${network} ${address}`).toBe(status);
      if (error) expect(res.json().error).toBe(error);
    }
    expect((await add(user, { network: 'BTC', address: EXTERNAL.BTC, label: '' })).statusCode).toBe(400);
    expect((await add(user, { network: 'LTC', address: EXTERNAL.BTC, label: 'x' })).statusCode).toBe(400);
    const own = await giveDepositAddress(t, user.userId, 'bitcoin');
    expect((await add(user, { network: 'BTC', address: own, label: 'Мой' })).statusCode).toBe(400);
  });

  it('take their own second-factor code, or ride the withdrawal that carried one', async () => {
    const user = await signInEnrolled(t, 'addr_code');
    const payload = { network: 'BTC', address: EXTERNAL.BTC, label: 'Биржа' };
    const none = await add(user, { ...payload, totpCode: undefined });
    expect(none.statusCode).toBe(403);
    expect(none.json()).toMatchObject({ code: 'TWO_FACTOR_REQUIRED', details: { reason: 'missing' } });
    const wrong = await add(user, { ...payload, totpCode: '000000' });
    expect(wrong.json()).toMatchObject({ code: 'TWO_FACTOR_REQUIRED', details: { reason: 'invalid' } });
    expect(await list(user.headers)).toEqual([]);

    // One code, one request: the withdrawal saves its destination under the label given.
    await fund(t.ctx, user.userId, 'BTC', '1');
    const sent = await requestWithdrawal(t, user, {
      cryptocurrency: 'BTC',
      amount: '0.01',
      toAddress: EXTERNAL.BTC,
      saveLabel: 'Биржа',
    });
    expect(sent.statusCode).toBe(200);
    expect(await list(user.headers)).toMatchObject([
      { network: 'BTC', address: EXTERNAL.BTC, label: 'Биржа' },
    ]);
    // Saved already: the next withdrawal with the same label still goes through.
    const again = await requestWithdrawal(t, user, {
      cryptocurrency: 'BTC',
      amount: '0.01',
      toAddress: EXTERNAL.BTC,
      saveLabel: 'Биржа',
    });
    expect(again.statusCode).toBe(200);
    expect(await list(user.headers)).toHaveLength(1);
  });
});
