import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balanceOperation, CREDITS_WITHOUT_FOUR_EYES, signInStaff } from '../admin/factories.ts';
import { createTestApp, signIn, type TestApp } from '../helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ ...CREDITS_WITHOUT_FOUR_EYES });
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
      data: ['BTC', 'ETH', 'USDT', 'BNB', 'SOL', 'ADA', 'DOGE'].map((cryptocurrency) => ({
        cryptocurrency,
        available: '0.00000000',
        locked: '0.00000000',
        total: '0.00000000',
        // The test feed is down: no made-up dollar value.
        usd: null,
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
      'SOL',
      'ADA',
      'DOGE',
    ]);
    expect(data[2]).toEqual({
      cryptocurrency: 'USDT',
      available: '1234.50000000',
      locked: '0.00000000',
      total: '1234.50000000',
      usd: null,
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

describe('GET /api/v1/wallet/balances with a price feed', () => {
  let feed: Server;
  let priced: TestApp;
  beforeAll(async () => {
    feed = createServer((_req, res) => {
      res.setHeader('content-type', 'application/json');
      res.end(
        JSON.stringify({ tether: { usd: 1.0004, rub: 93 }, bitcoin: { usd: 65_432.1, rub: 6_000_000 } }),
      );
    });
    await new Promise<void>((resolve) => feed.listen(0, '127.0.0.1', resolve));
    const port = (feed.address() as AddressInfo).port;
    priced = await createTestApp({
      ...CREDITS_WITHOUT_FOUR_EYES,
      PRICE_API_URL: `http://127.0.0.1:${port}/simple/price`,
    });
  });
  afterAll(async () => {
    await priced?.close();
    await new Promise((resolve) => feed?.close(resolve));
  });

  it('values each total in USD at the feed price, rounded down to cents; unpriced coins stay null', async () => {
    const user = await signIn(priced.app, 'wallet_usd');
    const staff = await signInStaff(priced);
    for (const [cryptocurrency, amount] of [
      ['USDT', '1234.5'],
      ['BTC', '0.015'],
    ] as const) {
      const res = await balanceOperation(priced, staff.headers, 'credit', user.userId, {
        cryptocurrency,
        amount,
      });
      expect(res.statusCode).toBe(200);
    }
    const data = (await priced.app.inject({ url: '/api/v1/wallet/balances', headers: user.headers })).json()
      .data;
    const usd = Object.fromEntries(
      data.map((b: { cryptocurrency: string; usd: string | null }) => [b.cryptocurrency, b.usd]),
    );
    // 1234.5 x 1.0004 = 1234.9938 -> 1234.99; 0.015 x 65432.1 = 981.4815 -> 981.48.
    expect(usd).toEqual({
      USDT: '1234.99',
      BTC: '981.48',
      ETH: null,
      BNB: null,
      SOL: null,
      ADA: null,
      DOGE: null,
    });
  });
});
