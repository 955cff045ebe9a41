import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { dialogOverflow, seriousViolations } from '../support/a11y';
import { launchBrowser, newContext, screenshot, type ViewportName } from '../support/browser';
import { api, signIn, storedUser, uniqueUsername } from '../support/journey';

const baseURL = inject('baseURL');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Desktop width of the audit (the journeys use 1280; axe found the defects at 1366). */
const WIDTH = { desktop: { width: 1366, height: 900 }, phone: { width: 390, height: 844 } } as const;

interface Cast {
  anon: Page;
  buyer: Page;
  seller: Page;
  tradeId: string;
  orderId: string;
  sellerId: string;
}

async function cast(viewport: ViewportName): Promise<Cast> {
  // The app's CSP forbids inline scripts; the audit injects axe-core, so the test context bypasses it.
  const page = async () =>
    (await newContext(browser, viewport, { viewport: WIDTH[viewport], bypassCSP: true })).newPage();
  const [anon, buyer, seller] = [await page(), await page(), await page()];
  await signIn(seller, baseURL, { demo: 'alice' });
  await signIn(
    buyer,
    baseURL,
    { fresh: uniqueUsername(`a${viewport[0]}`) },
    { displayName: 'Проверка Доступности' },
  );
  const alice = await storedUser(seller);
  const book = await api<{ orders: { id: string; user_id: string }[] }>(
    buyer,
    baseURL,
    'GET',
    '/orders?type=sell&cryptocurrency=BTC&payment_method=sberbank',
  );
  const order = book.orders.find((o) => o.user_id === alice.id);
  if (!order) throw new Error('alice has no BTC sell order');
  const opened = await api<{ trade: { id: string } }>(buyer, baseURL, 'POST', '/trades', {
    orderId: order.id,
    amountFiat: '5000',
    paymentMethod: 'sberbank',
  });
  return { anon, buyer, seller, tradeId: opened.trade.id, orderId: order.id, sellerId: alice.id };
}

type Screen = [name: string, who: 'anon' | 'buyer' | 'seller', path: (c: Cast) => string];
const SCREENS: Screen[] = [
  ['market', 'buyer', () => '/'],
  ['order-detail', 'buyer', (c) => `/order/${c.orderId}`],
  ['create-order', 'seller', () => '/create-order'],
  ['trade-buyer', 'buyer', (c) => `/trade/${c.tradeId}`],
  ['trade-seller', 'seller', (c) => `/trade/${c.tradeId}`],
  ['my-trades', 'buyer', () => '/my-trades'],
  ['my-orders', 'seller', () => '/my-orders'],
  ['wallet', 'seller', () => '/wallet'],
  ['payment-methods', 'seller', () => '/settings/payment-methods'],
  ['profile', 'seller', () => '/profile/edit'],
  ['dashboard', 'seller', () => '/dashboard'],
  ['public-profile', 'anon', (c) => `/user/${c.sellerId}`],
  ['auth', 'anon', () => '/auth'],
  ['not-found', 'anon', () => '/no-such-page'],
];

/** Opens a screen and waits until its data has arrived (no spinner, its h1 shown). */
async function visit(page: Page, path: string): Promise<void> {
  await page.goto(`${baseURL}${path}`);
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await page.waitForFunction(
    () => !document.querySelector('.state [role="status"], .spinner:not(.spinner--sm)'),
    {
      timeout: 15_000,
    },
  );
}

describe.each(['desktop', 'phone'] as const)('accessibility at %s width (axe-core)', (viewport) => {
  let c: Cast;
  beforeAll(async () => {
    c = await cast(viewport);
  });

  it.each(SCREENS)('%s has no serious or critical violation', async (name, who, path) => {
    const page = c[who];
    await visit(page, path(c));
    expect(await seriousViolations(page), `${name} at ${viewport}`).toEqual([]);
  });

  it('every dialog it opens fits the screen and passes axe', async () => {
    const page = c.buyer;
    await visit(page, `/trade/${c.tradeId}`);
    await page.locator('.main-action').getByRole('button', { name: 'Отменить сделку' }).click();
    await page.getByRole('dialog').waitFor();
    expect(await dialogOverflow(page)).toEqual([]);
    expect(await seriousViolations(page, 'dialog[open]')).toEqual([]);
    await screenshot(page, `a11y-cancel-dialog-${viewport}`, { fullPage: false });
    await page.getByRole('dialog').getByRole('button', { name: 'Отмена' }).click();

    await visit(c.seller, '/settings/payment-methods');
    await c.seller
      .getByRole('button', { name: /Добавить/ })
      .first()
      .click();
    await c.seller.getByRole('dialog').waitFor();
    expect(await dialogOverflow(c.seller)).toEqual([]);
    expect(await seriousViolations(c.seller, 'dialog[open]')).toEqual([]);
    await c.seller.getByRole('dialog').getByRole('button', { name: 'Отмена' }).click();
  });
});
