import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/lib/clock.ts';
import { MarketPricesService } from '../../src/modules/market/market.service.ts';
import { createTestApp, signIn, type TestApp } from '../helpers.ts';
import { type PriceStub, startPriceStub } from './price-stub.ts';

/**
 * A feed that hangs or refuses costs no request more than 300 ms (docs/decisions/036): the
 * circuit breaker answers from the last good answer or the fallback table at once while one
 * background retry runs with backoff, and an outage is logged once.
 */

let stub: PriceStub;
beforeAll(async () => {
  stub = await startPriceStub();
});
afterAll(async () => {
  await stub?.close();
});
beforeEach(() => stub.reset());

/** Waits (100 ms at most) for something the background does. */
async function until(done: () => boolean): Promise<void> {
  for (let i = 0; i < 20 && !done(); i++) await new Promise((resolve) => setTimeout(resolve, 5));
  expect(done()).toBe(true);
}

async function timed<T>(run: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const started = performance.now();
  const value = await run();
  return { ms: performance.now() - started, value };
}

describe.each(['hangs', 'refuses connections'])('a feed that %s', (failure) => {
  let t: TestApp;
  let feed: PriceStub;
  let headers: Record<string, string>;
  // Each attempt on a fresh server and feed: a machine loaded past its cores can stretch one
  // call by itself, so the check is given three tries; a request that waits on the feed (5 s
  // before this change) fails all three.
  beforeEach(async () => {
    feed = await startPriceStub();
    t = await createTestApp({ PRICE_API_URL: feed.url, PRICE_WAIT_MS: '150' });
    headers = (await signIn(t.app, `outage_${failure.length}`)).headers;
  });
  afterEach(async () => {
    await t?.close();
    await feed?.close();
  });

  it('costs /market/current-prices and /wallet/balances under 300 ms, three calls in a row each', {
    retry: 2,
  }, async () => {
    // Both routes once while the feed answers, so that what is timed is the feed, not a cold start.
    await t.ctx.prices.poll();
    expect((await t.app.inject({ url: '/api/v1/market/current-prices' })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/v1/wallet/balances', headers })).statusCode).toBe(200);
    if (failure === 'hangs') feed.mode = 'hang';
    else await feed.close();
    // Past three refresh intervals the last answer no longer counts: the fallback table it is.
    t.clock.advance(3 * 60_000);
    for (let call = 0; call < 3; call++) {
      const prices = await timed(() => t.app.inject({ url: '/api/v1/market/current-prices' }));
      expect(prices.value.statusCode).toBe(503);
      expect(prices.value.json().source).toBe('fallback');
      expect(prices.ms).toBeLessThan(300);
      const wallet = await timed(() => t.app.inject({ url: '/api/v1/wallet/balances', headers }));
      expect(wallet.value.statusCode).toBe(200);
      expect(wallet.value.json().data[0].usd).toBeNull();
      expect(wallet.ms).toBeLessThan(300);
    }
    // The hanging feed was asked once more: the later calls neither started another request nor waited.
    if (failure === 'hangs') expect(feed.hits).toBe(2);
  });
});

describe('the circuit breaker', () => {
  const warnings: unknown[] = [];
  const infos: unknown[] = [];
  const log = {
    warn: (obj: object) => warnings.push(obj),
    info: (obj: object) => infos.push(obj),
  };
  let clock: ManualClock;
  beforeEach(() => {
    warnings.length = 0;
    infos.length = 0;
    clock = new ManualClock(new Date('2026-11-20T10:00:00Z'));
  });
  const service = (extra: { timeoutMs?: number; waitBudgetMs?: number } = {}) =>
    new MarketPricesService({ url: stub.url, clock, log, cacheMs: 60_000, ...extra });

  it('after a failure, answers at once and retries in the background with backoff, one request at a time', async () => {
    stub.mode = 'error';
    const prices = service();
    expect((await prices.current()).source).toBe('fallback');
    expect(stub.hits).toBe(1);
    // Open: nobody waits and nothing is asked until the backoff has run out (5 s).
    for (let i = 0; i < 5; i++) expect((await prices.current()).source).toBe('fallback');
    clock.advance(4_999);
    await prices.current();
    expect(stub.hits).toBe(1);
    clock.advance(1);
    await prices.poll();
    expect(stub.hits).toBe(2);
    // The second failure doubles the wait (10 s).
    clock.advance(9_999);
    await prices.poll();
    expect(stub.hits).toBe(2);
    clock.advance(1);
    await prices.poll();
    expect(stub.hits).toBe(3);
    // One warning for the whole outage.
    expect(warnings).toEqual([{ reason: 'HTTP 500' }]);

    stub.mode = 'ok';
    clock.advance(20_000);
    await prices.poll();
    expect(stub.hits).toBe(4);
    expect(await prices.current()).toMatchObject({ ok: true, source: 'cache' });
    expect(infos).toEqual([{ failedAttempts: 3, outageMs: 35_000 }]);
    // A new outage is a new warning.
    stub.mode = 'error';
    clock.advance(60_000);
    await prices.current();
    expect(warnings).toHaveLength(2);
  });

  it('never lets a request wait on a hanging feed once a request has waited its budget', async () => {
    stub.mode = 'hang';
    // A budget of a second, so that waiting (or not) shows above a loaded machine's noise.
    const prices = service({ timeoutMs: 2_500, waitBudgetMs: 1_000 });
    const first = await timed(() => prices.current());
    expect(first.value.source).toBe('fallback');
    expect(first.ms).toBeGreaterThanOrEqual(990);
    expect(first.ms).toBeLessThan(2_000);
    // The feed request is still hanging: joining callers do not wait again.
    const second = await timed(() => prices.current());
    expect(second.ms).toBeLessThan(500);
    expect(stub.hits).toBe(1);
    // Once it times out the breaker is open; the retry it starts hangs again, and nobody waits on it.
    await new Promise((resolve) => setTimeout(resolve, 1_700));
    expect(warnings).toEqual([{ reason: 'timeout after 2500 ms' }]);
    clock.advance(5_000);
    const during = await timed(() => prices.current());
    expect(during.value.source).toBe('fallback');
    expect(during.ms).toBeLessThan(500);
    await until(() => stub.hits === 2);
    expect(warnings).toHaveLength(1);
  });

  it('keeps the last good answer for three refresh intervals, then pauses with the fallback', async () => {
    const prices = service();
    const told: string[] = [];
    prices.onUpdate(async (current) => {
      told.push(current.source);
    });
    await prices.poll();
    expect(told).toEqual(['live']);
    stub.mode = 'error';
    clock.advance(179_999);
    await prices.poll();
    expect(await prices.current()).toMatchObject({ ok: true, source: 'cache' });
    clock.advance(1);
    await prices.poll();
    expect(await prices.current()).toMatchObject({ ok: false, source: 'fallback' });
    // Told once, however often it is asked.
    await prices.poll();
    expect(told).toEqual(['live', 'fallback']);
  });
});
