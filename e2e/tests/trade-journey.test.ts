import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newContext, screenshot } from '../support/browser';
import {
  api,
  type Balance,
  balanceOf,
  collectConsoleErrors,
  demoCode,
  forbidDialogs,
  fromUnits,
  LIVE,
  receiptPng,
  ruAmount,
  signIn,
  storedUser,
  toUnits,
  tradeIdOf,
  uniqueUsername,
} from '../support/journey';

const baseURL = inject('baseURL');
let browser: Browser;
const contexts: BrowserContext[] = [];
/** Every page's unexpected console errors and warnings (docs/decisions/034): none, at the end. */
const consoleErrors: string[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

/** A price no demo order has, so the new order is told apart on the market by it. */
const PRICE = '6012345';
const PRICE_SHOWN = /6\s012\s345/;
const ORDER_AMOUNT = '0.01';
const TRADE_FIAT = '30000';
const CARD_BAD = '4276380012345675'; // fails the Luhn check
const CARD = '4276380012345679';
const XSS = '<img src=x onerror=window.__xss=1>';

interface TradeView {
  id: string;
  status: string;
  amountCrypto: string;
  amountFiat: string;
  feeAmount: string;
  buyer: { id: string };
  seller: { id: string };
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
  collectConsoleErrors(page, consoleErrors);
  return { context, page };
}

/** The BTC card of /wallet: [available, locked] as shown. */
async function walletBtc(page: Page): Promise<{ available: string; locked: string }> {
  await page.goto(`${baseURL}/wallet`);
  const card = page.locator('.balance-card').filter({ has: page.getByRole('heading', { name: 'BTC' }) });
  await card.waitFor();
  const row = (label: string) =>
    card.locator('.balance-card__rows > div').filter({ hasText: label }).locator('dd').textContent();
  return {
    available: (await row('Доступно'))?.trim() ?? '',
    locked: (await row('В эскроу, ордерах и выводах'))?.trim() ?? '',
  };
}

describe('trade journey: seller vera, a new buyer, two browsers', () => {
  const dialogs: string[] = [];
  let seller: Page;
  let buyer: Page;
  let sellerCtx: BrowserContext;
  let buyerCtx: BrowserContext;
  let orderId = '';
  let tradeId = '';
  let sellerBefore: Balance;
  let trade: TradeView;

  it('the seller saves a payment template and publishes a BTC sell order', async () => {
    ({ page: seller, context: sellerCtx } = await open('desktop', dialogs));
    await signIn(seller, baseURL, { demo: 'vera' }, { returnTo: '/settings/payment-methods' });

    // (c, first half) a BANK_CARD template; a card number failing Luhn is refused.
    await seller
      .getByRole('button', { name: /Добавить/ })
      .first()
      .click();
    const form = seller.getByRole('dialog').filter({ hasText: 'Новый способ оплаты' });
    await form.waitFor();
    await form.getByLabel('Название').fill('Сбер, карта Веры');
    expect(await form.getByLabel('Тип').inputValue()).toBe('BANK_CARD');
    await form.getByLabel('Банк').fill('Сбербанк');
    await form.getByLabel('Номер карты').fill(CARD_BAD);
    await form.getByLabel('Имя держателя').fill('vera k');
    await form.getByRole('button', { name: 'Сохранить' }).click();
    await form.getByText('Некорректный номер карты').waitFor();
    await screenshot(seller, 'journey-template-invalid', { fullPage: false });
    await form.getByLabel('Номер карты').fill(CARD);
    await form.getByRole('button', { name: 'Сохранить' }).click();
    await form.waitFor({ state: 'detached' });
    await seller.locator('.pm-list').getByText('Сбер, карта Веры').waitFor();
    await screenshot(seller, 'journey-templates');

    sellerBefore = await balanceOf(seller, baseURL, 'BTC');

    // (a) the order through /create-order.
    await seller.goto(`${baseURL}/create-order`);
    await seller.getByRole('heading', { name: 'Создание ордера' }).waitFor();
    const form2 = seller.locator('.create-order__form');
    await form2.getByRole('button', { name: /^Продать/ }).click();
    expect(await form2.getByRole('button', { name: /^Продать/ }).getAttribute('aria-pressed')).toBe('true');
    await form2.getByRole('button', { name: 'BTC', exact: true }).click();
    await seller.getByLabel('Количество, BTC').fill(ORDER_AMOUNT);
    await seller.getByLabel(/^Цена за 1 BTC/).fill(PRICE);
    await form2.getByRole('button', { name: 'Сбербанк', exact: true }).click();
    await seller.getByLabel('Минимум, ₽', { exact: true }).fill('1000');
    await seller.getByLabel(/^Максимум/).fill('60000');
    // The calculator: 0.01 × 6 012 345 = 60 123,45 ₽.
    await seller
      .locator('.calc-card__total')
      .getByText(/60\s123,45/)
      .waitFor();
    await screenshot(seller, 'journey-create-order');
    await seller.getByRole('button', { name: 'Предпросмотр' }).click();
    const preview = seller.getByRole('dialog').filter({ hasText: 'Проверьте ордер' });
    await preview.waitFor();
    await preview.getByText(PRICE_SHOWN).first().waitFor();
    await preview.getByText('Сбербанк').waitFor();
    await screenshot(seller, 'journey-create-preview', { fullPage: false });
    await preview.getByRole('button', { name: 'Опубликовать' }).click();
    await seller.waitForURL(/\/order\/[0-9a-f-]{36}$/, LIVE);
    orderId = new URL(seller.url()).pathname.split('/').pop() ?? '';
    await seller
      .getByRole('heading', { name: /Продажа BTC/ })
      .first()
      .waitFor();
    await screenshot(seller, 'journey-order-page');

    const order = await api<{ status: string; available_amount: string; payment_methods: string[] }>(
      seller,
      baseURL,
      'GET',
      `/orders/${orderId}`,
    );
    expect(order.status).toBe('active');
    expect(toUnits(order.available_amount)).toBe(toUnits(ORDER_AMOUNT));
    expect(order.payment_methods).toEqual(['sberbank']);
    // Publishing reserved the amount: available down, locked up by 0.01 BTC.
    const reserved = await balanceOf(seller, baseURL, 'BTC');
    expect(toUnits(reserved.locked) - toUnits(sellerBefore.locked)).toBe(toUnits(ORDER_AMOUNT));
    expect(toUnits(sellerBefore.available) - toUnits(reserved.available)).toBe(toUnits(ORDER_AMOUNT));
    sellerBefore = reserved;
  });

  it('a new buyer finds it on the filtered market and opens a trade', async () => {
    ({ page: buyer, context: buyerCtx } = await open('desktop', dialogs));
    await signIn(
      buyer,
      baseURL,
      { fresh: uniqueUsername('buyer') },
      { returnTo: '/', displayName: 'Покупатель Тест' },
    );
    await buyer.getByRole('heading', { name: 'P2P Market' }).waitFor();
    const filters = buyer.locator('.market-filters');
    await filters
      .locator('fieldset')
      .filter({ hasText: 'Криптовалюта' })
      .getByRole('button', { name: 'BTC' })
      .click();
    await filters
      .locator('fieldset')
      .filter({ hasText: 'Способ оплаты' })
      .getByRole('button', { name: 'Сбербанк' })
      .click();
    await buyer.waitForURL(
      (url) => url.searchParams.get('method') === 'sberbank' && url.searchParams.get('crypto') === 'BTC',
    );
    // Both columns have answered for the final filter (a column is busy while its query runs).
    await expect.poll(() => buyer.locator('.order-column[aria-busy="false"]').count(), LIVE).toBe(2);
    const sellColumn = buyer.locator('.order-card--buy');
    const card = sellColumn.filter({ hasText: PRICE_SHOWN });
    await card.waitFor(LIVE);
    // The filter really filters: every offer left is BTC (ETH and USDT ones are gone).
    const terms = await buyer.locator('.order-card .order-card__terms').allTextContents();
    expect(terms.length).toBeGreaterThan(0);
    for (const text of terms) expect(text).toMatch(/BTC/);
    await screenshot(buyer, 'journey-market-filtered');

    await card.getByRole('button', { name: 'Купить BTC' }).click();
    const panel = buyer.locator('dialog.side-panel');
    await panel.getByRole('heading', { name: 'Детали ордера' }).waitFor();
    await screenshot(buyer, 'journey-order-panel', { fullPage: false });
    // Out of limits first: the form says so and stays.
    await panel.getByLabel(/^Сумма сделки/).fill('500');
    await panel.getByLabel('Способ оплаты').selectOption({ label: 'Сбербанк' });
    await panel.locator('form').getByRole('button', { name: 'Купить BTC' }).click();
    await panel.getByText(/Сумма должна быть от/).waitFor();
    await panel.getByLabel(/^Сумма сделки/).fill(TRADE_FIAT);
    // 30 000 / 6 012 345 = 0.00498973… BTC, rounded down; the 0.1 % fee (0.00000498, rounded
    // down) is shown before the trade opens, and the buyer's headline is the net amount.
    await panel
      .locator('.trade-form__result-value')
      .getByText(/0,00498475/)
      .waitFor();
    await panel
      .locator('.trade-form__fee')
      .getByText(/0,00498973.*0,00000498/)
      .waitFor();
    await screenshot(buyer, 'journey-trade-form', { fullPage: false });
    await panel.locator('form').getByRole('button', { name: 'Купить BTC' }).click();
    await buyer.waitForURL(/\/trade\/[0-9a-f-]{36}$/, LIVE);
    tradeId = tradeIdOf(buyer);
    await buyer.getByRole('heading', { name: /Покупка BTC/ }).waitFor();
    await buyer.getByText('Ожидаем реквизиты от продавца').waitFor();

    trade = (await api<{ trade: TradeView }>(buyer, baseURL, 'GET', `/trades/${tradeId}`)).trade;
    expect(trade.status).toBe('ESCROW_LOCKED');
    expect(trade.amountFiat).toMatch(/^30000(\.0+)?$/);
    expect(trade.amountCrypto).toBe('0.00498973');
    await screenshot(buyer, 'journey-trade-buyer-new');
  });

  it('the seller sends payment details; the buyer sees them without reload', async () => {
    await seller.goto(`${baseURL}/trade/${tradeId}`);
    await seller.getByRole('heading', { name: /Продажа BTC/ }).waitFor();
    await seller.getByText('Реквизиты ещё не отправлены').waitFor();
    const send = seller.locator('.send-details');
    await expect
      .poll(async () => send.getByLabel('Способ оплаты').locator('option:checked').textContent(), LIVE)
      .toContain('Сбер, карта Веры');
    await screenshot(seller, 'journey-trade-seller-send');
    await send.getByRole('button', { name: 'Отправить реквизиты' }).click();
    await seller.locator('.pay-details').getByText('4276 3800 1234 5679').waitFor(LIVE);

    const details = buyer.locator('.pay-details');
    await details.getByText('4276 3800 1234 5679').waitFor(LIVE);
    await details.getByText('VERA K').waitFor();
    await details.getByText('Сбербанк').waitFor();
    expect(await buyer.getByText('Ожидаем реквизиты от продавца').count()).toBe(0);
    await screenshot(buyer, 'journey-trade-buyer-details');
  });

  it('chat: markup from the buyer shows literally on the seller side and never runs', async () => {
    const composer = buyer.getByLabel('Сообщение', { exact: true });
    await composer.fill(XSS);
    await composer.press('Enter');
    await buyer.locator('.msg--mine .msg__text').filter({ hasText: XSS }).waitFor(LIVE);

    const theirs = seller.locator('.msg--theirs .msg__text').filter({ hasText: XSS });
    await theirs.waitFor(LIVE);
    expect(await theirs.textContent()).toBe(XSS);
    expect(await seller.locator('.chat img').count()).toBe(0);

    const reply = seller.getByLabel('Сообщение', { exact: true });
    await reply.fill('Реквизиты отправила, жду оплату');
    await reply.press('Enter');
    await buyer
      .locator('.msg--theirs .msg__text')
      .filter({ hasText: 'Реквизиты отправила, жду оплату' })
      .waitFor(LIVE);

    for (const page of [buyer, seller]) {
      expect(await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss)).toBeUndefined();
    }
    expect(dialogs).toEqual([]);
    await screenshot(buyer, 'journey-chat-buyer');
    await screenshot(seller, 'journey-chat-seller');
  });

  it('the buyer uploads a receipt and marks paid; the seller sees it live', async () => {
    await buyer.locator('#trade-receipt input[type=file]').setInputFiles({
      name: 'receipt.png',
      mimeType: 'image/png',
      buffer: await receiptPng(),
    });
    await buyer.locator('#trade-receipt').getByText('Загрузить ещё чек').waitFor(LIVE);
    await buyer
      .locator('#trade-receipt')
      .getByRole('button', { name: /Открыть чек от/ })
      .waitFor();
    await screenshot(buyer, 'journey-receipt-uploaded');

    // «Я оплатил» names the paying account: the bank is the trade's, the card's last digits and
    // the buyer's name as the bank shows it.
    await buyer.getByRole('button', { name: 'Я оплатил' }).click();
    const confirm = buyer.getByRole('dialog').filter({ hasText: 'Вы перевели деньги?' });
    await confirm.waitFor();
    expect(await confirm.getByLabel('Банк', { exact: true }).inputValue()).toBe('sberbank');
    await confirm.getByRole('button', { name: 'Да, я оплатил' }).click();
    await confirm.getByText('Последние 4 цифры карты или телефона: ровно 4 цифры').waitFor();
    await confirm.getByLabel('Последние 4 цифры карты или телефона').fill('4242');
    // The name the bank shows is the buyer's own (their profile's first name).
    const { firstName } = await storedUser(buyer);
    await confirm.getByLabel('Имя плательщика, как его показывает банк').fill(`${firstName} К.`);
    await screenshot(buyer, 'journey-mark-paid-confirm', { fullPage: false });
    await confirm.getByRole('button', { name: 'Да, я оплатил' }).click();
    await buyer.locator('.trade-head').getByText('Оплата отправлена').waitFor(LIVE);
    await buyer.getByText(/Вы отметили оплату/).waitFor();

    // The seller's page, untouched since: status, the next action and the receipt arrive live.
    await seller.locator('.trade-head').getByText('Оплата отправлена').waitFor(LIVE);
    await seller.getByRole('button', { name: 'Подтвердить получение оплаты' }).waitFor(LIVE);
    await seller
      .locator('#trade-receipt')
      .getByRole('button', { name: /Открыть чек от/ })
      .waitFor(LIVE);
    // Who paid, beside the receipt: the account the buyer named, new to the platform.
    const payer = seller.getByTestId('payer-account');
    await payer.getByText(/Сбербанк ·· 4242/).waitFor(LIVE);
    await payer.getByText('С этого счета на платформе еще не платили').waitFor();
    expect(await payer.getByRole('alert').count()).toBe(0);
    await screenshot(seller, 'journey-seller-paid');
  });

  it('the seller confirms, checks and releases; both pages complete live', async () => {
    // The seller's second factor: a code from the authenticator (the demo hint shows it).
    await seller.getByRole('button', { name: 'Подтвердить получение оплаты' }).click();
    const confirm = seller.getByRole('dialog').filter({ hasText: 'Подтвердить получение оплаты?' });
    const ok = confirm.getByRole('button', { name: 'Да, деньги получены' });
    expect(await ok.isDisabled()).toBe(true);
    await confirm.getByLabel('Код подтверждения').fill('000000');
    await ok.click();
    await confirm.getByText('Неверный код двухфакторной аутентификации').waitFor();
    await confirm.getByLabel('Код подтверждения').fill(await demoCode(confirm));
    await screenshot(seller, 'journey-confirm-code', { fullPage: false });
    await ok.click();
    await confirm.waitFor({ state: 'detached' });
    await seller.locator('.trade-head').getByText('Оплата подтверждена').waitFor(LIVE);
    await buyer.locator('.trade-head').getByText('Оплата подтверждена').waitFor(LIVE);

    const release = seller.getByRole('button', { name: 'Отправить криптовалюту' });
    await release.waitFor();
    expect(await release.isDisabled()).toBe(true); // gated by the checklist
    const checklist = seller.locator('#trade-checklist');
    for (const box of await checklist.getByRole('checkbox').all()) await box.check();
    await expect.poll(() => release.isEnabled()).toBe(true);
    await screenshot(seller, 'journey-seller-checklist');
    await release.click();
    const dialog = seller.getByRole('dialog').filter({ hasText: 'Отправить криптовалюту?' });
    await dialog.waitFor();
    await screenshot(seller, 'journey-release-confirm', { fullPage: false });
    await dialog.getByRole('button', { name: /^Отправить 0,00498973 BTC/ }).click();

    for (const page of [seller, buyer]) {
      await page.locator('.trade-head').getByText('Завершена', { exact: true }).waitFor(LIVE);
      await page.locator('.tr-notice--success').getByText('Сделка завершена').waitFor(LIVE);
    }
    await screenshot(seller, 'journey-completed-seller');
    await screenshot(buyer, 'journey-completed-buyer');
  });

  it('both wallets show the settled balances (UI and API agree)', async () => {
    trade = (await api<{ trade: TradeView }>(buyer, baseURL, 'GET', `/trades/${tradeId}`)).trade;
    expect(trade.status).toBe('COMPLETED');
    const amount = toUnits(trade.amountCrypto);
    const fee = (amount * 1n) / 1000n; // 0.1 %, rounded down to 1e-8
    expect(toUnits(trade.feeAmount)).toBe(fee);
    const buyerGets = fromUnits(amount - fee);

    const buyerApi = await balanceOf(buyer, baseURL, 'BTC');
    expect(buyerApi.available).toBe(buyerGets);
    expect(toUnits(buyerApi.locked)).toBe(0n);
    const sellerApi = await balanceOf(seller, baseURL, 'BTC');
    expect(toUnits(sellerBefore.locked) - toUnits(sellerApi.locked)).toBe(amount);
    expect(sellerApi.available).toBe(sellerBefore.available);

    const buyerUi = await walletBtc(buyer);
    expect(buyerUi.available).toBe(ruAmount(buyerGets));
    expect(buyerUi.locked).toBe(ruAmount('0'));
    await screenshot(buyer, 'journey-wallet-buyer');
    const sellerUi = await walletBtc(seller);
    expect(sellerUi.locked).toBe(ruAmount(sellerApi.locked));
    expect(sellerUi.available).toBe(ruAmount(sellerApi.available));
    await screenshot(seller, 'journey-wallet-seller');
    expect(dialogs).toEqual([]);
  });

  it('phone pass (390×844): market, order panel, trade page, chat, wallet, active trades', async () => {
    const { page: phone } = await open('phone', dialogs, buyerCtx);
    const { page: sellerPhone } = await open('phone', dialogs, sellerCtx);
    await phone.goto(`${baseURL}/?crypto=BTC&method=sberbank`);
    const card = phone.locator('.order-card--buy').filter({ hasText: PRICE_SHOWN });
    await card.waitFor(LIVE);
    // Nothing widens the page past the phone's width (a wide filter row once did).
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(phone, 'journey-market-phone');
    await card.getByRole('button', { name: 'Купить BTC' }).click();
    const panel = phone.locator('dialog.side-panel');
    await panel.getByLabel(/^Сумма сделки/).fill('12000');
    await panel.getByLabel('Способ оплаты').selectOption({ label: 'Сбербанк' });
    await screenshot(phone, 'journey-order-panel-phone', { fullPage: false });
    await panel.locator('form').getByRole('button', { name: 'Купить BTC' }).click();
    await phone.waitForURL(/\/trade\/[0-9a-f-]{36}$/, LIVE);
    const phoneTrade = tradeIdOf(phone);
    expect(phoneTrade).not.toBe(tradeId);
    await phone.getByRole('heading', { name: /Покупка BTC/ }).waitFor();
    await screenshot(phone, 'journey-trade-phone');

    await sellerPhone.goto(`${baseURL}/trade/${phoneTrade}`);
    await sellerPhone.getByRole('heading', { name: /Продажа BTC/ }).waitFor();
    const composer = phone.getByLabel('Сообщение', { exact: true });
    await composer.fill('Пишу с телефона');
    await composer.press('Enter');
    await sellerPhone.locator('.msg--theirs .msg__text').filter({ hasText: 'Пишу с телефона' }).waitFor(LIVE);
    await phone.locator('.chat').scrollIntoViewIfNeeded();
    await screenshot(phone, 'journey-chat-phone', { fullPage: false });
    await screenshot(sellerPhone, 'journey-trade-seller-phone');

    const wallet = await walletBtc(phone);
    expect(wallet.available).toBe(
      ruAmount(fromUnits(toUnits(trade.amountCrypto) - toUnits(trade.feeAmount))),
    );
    await screenshot(phone, 'journey-wallet-phone');

    // Active trades: a full-screen modal on phones, listing the open trade.
    await phone.getByRole('button', { name: /^Активные сделки: 1/ }).click();
    const modal = phone.locator('dialog.at-modal');
    await modal.waitFor();
    expect(await modal.locator('.at-row').count()).toBe(1);
    expect(await modal.locator(`a[href="/trade/${phoneTrade}"]`).count()).toBe(1);
    await screenshot(phone, 'journey-active-trades-phone', { fullPage: false });
    await modal.getByRole('button', { name: 'Закрыть' }).click();
    await modal.waitFor({ state: 'detached' });
    expect(dialogs).toEqual([]);
    expect(consoleErrors).toEqual([]);
    for (const context of contexts) await context.close();
  });
});
