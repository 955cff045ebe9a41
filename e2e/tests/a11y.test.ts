import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { dialogOverflow, seriousViolations } from '../support/a11y';
import { launchBrowser, newContext, screenshot, type ViewportName } from '../support/browser';
import { api, signIn, staffSignIn, storedUser, uniqueUsername } from '../support/journey';
import { STAFF } from '../support/server';

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
  staff: Page;
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
  const [anon, buyer, seller, staff] = [await page(), await page(), await page(), await page()];
  await staffSignIn(staff, baseURL, STAFF.admin);
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
  return { anon, staff, buyer, seller, tradeId: opened.trade.id, orderId: order.id, sellerId: alice.id };
}

type Screen = [name: string, who: 'anon' | 'staff' | 'buyer' | 'seller', path: (c: Cast) => string];
const SCREENS: Screen[] = [
  ['market', 'buyer', () => '/'],
  ['order-detail', 'buyer', (c) => `/order/${c.orderId}`],
  ['create-order', 'seller', () => '/create-order'],
  ['trade-buyer', 'buyer', (c) => `/trade/${c.tradeId}`],
  ['trade-seller', 'seller', (c) => `/trade/${c.tradeId}`],
  ['my-trades', 'buyer', () => '/my-trades'],
  ['my-orders', 'seller', () => '/my-orders'],
  ['wallet', 'seller', () => '/wallet'],
  ['withdrawal-request', 'seller', () => '/withdrawals/request'],
  ['withdrawal-history', 'seller', () => '/withdrawals/history'],
  ['security', 'seller', () => '/settings/security'],
  ['payment-methods', 'seller', () => '/settings/payment-methods'],
  ['profile', 'seller', () => '/profile/edit'],
  ['dashboard', 'seller', () => '/dashboard'],
  ['settings', 'seller', () => '/profile'],
  ['trade-history', 'buyer', () => '/trade-history'],
  ['notifications', 'seller', () => '/notifications'],
  ['public-profile', 'anon', (c) => `/user/${c.sellerId}`],
  ['auth', 'anon', () => '/auth'],
  ['not-found', 'anon', () => '/no-such-page'],
  ['admin-login', 'anon', () => '/admin/login'],
  ['admin-dashboard', 'staff', () => '/admin/dashboard'],
  ['admin-users', 'staff', () => '/admin/users'],
  ['admin-user', 'staff', (c) => `/admin/users/${c.sellerId}`],
  ['admin-balance', 'staff', (c) => `/admin/balance?userId=${c.sellerId}`],
  ['admin-withdrawals', 'staff', () => '/admin/withdrawals'],
  ['admin-audit', 'staff', () => '/admin/audit'],
  ['admin-approvals', 'staff', () => '/admin/approvals'],
  ['admin-disputes', 'staff', () => '/admin/disputes'],
  ['admin-security', 'staff', () => '/admin/security'],
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
    await screenshot(page, `a11y-${name}-${viewport}`);
  });

  it('the open notification bell passes axe and fits the screen', async () => {
    await visit(c.seller, '/my-orders');
    await c.seller.getByTestId('notification-bell').click();
    const panel = c.seller.locator('.bell__panel');
    await panel.getByTestId('notification-item').first().waitFor();
    const box = await panel.boundingBox();
    const width = WIDTH[viewport].width;
    expect(box && box.x >= 0 && box.x + box.width <= width).toBe(true);
    expect(await seriousViolations(c.seller, '.bell__panel')).toEqual([]);
    await c.seller.keyboard.press('Escape');
    await panel.waitFor({ state: 'hidden' });
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

    // The wallet's dialogs: the deposit address with its QR code, and the withdraw details.
    await visit(c.seller, '/wallet');
    await c.seller.getByRole('button', { name: 'Пополнить BTC' }).click();
    const deposit = c.seller.getByRole('dialog');
    await deposit.getByLabel('Сумма пополнения').fill('0.01');
    await deposit.getByRole('button', { name: 'Получить адрес' }).click();
    await deposit.getByTestId('deposit-address').waitFor();
    expect(await dialogOverflow(c.seller)).toEqual([]);
    expect(await seriousViolations(c.seller, 'dialog[open]')).toEqual([]);
    await deposit.getByRole('button', { name: 'Готово' }).click();
    await c.seller.getByRole('button', { name: 'Вывести BTC' }).click();
    const withdraw = c.seller.getByRole('dialog');
    await withdraw.getByLabel('Адрес получателя').fill('bc1qw508');
    await withdraw.getByText(/Неверный формат адреса/).waitFor();
    // Contrast is measured once the dialog has faded in.
    await withdraw.evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished)));
    expect(await dialogOverflow(c.seller)).toEqual([]);
    expect(await seriousViolations(c.seller, 'dialog[open]')).toEqual([]);
    await withdraw.getByRole('button', { name: 'Назад' }).click();
  });
});
