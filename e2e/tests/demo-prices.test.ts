import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newContext, screenshot, type ViewportName } from '../support/browser';
import { api, LIVE, signIn } from '../support/journey';
import { type RunningServer, startServer } from '../support/server';

/**
 * Offline prices (docs/decisions/036): a server with no price feed it can reach and
 * `PRICE_FEED=demo` (`npm start` stands the demo walk in with `auto`) prices floating orders and
 * the wallet, and says so: «Демо-цены» on the market's price pill and note, and on the wallet's
 * estimate. Its own server, so the shared one keeps its live stub.
 */
let server: RunningServer;
let browser: Browser;
beforeAll(async () => {
  server = await startServer({ PRICE_FEED: 'demo', PRICE_API_URL: 'http://127.0.0.1:9/api/v3/simple/price' });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe.each(['desktop', 'phone'] as ViewportName[])('demo prices at %s size', (viewport) => {
  it('marks the market «Демо-цены» and prices a floating order with them', async () => {
    const page = await (await newContext(browser, viewport)).newPage();
    await signIn(page, server.baseURL, { demo: 'alice' }, { returnTo: '/' });
    await expect
      .poll(() => page.locator('.price-source').textContent(), LIVE)
      .toMatch(/^Демо-цены · \d{1,2}:\d{2}$/);
    await page.getByText('Демо-цены: рыночный курс недоступен').waitFor();
    const placed = await api<{ order: { market_paused: boolean; price_per_unit: string } }>(
      page,
      server.baseURL,
      'POST',
      '/orders',
      {
        type: 'buy',
        cryptocurrency: 'USDT',
        amount_crypto: '100',
        price_type: 'floating',
        margin_percent: '1',
        fiat_currency: 'RUB',
        payment_methods: ['sberbank'],
        min_amount: '1000',
        time_limit: 30,
      },
    );
    // Priced (about 93 ₽ per USDT plus 1 %), not paused.
    expect(placed.order.market_paused).toBe(false);
    expect(Number(placed.order.price_per_unit)).toBeGreaterThan(90);
    expect(Number(placed.order.price_per_unit)).toBeLessThan(98);
    await screenshot(page, `demo-prices-market-${viewport}`);

    await page.goto(`${server.baseURL}/wallet`);
    await page.getByText(/^Демо-цены: оценка на \d{1,2}:\d{2}, не по рыночному курсу$/).waitFor(LIVE);
    await screenshot(page, `demo-prices-wallet-${viewport}`);
    await page.context().close();
  });
});
