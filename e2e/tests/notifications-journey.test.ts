import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newContext, screenshot } from '../support/browser';
import {
  api,
  confirmReceipt,
  forbidDialogs,
  LIVE,
  signIn,
  storedUser,
  uniqueUsername,
} from '../support/journey';

const baseURL = inject('baseURL');
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => undefined);
  await browser?.close();
});

const WIDTH = { desktop: { width: 1366, height: 900 }, phone: { width: 390, height: 844 } } as const;

interface Inbox {
  unreadCount: number;
  notifications: {
    id: string;
    kind: string;
    entityId: string | null;
    readAt: string | null;
    deadline: string | null;
    link: string;
  }[];
}

async function open(viewport: 'desktop' | 'phone', dialogs: string[], state?: BrowserContext): Promise<Page> {
  const context = await newContext(browser, viewport, {
    viewport: WIDTH[viewport],
    ...(state ? { storageState: await state.storageState() } : {}),
  });
  contexts.push(context);
  const page = await context.newPage();
  forbidDialogs(page, dialogs);
  return page;
}

describe('notifications journey: the seller learns from the bell that the buyer paid', () => {
  const dialogs: string[] = [];
  let seller: Page;
  let buyer: Page;
  let tradeId = '';
  let sellerId = '';

  it('the seller is away from the trade page; the buyer opens a trade and marks it paid', async () => {
    seller = await open('desktop', dialogs);
    await signIn(seller, baseURL, { demo: 'alice' }, { returnTo: '/my-orders' });
    sellerId = (await storedUser(seller)).id;
    const before = await api<Inbox>(seller, baseURL, 'GET', '/notifications?limit=1');

    buyer = await open('phone', dialogs);
    await signIn(
      buyer,
      baseURL,
      { fresh: uniqueUsername('bell') },
      { displayName: 'Покупатель Колокольчик' },
    );
    const book = await api<{ orders: { id: string; user_id: string }[] }>(
      buyer,
      baseURL,
      'GET',
      '/orders?type=sell&cryptocurrency=BTC&payment_method=sberbank',
    );
    const order = book.orders.find((o) => o.user_id === sellerId);
    if (!order) throw new Error('alice has no BTC sell order');
    const opened = await api<{ trade: { id: string } }>(buyer, baseURL, 'POST', '/trades', {
      orderId: order.id,
      amountFiat: '5000',
      paymentMethod: 'sberbank',
    });
    tradeId = opened.trade.id;

    // The new trade reaches the bell live, with no reload of the page the seller is on.
    const badge = seller.getByTestId('notification-count');
    await expect
      .poll(async () => Number((await badge.textContent({ timeout: 1000 }).catch(() => '0')) ?? 0), LIVE)
      .toBeGreaterThan(Math.min(before.unreadCount, 99));
    const afterOpen = Number(await badge.textContent());

    await api(buyer, baseURL, 'POST', `/trades/${tradeId}/actions`, {
      action: 'mark_paid',
      payload: { payer: { bank: 'sberbank', last4: '7781', name: (await storedUser(buyer)).firstName } },
    });
    await expect.poll(async () => Number(await badge.textContent()), LIVE).toBeGreaterThan(afterOpen);
    expect(new URL(seller.url()).pathname).toBe('/my-orders');
  });

  it('the bell says what happened, what to do and by when; the link leads to the trade', async () => {
    await seller.getByTestId('notification-bell').click();
    const panel = seller.locator('.bell__panel');
    const item = panel
      .getByTestId('notification-item')
      .filter({ hasText: tradeId.slice(-8) })
      .first();
    await item.waitFor(LIVE);
    // What happened, what to do, by when (a live countdown from the trade's deadline).
    await item.getByText(/Покупатель оплатил/).waitFor();
    await item.getByText(/подтвердите получение/).waitFor();
    const countdown = item.locator('.inbox-item__deadline');
    const first = await countdown.textContent();
    expect(first).toMatch(/Осталось \d{1,2}:\d{2}/);
    await expect.poll(() => countdown.textContent(), { timeout: 4000 }).not.toBe(first);
    await screenshot(seller, 'notifications-bell-1366', { fullPage: false });

    const inbox = await api<Inbox>(seller, baseURL, 'GET', '/notifications?limit=20');
    const paid = inbox.notifications.find((n) => n.kind === 'trade_paid' && n.entityId === tradeId);
    expect(paid?.readAt).toBeNull();
    expect(paid?.deadline).not.toBeNull();
    expect(paid?.link).toBe(`/trade/${tradeId}`);

    await item.click();
    await seller.waitForURL(`${baseURL}/trade/${tradeId}`);
    // Following it marked it read on the server.
    await expect
      .poll(async () => {
        const now = await api<Inbox>(seller, baseURL, 'GET', '/notifications?limit=20');
        return now.notifications.find((n) => n.id === paid?.id)?.readAt ?? null;
      }, LIVE)
      .not.toBeNull();
  });

  it('on the trade page the seller confirms the payment and releases', async () => {
    await confirmReceipt(seller);
    await seller.locator('.trade-head').getByText('Оплата подтверждена').waitFor(LIVE);
    const checklist = seller.locator('#trade-checklist');
    for (const box of await checklist.getByRole('checkbox').all()) await box.check();
    const release = seller.getByRole('button', { name: 'Отправить криптовалюту' });
    await expect.poll(() => release.isEnabled()).toBe(true);
    await release.click();
    const dialog = seller.getByRole('dialog').filter({ hasText: 'Отправить криптовалюту?' });
    await dialog.getByRole('button', { name: /^Отправить \d/ }).click();
    await seller.locator('.trade-head').getByText('Завершена', { exact: true }).waitFor(LIVE);
    const trade = await api<{ trade: { status: string } }>(seller, baseURL, 'GET', `/trades/${tradeId}`);
    expect(trade.trade.status).toBe('COMPLETED');

    // The buyer hears of the release in their own inbox; mark-all-read empties the badge.
    await buyer.goto(`${baseURL}/notifications`);
    await buyer
      .getByTestId('notification-item')
      .filter({ hasText: tradeId.slice(-8) })
      .first()
      .waitFor(LIVE);
    await buyer.getByRole('button', { name: 'Прочитать все' }).click();
    await buyer.getByTestId('notification-count').waitFor({ state: 'detached', ...LIVE });
    expect((await api<Inbox>(buyer, baseURL, 'GET', '/notifications?limit=1')).unreadCount).toBe(0);
    expect(dialogs).toEqual([]);
  });

  it('the bell and the inbox fit a phone', async () => {
    const phone = await open('phone', dialogs, seller.context());
    await phone.goto(`${baseURL}/my-orders`);
    await phone.getByTestId('notification-bell').click();
    await phone.locator('.bell__panel').getByTestId('notification-item').first().waitFor(LIVE);
    const box = await phone.locator('.bell__panel').boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= WIDTH.phone.width).toBe(true);
    await screenshot(phone, 'notifications-bell-390', { fullPage: false });
    await phone.goto(`${baseURL}/notifications`);
    await phone.getByTestId('notification-item').first().waitFor();
    await screenshot(phone, 'notifications-inbox-390');
  });
});
