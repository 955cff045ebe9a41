import {
  COIN_IDS,
  FALLBACK_PRICES,
  floatingPrice,
  formatFiat,
  type MarketPrices,
  marketPriceOf,
} from '@p2p/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_STEP_MS, demoPrices } from '../../src/modules/market/demo-feed.ts';
import { createOrder, createUser, expectLedgerSound, fund } from '../factories.ts';
import { createTestApp, LAX_TRADE_LIMITS, signIn, type TestApp } from '../helpers.ts';
import { api } from '../trades/support.ts';
import { type PriceStub, startPriceStub } from './price-stub.ts';

/**
 * The demo price feed (docs/decisions/036): a seeded random walk around the fallback table that
 * prices floating orders and the wallet without network, marked `demo`.
 */

const AT = new Date('2026-11-20T10:00:00Z');
const at = (ms: number) => new Date(AT.getTime() + ms);
const btc = (prices: MarketPrices) => prices.bitcoin?.usd as number;

describe('the demo walk', () => {
  it('is the same for one seed and time, and another for another seed', () => {
    expect(demoPrices({ seed: 7 }, AT)).toEqual(demoPrices({ seed: 7 }, AT));
    expect(btc(demoPrices({ seed: 8 }, AT))).not.toBe(btc(demoPrices({ seed: 7 }, AT)));
  });

  it('moves smoothly: a second apart the prices differ by less than 0.05 %, and they do move', () => {
    let moved = 0;
    for (let s = 0; s < 600; s += 1) {
      const a = btc(demoPrices({ seed: 1 }, at(s * 1000)));
      const b = btc(demoPrices({ seed: 1 }, at(s * 1000 + 1000)));
      expect(Math.abs(b / a - 1)).toBeLessThan(0.0005);
      if (a !== b) moved++;
    }
    expect(moved).toBeGreaterThan(500);
  });

  it('stays around the fallback table: a month of hourly readings within ±15 %, on both sides of it', () => {
    const ratios: number[] = [];
    for (let h = 0; h < 24 * 30; h++) {
      const prices = demoPrices({ seed: 3 }, at(h * 3_600_000));
      for (const id of Object.values(COIN_IDS)) {
        ratios.push((prices[id]?.usd as number) / (FALLBACK_PRICES[id]?.usd as number));
      }
    }
    expect(Math.min(...ratios)).toBeGreaterThan(0.85);
    expect(Math.max(...ratios)).toBeLessThan(1.15);
    expect(ratios.some((r) => r < 0.99)).toBe(true);
    expect(ratios.some((r) => r > 1.01)).toBe(true);
  });

  it('keeps every coin and fiat of its base, the fallback cross rates, and a 24 h change', () => {
    const prices = demoPrices({ seed: 1 }, AT);
    expect(Object.keys(prices).sort()).toEqual(Object.values(COIN_IDS).sort());
    const coin = prices.bitcoin;
    if (!coin) throw new Error('no bitcoin');
    expect(coin.rub / coin.usd).toBeCloseTo(93, 4);
    expect((coin.eur as number) / coin.usd).toBeCloseTo(0.92, 6);
    const dayAgo = btc(demoPrices({ seed: 1 }, at(-24 * 3_600_000)));
    expect(coin.usd_24h_change).toBeCloseTo((coin.usd / dayAgo - 1) * 100, 2);
    expect(coin).toMatchObject({ usd_market_cap: null, rub_24h_vol: null });
  });

  it('starts from a given answer at its anchor', () => {
    const base = { bitcoin: { ...FALLBACK_PRICES.bitcoin, usd: 97_000, rub: 9_000_000 } } as MarketPrices;
    const anchor = at(123_456);
    expect(demoPrices({ seed: 5, base, anchor }, anchor).bitcoin).toMatchObject({
      usd: 97_000,
      rub: 9_000_000,
    });
    const later = btc(demoPrices({ seed: 5, base, anchor }, at(123_456 + 3 * DEMO_STEP_MS)));
    expect(Math.abs(later / 97_000 - 1)).toBeLessThan(0.05);
  });
});

describe('PRICE_FEED=demo', () => {
  let t: TestApp;
  let stub: PriceStub;
  beforeAll(async () => {
    stub = await startPriceStub();
    t = await createTestApp({ PRICE_FEED: 'demo', PRICE_API_URL: stub.url });
  });
  afterAll(async () => {
    await t?.close();
    await stub?.close();
  });

  it('answers the walk as source demo and never asks the network', async () => {
    const res = await t.app.inject({ url: '/api/v1/market/current-prices' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, source: 'demo' });
    expect(res.json().data).toEqual(JSON.parse(JSON.stringify(demoPrices({ seed: 1 }, t.clock.now()))));
    t.clock.advance(61_000);
    await t.ctx.prices.poll();
    expect((await t.app.inject({ url: '/api/v1/market/current-prices' })).json().source).toBe('demo');
    expect(stub.hits).toBe(0);
  });
});

describe('PRICE_FEED=auto with no reachable feed (npm start offline)', () => {
  let t: TestApp;
  beforeAll(async () => {
    // The test configuration's feed is a closed port: refused, as on a machine without network.
    t = await createTestApp({ ...LAX_TRADE_LIMITS, PRICE_FEED: 'auto' });
    await t.ctx.prices.poll();
  });
  afterAll(async () => {
    await expectLedgerSound(t.ctx);
    await t?.close();
  });

  it('prices floating orders with the demo walk, and they trade', async () => {
    const http = api(t);
    const seller = await createUser(t.ctx);
    const buyer = await createUser(t.ctx);
    await fund(t.ctx, seller.id, 'BTC', '1');
    const { id, order } = await createOrder(t.ctx, seller.id, {
      price_type: 'floating',
      price_per_unit: undefined,
      margin_percent: '1',
    });
    expect(order.market_paused).toBe(false);
    const market = marketPriceOf(demoPrices({ seed: 1 }, t.clock.now()), 'BTC', 'RUB') as bigint;
    expect(order.price_per_unit).toBe(formatFiat(floatingPrice(market, 100, 'sell', null)));
    const opened = await http.post('/trades', buyer.id, {
      orderId: id,
      amountFiat: '10000',
      paymentMethod: 'sberbank',
    });
    expect(opened.statusCode, opened.body).toBe(200);
    // The walk goes on: the poll reprices the order a refresh interval later.
    t.clock.advance(60_000);
    await t.ctx.prices.poll();
    const after = (await http.get(`/orders/${id}`, null)).json().data;
    expect(after).toMatchObject({ market_paused: false });
    expect(after.price_per_unit).not.toBe(order.price_per_unit);
  });

  it('values the wallet and says the prices are demo ones', async () => {
    const prices = await t.app.inject({ url: '/api/v1/market/current-prices' });
    expect(prices.statusCode).toBe(200);
    expect(prices.json().source).toBe('demo');
    const user = await signIn(t.app, 'demo_wallet');
    await fund(t.ctx, user.userId, 'USDT', '100');
    const wallet = (await t.app.inject({ url: '/api/v1/wallet/balances', headers: user.headers })).json()
      .data;
    const usdt = wallet.find((b: { cryptocurrency: string }) => b.cryptocurrency === 'USDT');
    expect(Number(usdt.usd)).toBeGreaterThan(99);
    expect(Number(usdt.usd)).toBeLessThan(101);
  });
});
