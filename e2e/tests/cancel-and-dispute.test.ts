import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newContext, screenshot } from '../support/browser';
import {
  api,
  balanceOf,
  forbidDialogs,
  LIVE,
  markPaid,
  signIn,
  storedUser,
  toUnits,
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

interface OrderView {
  id: string;
  user_id: string;
  available_amount: string;
}
interface TradeDetails {
  trade: { id: string; status: string; amountCrypto: string; disputeReason: string | null };
  availableActions: string[];
}

async function open(viewport: 'desktop' | 'phone', dialogs: string[], state?: BrowserContext) {
  const context = await newContext(
    browser,
    viewport,
    state ? { storageState: await state.storageState() } : {},
  );
  contexts.push(context);
  const page = await context.newPage();
  forbidDialogs(page, dialogs);
  return { context, page };
}

describe('cancel from Active Trades, then a dispute (seller alice, a new buyer)', () => {
  const dialogs: string[] = [];
  let seller: Page;
  let buyer: Page;
  let buyerCtx: BrowserContext;
  let order: OrderView;

  const getOrder = () => api<OrderView>(buyer, baseURL, 'GET', `/orders/${order.id}`);
  const openTrade = async (amountFiat: string) =>
    (
      await api<TradeDetails>(buyer, baseURL, 'POST', '/trades', {
        orderId: order.id,
        amountFiat,
        paymentMethod: 'sberbank',
      })
    ).trade;

  beforeAll(async () => {
    ({ page: seller } = await open('desktop', dialogs));
    await signIn(seller, baseURL, { demo: 'alice' });
    ({ page: buyer, context: buyerCtx } = await open('desktop', dialogs));
    await signIn(buyer, baseURL, { fresh: uniqueUsername('disp') }, { displayName: 'Покупатель Спор' });
    const alice = await storedUser(seller);
    const book = await api<{ orders: OrderView[] }>(
      buyer,
      baseURL,
      'GET',
      '/orders?type=sell&cryptocurrency=BTC&payment_method=sberbank',
    );
    const found = book.orders.find((o) => o.user_id === alice.id);
    if (!found) throw new Error('alice has no BTC sell order');
    order = found;
  });

  it('cancels a trade from the header dropdown; the reserve goes back to the order', async () => {
    const before = await getOrder();
    const sellerBefore = await balanceOf(seller, baseURL, 'BTC');
    const trade = await openTrade('10000');
    expect(trade.status).toBe('ESCROW_LOCKED');
    const during = await getOrder();
    expect(toUnits(before.available_amount) - toUnits(during.available_amount)).toBe(
      toUnits(trade.amountCrypto),
    );

    await buyer.goto(`${baseURL}/dashboard`);
    const button = buyer.locator('.header').getByRole('button', { name: /^Активные сделки: 1 активная \d/ });
    await button.click();
    const panel = buyer.locator('.at-panel');
    await panel.getByRole('heading', { name: /Активные сделки/ }).waitFor();
    const row = panel.locator('.at-row').filter({ has: buyer.locator(`a[href="/trade/${trade.id}"]`) });
    await row.getByText('Собеседник: Алиса').waitFor();
    const cancel = row.getByRole('button', { name: 'Отменить сделку BTC · Алиса' });
    await cancel.waitFor(LIVE); // offered once the server lists cancel_trade for it
    await screenshot(buyer, 'cancel-dropdown', { fullPage: false });
    await cancel.click();

    const dialog = buyer.getByRole('dialog').filter({ hasText: 'Отменить сделку?' });
    await dialog.waitFor();
    await dialog.getByText(/Сделка по BTC будет отменена \(собеседник: Алиса\)/).waitFor();
    await screenshot(buyer, 'cancel-dialog', { fullPage: false });
    await dialog.getByRole('button', { name: 'Подтвердить отмену' }).click();
    await dialog.waitFor({ state: 'detached', ...LIVE });
    await row.waitFor({ state: 'detached', ...LIVE });
    await button.waitFor({ state: 'detached', ...LIVE }); // no active trade left

    const after = await api<TradeDetails>(buyer, baseURL, 'GET', `/trades/${trade.id}`);
    expect(after.trade.status).toBe('CANCELLED');
    expect((await getOrder()).available_amount).toBe(before.available_amount);
    const sellerAfter = await balanceOf(seller, baseURL, 'BTC');
    expect(sellerAfter).toMatchObject({ available: sellerBefore.available, locked: sellerBefore.locked });
    // The market offers the whole amount again.
    await buyer.goto(`${baseURL}/order/${order.id}`);
    await buyer.getByRole('button', { name: 'Купить BTC' }).first().waitFor();
  });

  it('opens a dispute after marking paid; the seller sees it live', async () => {
    const trade = await openTrade('12000');
    // "Я оплатил" waits for the seller's details: alice sends a card first.
    const template = await api<{ id: string }>(seller, baseURL, 'POST', '/payment-templates', {
      name: 'Карта Алисы',
      type: 'BANK_CARD',
      details: { bankName: 'Сбербанк', cardNumber: '4276380012345679', holderName: 'ALISA' },
    });
    await api(seller, baseURL, 'PUT', `/trades/${trade.id}/payment-template`, { templateId: template.id });
    await seller.goto(`${baseURL}/trade/${trade.id}`);
    await seller.getByRole('heading', { name: /Продажа BTC/ }).waitFor();
    await buyer.goto(`${baseURL}/trade/${trade.id}`);
    await buyer.getByRole('heading', { name: /Покупка BTC/ }).waitFor();

    // «Я оплатил» names the paying account; here not the buyer's own name: the seller is warned.
    await markPaid(buyer, { last4: '9031', name: 'Олег К.' });
    await buyer.locator('.trade-head').getByText('Оплата отправлена').waitFor(LIVE);
    await seller.locator('.trade-head').getByText('Оплата отправлена').waitFor(LIVE);
    await seller.getByTestId('payer-name-mismatch').waitFor(LIVE);

    await buyer.locator('.main-action').getByRole('button', { name: 'Открыть спор' }).click();
    const dialog = buyer.getByRole('dialog').filter({ hasText: 'Причина спора' });
    await dialog.waitFor();
    // Nothing chosen: the form says what is missing and sends nothing.
    await dialog.getByRole('button', { name: 'Открыть спор' }).click();
    await dialog.locator('.field__error').first().waitFor();
    await dialog.getByRole('radio', { name: 'Продавец не отвечает' }).check();
    const details = 'Оплатил 12 000 ₽ по реквизитам, продавец не отвечает уже час.';
    await dialog.getByLabel('Описание ситуации').fill(details);
    await screenshot(buyer, 'dispute-dialog', { fullPage: false });
    await dialog.getByRole('button', { name: 'Открыть спор' }).click();
    await dialog.waitFor({ state: 'detached', ...LIVE });

    for (const page of [buyer, seller]) {
      await page.locator('.trade-head').getByText('Спор', { exact: true }).waitFor(LIVE);
      const notice = page.locator('.tr-notice--danger');
      await notice.getByText('Открыт спор').waitFor(LIVE);
      await notice.getByText('Причина: Продавец не отвечает').waitFor();
      await notice.getByText(details).waitFor();
    }
    // Frozen: no further step offered to either side.
    expect(await seller.getByRole('button', { name: 'Подтвердить получение оплаты' }).count()).toBe(0);
    // No cancel button to press: the sentence says why (docs/decisions/034).
    const reason = buyer.locator('.main-action').getByText('По сделке открыт спор: обратитесь в поддержку');
    await reason.waitFor(LIVE);
    expect(await buyer.locator('.main-action').getByRole('button', { name: 'Отменить сделку' }).count()).toBe(
      0,
    );
    // The same in the Active Trades list.
    await buyer
      .locator('.header')
      .getByRole('button', { name: /^Активные сделки/ })
      .click();
    const row = buyer.locator('.at-row').filter({ has: buyer.locator(`a[href="/trade/${trade.id}"]`) });
    await row.getByText('По сделке открыт спор: обратитесь в поддержку').waitFor(LIVE);
    expect(await row.getByRole('button', { name: 'Отменить сделку BTC · Алиса' }).count()).toBe(0);
    await screenshot(buyer, 'dispute-cancel-blocked', { fullPage: false });
    await buyer.keyboard.press('Escape');
    await screenshot(buyer, 'dispute-trade-buyer');
    await screenshot(seller, 'dispute-trade-seller');

    const after = await api<TradeDetails>(seller, baseURL, 'GET', `/trades/${trade.id}`);
    expect(after.trade.status).toBe('DISPUTED');
    expect(after.trade.disputeReason).toBe('seller_not_responding');
    expect(after.availableActions).toEqual([]);
    expect(dialogs).toEqual([]);
  });

  it('shows Active Trades as a full-screen modal at 390 px', async () => {
    const trade = await openTrade('5000');
    const { page: phone } = await open('phone', dialogs, buyerCtx);
    await phone.goto(`${baseURL}/dashboard`);
    await phone.getByRole('button', { name: /^Активные сделки: \d\+? актив\S+ / }).click();
    const modal = phone.locator('dialog.at-modal');
    await modal.waitFor();
    const box = await modal.boundingBox();
    expect(box).toMatchObject({ x: 0, y: 0, width: 390, height: 844 });
    await modal.locator(`a[href="/trade/${trade.id}"]`).waitFor();
    await modal.getByRole('button', { name: 'Отменить сделку BTC · Алиса' }).first().waitFor(LIVE);
    await screenshot(phone, 'cancel-active-trades-phone', { fullPage: false });
    await modal.getByRole('button', { name: 'Закрыть' }).click();
    await modal.waitFor({ state: 'detached' });
    expect(dialogs).toEqual([]);
  });
});
