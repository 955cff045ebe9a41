import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balanceOperation, signInStaff } from '../admin/factories.ts';
import { createTestApp, signIn, type TestApp } from '../helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const balances = (headers: Record<string, string>) =>
  t.app.inject({ url: '/api/v1/wallet/balances', headers });

describe('GET /api/v1/wallet/balances', () => {
  it('lists every supported currency, zero for the ones never touched', async () => {
    const user = await signIn(t.app, 'wallet_new');
    const res = await balances(user.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      data: ['BTC', 'ETH', 'USDT', 'BNB'].map((cryptocurrency) => ({
        cryptocurrency,
        available: '0.00000000',
        locked: '0.00000000',
        total: '0.00000000',
        lastUpdated: null,
      })),
    });
  });

  it("shows the ledger's balances as 8-decimal strings, only the user's own", async () => {
    const user = await signIn(t.app, 'wallet_holder');
    const neighbour = await signIn(t.app, 'wallet_neighbour');
    const staff = await signInStaff(t);
    const credit = await balanceOperation(t, staff.headers, 'credit', user.userId, {
      cryptocurrency: 'USDT',
      amount: '1234.5',
    });
    expect(credit.statusCode).toBe(200);
    const data = (await balances(user.headers)).json().data;
    expect(data.map((b: { cryptocurrency: string }) => b.cryptocurrency)).toEqual([
      'BTC',
      'ETH',
      'USDT',
      'BNB',
    ]);
    expect(data[2]).toEqual({
      cryptocurrency: 'USDT',
      available: '1234.50000000',
      locked: '0.00000000',
      total: '1234.50000000',
      lastUpdated: t.clock.now().toISOString(),
    });
    expect(data[0].available).toBe('0.00000000');
    const other = (await balances(neighbour.headers)).json().data;
    expect(other[2].available).toBe('0.00000000');
  });

  it('needs a user token: none, a staff token or a revoked session is 401', async () => {
    expect((await balances({})).statusCode).toBe(401);
    const staff = await signInStaff(t);
    const asStaff = await balances(staff.headers);
    expect(asStaff.statusCode).toBe(401);
    expect(asStaff.json()).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
    const user = await signIn(t.app, 'wallet_leaver');
    await t.app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: user.headers });
    expect((await balances(user.headers)).statusCode).toBe(401);
  });
});
