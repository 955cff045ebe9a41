import { FALLBACK_PRICES, PRICES_FALLBACK_KEY, translate } from '@p2p/shared';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { marketRoutes } from '../../src/modules/market/market.routes.ts';
import { MarketPricesService } from '../../src/modules/market/market.service.ts';
import { registerErrorHandling } from '../../src/plugins/errors.ts';
import { createTestApp, type TestApp } from '../helpers.ts';
import { type PriceStub, startPriceStub } from './price-stub.ts';

const URL_PATH = '/api/v1/market/current-prices';
const COIN_IDS = 'bitcoin,ethereum,tether,binancecoin,solana,cardano,dogecoin,litecoin,polkadot';

/** What the endpoint must make of STUB_BODY: known coins with usd and rub, extras or null. */
const EXPECTED_LIVE = {
  bitcoin: {
    usd: 97_123.45,
    rub: 9_032_480.12,
    usd_market_cap: 1_923_456_789_012.5,
    usd_24h_vol: 45_678_901_234.1,
    usd_24h_change: -1.2345,
    rub_market_cap: 178_881_481_378_162.3,
    rub_24h_vol: 4_248_137_814_771.4,
    rub_24h_change: -1.1987,
    // The other fiats as the feed gave them; one it left out is null.
    eur: 89_541.12,
    eur_24h_change: -1.3,
    cny: 703_155.78,
    cny_24h_change: null,
    try: 3_345_902.1,
    try_24h_change: null,
    kzt: 48_512_345.6,
    kzt_24h_change: -0.9,
  },
  ethereum: {
    usd: 3_456.78,
    rub: 321_480.54,
    usd_market_cap: null,
    usd_24h_vol: 12_345_678.9,
    usd_24h_change: 2.5,
    rub_market_cap: null,
    rub_24h_vol: 1_148_148_137.7,
    rub_24h_change: 2.61,
    eur: null,
    eur_24h_change: null,
    cny: null,
    cny_24h_change: null,
    try: null,
    try_24h_change: null,
    kzt: null,
    kzt_24h_change: null,
  },
  tether: {
    usd: 1.0002,
    rub: 93.02,
    usd_market_cap: null,
    usd_24h_vol: null,
    usd_24h_change: null,
    rub_market_cap: null,
    rub_24h_vol: null,
    rub_24h_change: null,
    eur: null,
    eur_24h_change: null,
    cny: null,
    cny_24h_change: null,
    try: null,
    try_24h_change: null,
    kzt: null,
    kzt_24h_change: null,
  },
};

let stub: PriceStub;
let t: TestApp;
let prices: MarketPricesService;
let route: FastifyInstance;

beforeAll(async () => {
  stub = await startPriceStub();
  t = await createTestApp({ PRICE_API_URL: stub.url });
});
afterAll(async () => {
  await t?.close();
  await stub?.close();
});
/**
 * Each test starts as a fresh server would: nothing cached, the breaker closed. The service
 * waits for the feed as long as it takes, so that what a slow machine makes of the 150 ms
 * budget does not decide these tests; feed-outage.test.ts tests the budget.
 */
beforeEach(async () => {
  stub.reset();
  prices = new MarketPricesService({
    url: stub.url,
    clock: t.clock,
    log: { warn: () => {} },
    waitBudgetMs: 60_000,
  });
  route = Fastify().withTypeProvider<ZodTypeProvider>();
  route.setValidatorCompiler(validatorCompiler);
  route.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(route);
  await route.register(marketRoutes, { ctx: t.ctx, prices, prefix: '/api/v1' });
});
afterEach(() => route.close());

const getPrices = () => route.inject({ url: URL_PATH, headers: { accept: 'application/json' } });

function expectFallback(res: Awaited<ReturnType<typeof getPrices>>) {
  expect(res.statusCode).toBe(503);
  const body = res.json();
  expect(body).toEqual({
    success: false,
    error: translate('ru', PRICES_FALLBACK_KEY),
    code: 'SERVICE_UNAVAILABLE',
    data: FALLBACK_PRICES,
    source: 'fallback',
    updatedAt: expect.any(String),
  });
  expect(Object.keys(body.data)).toHaveLength(9);
  expect(body.data.bitcoin.rub).toBe(body.data.bitcoin.usd * 93);
  expect(body.data.bitcoin.usd_market_cap).toBeNull();
  expect(body.data.bitcoin.usd_24h_change).toBe(0);
}

describe('GET /market/current-prices', () => {
  it('passes the live feed through with its exact numbers', async () => {
    const res = await getPrices();
    expect(res.statusCode).toBe(200);
    // Unknown coins (shiba-inu) are ignored and a coin without rub (polkadot) is dropped.
    expect(res.json()).toEqual({
      success: true,
      data: EXPECTED_LIVE,
      source: 'live',
      updatedAt: t.clock.now().toISOString(),
    });
    expect(stub.hits).toBe(1);
    const request = stub.requests[0]!;
    expect(request.startsWith('/api/v3/simple/price?')).toBe(true);
    expect(request).toContain(`ids=${COIN_IDS}`);
    expect(request).toContain('vs_currencies=rub,usd,eur,cny,try,kzt');
    for (const flag of ['include_market_cap', 'include_24hr_vol', 'include_24hr_change']) {
      expect(request).toContain(`${flag}=true`);
    }
  });

  it('serves the cache for 60 s and asks the feed again after that', async () => {
    const first = await getPrices();
    expect(first.json().source).toBe('live');

    t.clock.advance(30_000);
    const cached = await getPrices();
    expect(cached.statusCode).toBe(200);
    expect(cached.json()).toEqual({ ...first.json(), source: 'cache' });
    expect(stub.hits).toBe(1);

    t.clock.advance(31_000);
    const again = await getPrices();
    expect(again.json().source).toBe('live');
    expect(again.json().updatedAt).toBe(t.clock.now().toISOString());
    expect(stub.hits).toBe(2);
  });

  it('answers 503 with fallback prices when the feed returns 500 and nothing is cached', async () => {
    stub.mode = 'error';
    expectFallback(await getPrices());
    expect(stub.hits).toBe(1);
  });

  it.each([
    ['cut-off JSON', () => (stub.mode = 'garbage')],
    ['a JSON array', () => (stub.body = [1, 2, 3])],
    ['no coin with both usd and rub', () => (stub.body = { bitcoin: { usd: 97_000 }, dogecoin: 'x' })],
  ])('answers 503 with fallback prices when the feed sends %s', async (_name, arrange) => {
    arrange();
    expectFallback(await getPrices());
  });

  it('serves the last answer for three refresh intervals while the feed fails, then the fallback', async () => {
    const first = await getPrices();
    expect(first.statusCode).toBe(200);

    stub.mode = 'error';
    t.clock.advance(61_000);
    const stale = await getPrices();
    expect(stale.statusCode).toBe(200);
    expect(stale.json()).toEqual({ ...first.json(), source: 'cache' });
    expect(stub.hits).toBe(2);

    // 3 × 60 s minus a millisecond: still the last answer.
    t.clock.advance(180_000 - 61_000 - 1);
    expect((await getPrices()).json()).toEqual({ ...first.json(), source: 'cache' });
    t.clock.advance(1);
    expectFallback(await getPrices());
    // That request started the breaker's background retry: let it end inside this test.
    await prices.poll();
  });

  it('lets concurrent requests share one feed request', async () => {
    stub.mode = 'slow';
    const answers = await Promise.all(Array.from({ length: 5 }, () => getPrices()));
    expect(stub.hits).toBe(1);
    for (const res of answers) {
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ data: EXPECTED_LIVE, source: 'live' });
    }
  });
});

describe('price feed timeout and logging', () => {
  const warnings: { obj: object; msg: string }[] = [];
  const log = { warn: (obj: object, msg: string) => warnings.push({ obj, msg }) };
  beforeEach(() => {
    warnings.length = 0;
  });

  it('logs one warning line without the upstream body', async () => {
    const secret = 'UPSTREAM-BODY-MARKER';
    stub.body = { bitcoin: { usd: secret, rub: secret } };
    const service = new MarketPricesService({ url: stub.url, clock: t.clock, log });
    await service.poll();
    const result = await service.current();
    expect(result).toMatchObject({ ok: false, source: 'fallback' });
    expect(warnings).toHaveLength(1);
    expect(JSON.stringify(warnings)).not.toContain(secret);
  });
});
