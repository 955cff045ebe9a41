import { join } from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newContext, screenshot, screenshotsDir } from '../support/browser';
import {
  api,
  balanceOf,
  forbidDialogs,
  fromUnits,
  LIVE,
  ruAmount,
  signIn,
  storedUser,
  toUnits,
  uniqueUsername,
} from '../support/journey';
import { STAFF } from '../support/server';
import { Authenticator } from '../support/totp';

/**
 * The merchant features (docs/decisions/026, 027):
 * - a floating sell order published through the form follows the price feed: the server reprices
 *   it on the next feed answer and the market card shows the new price without a reload;
 * - a BTC-for-USDT swap offer is taken through «Обменять» with a fresh second-factor code, and
 *   both balances change at once.
 * The feed is global setup's local stub (support/price-stub.ts), asked every 5 s.
 */
const baseURL = inject('baseURL');
const priceStubURL = inject('priceStubURL');

/** BTC in rubles before and after the market moves: odd kopecks, so the rounding shows. */
const MARKET_BEFORE = 6_045_123.45;
const MARKET_AFTER = 6_123_456.78;
/** The stub's default (the fallback table's 65 000 $ × 93 ₽), restored when the journey ends. */
const MARKET_DEFAULT = 6_045_000;
const MARGIN_BP = 150n;

/** A swap offer: 0.01 BTC for USDT at 64 987.5 USDT per BTC (within 1 % of the feed's 65 000). */
const SWAP_AMOUNT = '0.01';
const SWAP_PRICE = '64987.5';
const SWAP_TAKE = '0.004';

let browser: Browser;
const dialogs: string[] = [];
let merchant: Page;
let taker: Page;
const merchantName = 'Мерчант Плавающий';
const takerName = 'Обменщик Тест';
const authenticators = new Map<Page, Authenticator>();
const orderIds: string[] = [];

/** Rubles (a number with at most 2 decimals) in kopecks. */
const kopecks = (rub: number): bigint => BigInt(Math.round(rub * 100));
/** The effective price of a floating sell order: market × (1 + margin), rounded down (shared floatingPrice). */
const floating = (rub: number): bigint => (kopecks(rub) * (10_000n + MARGIN_BP)) / 10_000n;
/** Kopecks as the web shows rubles, without the sign: "6 135 800,30" (any space kind normalised). */
const rubText = (minor: bigint): string =>
  `${(minor / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ' ')},${(minor % 100n).toString().padStart(2, '0')}`;
const spaced = (text: string | null): string => (text ?? '').replace(/\s+/g, ' ').trim();

/** An admin credits a user (set-up only; each credit stays under the four-eyes threshold). */
async function credit(userId: string, cryptocurrency: string, amount: string) {
  const post = async <T>(path: string, body: unknown, token?: string) => {
    const res = await fetch(`${baseURL}/api/v1/admin${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
    const json = (await res.json()) as { data: T };
    if (res.status !== 200) throw new Error(`${path} -> ${res.status}: ${JSON.stringify(json)}`);
    return json.data;
  };
  const { accessToken } = await post<{ accessToken: string }>('/auth/login', {
    email: STAFF.admin.email,
    password: STAFF.admin.password,
  });
  await post(
    `/users/${userId}/balance/credit`,
    { cryptocurrency, amount, reason: 'Пополнение для журнала мерчанта' },
    accessToken,
  );
}

/** A coin's balance; a coin never held may have no row yet. */
const balanceOr0 = (page: Page, coin: string) =>
  balanceOf(page, baseURL, coin).catch(() => ({ available: '0', locked: '0' }));

/** Two-factor on for the user of `page`, through the API; keeps its authenticator for later codes. */
async function enrol(page: Page): Promise<void> {
  const { secret } = await api<{ secret: string }>(page, baseURL, 'POST', '/users/2fa/setup');
  const auth = new Authenticator(secret);
  await api(page, baseURL, 'POST', '/users/2fa/enable', { code: await auth.code() });
  authenticators.set(page, auth);
}

/** A code of this user's authenticator the server has not accepted yet. */
function freshCode(page: Page): Promise<string> {
  const auth = authenticators.get(page);
  if (!auth) throw new Error('user not enrolled');
  return auth.code();
}

/** Moves the stub's BTC/RUB price and waits until the server's feed answer has it. */
async function setBtcRub(rub: number, reset = false): Promise<void> {
  const res = await fetch(`${priceStubURL}/${reset ? 'reset' : 'set'}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(reset ? {} : { bitcoin: { rub } }),
  });
  expect(res.status).toBe(200);
  await expect
    .poll(
      async () => {
        const answer = (await (await fetch(`${baseURL}/api/v1/market/current-prices`)).json()) as {
          source: string;
          data: { bitcoin?: { rub: number } };
        };
        return [answer.source, answer.data.bitcoin?.rub];
      },
      { timeout: 20_000, interval: 500 },
    )
    .toEqual([expect.stringMatching(/^(live|cache)$/), rub]);
}

/** The card of `name` in the column `side` of the market, paging on until it shows. */
async function cardOf(page: Page, side: 'buy' | 'sell', name: string): Promise<Locator> {
  await expect.poll(() => page.locator('.order-column[aria-busy="false"]').count(), LIVE).toBe(2);
  const card = page.locator(`.order-card--${side}`).filter({ hasText: name });
  const deadline = Date.now() + LIVE.timeout;
  while ((await card.count()) === 0 && Date.now() < deadline) {
    const more = page.getByRole('button', { name: /Показать ещё|Загрузить ещё/ });
    if (await more.first().isVisible()) await more.first().click();
    else await page.waitForTimeout(250);
  }
  await card.waitFor(LIVE);
  return card;
}

beforeAll(async () => {
  browser = await launchBrowser();
  merchant = await (await newContext(browser, 'desktop')).newPage();
  taker = await (await newContext(browser, 'desktop')).newPage();
  forbidDialogs(merchant, dialogs);
  forbidDialogs(taker, dialogs);
  // Both enrol first: by the time each needs a code, a fresh 30-second step has usually come.
  await signIn(merchant, baseURL, { fresh: uniqueUsername('merchant') }, { displayName: merchantName });
  await enrol(merchant);
  await credit((await storedUser(merchant)).id, 'BTC', '0.015');
  await signIn(taker, baseURL, { fresh: uniqueUsername('swapper') }, { displayName: takerName });
  await enrol(taker);
  await credit((await storedUser(taker)).id, 'USDT', '300');
});

afterAll(async () => {
  // Leave the book and the feed as the other journeys expect them.
  for (const id of orderIds) {
    await api(merchant, baseURL, 'DELETE', `/orders/${id}`).catch(() => undefined);
  }
  await setBtcRub(MARKET_DEFAULT, true).catch(() => undefined);
  await browser?.close();
});

describe('merchant journey', () => {
  it('a floating sell order follows the market on the card without a reload', async () => {
    await setBtcRub(MARKET_BEFORE);

    await merchant.goto(`${baseURL}/create-order?type=sell`);
    await merchant.getByRole('heading', { name: 'Создание ордера' }).waitFor();
    const form = merchant.locator('.create-order__form');
    expect(await form.getByRole('button', { name: /^Продать/ }).getAttribute('aria-pressed')).toBe('true');
    const setOf = (legend: string) =>
      form.locator('fieldset').filter({ has: merchant.getByText(legend, { exact: true }) });
    await setOf('Криптовалюта').getByRole('button', { name: 'BTC', exact: true }).click();
    await setOf('Валюта оплаты').getByRole('button', { name: 'RUB', exact: true }).click();
    await merchant.getByLabel('Количество, BTC').fill('0.005');

    const priceType = setOf('Тип цены');
    await priceType.getByRole('button', { name: 'Плавающая' }).click();
    expect(await priceType.getByRole('button', { name: 'Плавающая' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    const now = form.locator('.floating-price__now');
    // A preset first: +2 % of the market now.
    await form.getByRole('button', { name: '+2%', exact: true }).click();
    const at2 = (kopecks(MARKET_BEFORE) * 10_200n) / 10_000n;
    await expect.poll(async () => spaced(await now.textContent()), LIVE).toContain(rubText(at2));
    // Then a margin of one's own: 1.5 %.
    await merchant.getByLabel(/^Отклонение от рынка/).fill('1.5');
    await expect
      .poll(async () => spaced(await now.textContent()), LIVE)
      .toContain(rubText(floating(MARKET_BEFORE)));
    expect(await form.getByRole('button', { name: '+2%', exact: true }).getAttribute('aria-pressed')).toBe(
      'false',
    );

    await form.getByRole('button', { name: 'Сбербанк', exact: true }).click();
    await merchant.getByLabel('Минимум, ₽', { exact: true }).fill('1000');
    await screenshot(merchant, 'merchant-floating-form');
    await merchant.getByRole('button', { name: 'Предпросмотр' }).click();
    const preview = merchant.getByRole('dialog').filter({ hasText: 'Проверьте ордер' });
    await preview.waitFor();
    expect(spaced(await preview.textContent())).toContain(rubText(floating(MARKET_BEFORE)));
    await preview.getByRole('button', { name: 'Опубликовать' }).click();
    await merchant.waitForURL(/\/order\/[0-9a-f-]{36}$/, LIVE);
    const orderId = new URL(merchant.url()).pathname.split('/').pop() ?? '';
    orderIds.push(orderId);

    const order = await api<{
      price_type: string;
      margin_percent: string | null;
      price_per_unit: string;
      market_paused: boolean;
    }>(merchant, baseURL, 'GET', `/orders/${orderId}`);
    expect(order.price_type).toBe('floating');
    expect(order.margin_percent).toBe('1.50');
    expect(order.market_paused).toBe(false);
    expect(kopecks(Number(order.price_per_unit))).toBe(floating(MARKET_BEFORE));

    // The market: its owner's card says it floats, at market × 1.015 rounded down (the owner reads
    // «Плавающая: …» on their own card, docs/decisions/038).
    await merchant.goto(`${baseURL}/?crypto=BTC&fiat=RUB`);
    const card = await cardOf(merchant, 'buy', merchantName);
    const floats = card.getByTestId('floating-note');
    await expect(floats.textContent()).resolves.toBe('Плавающая: рынок +1,5\u00a0%');
    const price = card.locator('.order-card__price-value');
    expect(spaced(await price.textContent())).toBe(`${rubText(floating(MARKET_BEFORE))} ₽`);
    // In the middle of the screen, clear of the sticky header.
    await card.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await card.screenshot({
      path: join(screenshotsDir, 'merchant-floating-card.png'),
      animations: 'disabled',
    });

    // The feed moves; the server reprices and tells the market, the card follows in place.
    let reloaded = false;
    merchant.on('framenavigated', (frame) => {
      if (frame === merchant.mainFrame()) reloaded = true;
    });
    await fetch(`${priceStubURL}/set`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ bitcoin: { rub: MARKET_AFTER } }),
    });
    const moved = `${rubText(floating(MARKET_AFTER))} ₽`;
    await expect.poll(async () => spaced(await price.textContent()), { timeout: 20_000 }).toBe(moved);
    expect(reloaded).toBe(false);
    await expect(floats.textContent()).resolves.toBe('Плавающая: рынок +1,5\u00a0%');
    await card.screenshot({
      path: join(screenshotsDir, 'merchant-floating-card-moved.png'),
      animations: 'disabled',
    });
    const repriced = await api<{ price_per_unit: string }>(merchant, baseURL, 'GET', `/orders/${orderId}`);
    expect(kopecks(Number(repriced.price_per_unit))).toBe(floating(MARKET_AFTER));
    expect(dialogs).toEqual([]);
  });

  it('a BTC-for-USDT swap offer is taken at once: both balances change', async () => {
    // The maker publishes the offer over the API with a fresh code.
    const offer = await api<{ id: string }>(merchant, baseURL, 'POST', '/orders', {
      type: 'sell',
      cryptocurrency: 'BTC',
      fiat_currency: 'USDT',
      amount_crypto: SWAP_AMOUNT,
      price_per_unit: SWAP_PRICE,
      totp_code: await freshCode(merchant),
      confirm_price: true,
    });
    orderIds.push(offer.id);
    const published = await api<{ status: string; fiat_currency: string; price_per_unit: string }>(
      merchant,
      baseURL,
      'GET',
      `/orders/${offer.id}`,
    );
    expect(published).toMatchObject({ status: 'active', fiat_currency: 'USDT' });
    expect(toUnits(published.price_per_unit)).toBe(toUnits(SWAP_PRICE));

    const { platformFeeRate } = await (await fetch(`${baseURL}/api/v1/config`)).json().then((j) => j.data);
    const feePpm = BigInt(/^0\.(\d{1,6})$/.exec(platformFeeRate)?.[1]?.padEnd(6, '0') ?? '0');
    const amount = toUnits(SWAP_TAKE);
    // Paid in USDT: amount × price, rounded up; the fee is taken from the BTC received.
    const priceUnits = toUnits(SWAP_PRICE);
    const paid = (amount * priceUnits + 99_999_999n) / 100_000_000n;
    expect(feePpm).toBeGreaterThan(0n);
    const fee = (amount * feePpm) / 1_000_000n;
    const received = amount - fee;
    expect(fromUnits(paid)).toBe('259.95000000');

    const takerBtc = await balanceOr0(taker, 'BTC');
    const takerUsdt = await balanceOr0(taker, 'USDT');
    const makerUsdt = await balanceOr0(merchant, 'USDT');
    const makerBtc = await balanceOr0(merchant, 'BTC');

    // The taker finds it on the market filtered to BTC for USDT.
    await taker.goto(`${baseURL}/?crypto=BTC&fiat=USDT`);
    const card = await cardOf(taker, 'buy', merchantName);
    await card.getByText('Мгновенный обмен').waitFor();
    await card.getByRole('button', { name: 'Обменять' }).click();
    const panel = taker.locator('dialog.side-panel');
    await panel.getByRole('button', { name: 'Обменять' }).click();
    const dialog = taker.getByRole('dialog', { name: 'Обмен: BTC за USDT' });
    await dialog.waitFor();
    await dialog.getByLabel('Получить, BTC').fill(SWAP_TAKE.replace('.', ','));
    const quote = dialog.locator('.swap-quote');
    await quote.waitFor();
    const row = async (label: string) =>
      spaced(await quote.locator('div').filter({ hasText: label }).locator('dd').textContent());
    // What they give and get, exactly as the settlement will take it (8 places, as the dialog shows).
    expect(await row('Вы отдадите')).toBe(`${ruAmount(fromUnits(paid))} USDT`);
    expect(await row('Комиссия платформы')).toBe(`${ruAmount(fromUnits(fee))} BTC`);
    expect(await row('Вы получите')).toBe(`${ruAmount(fromUnits(received))} BTC`);
    await dialog.getByLabel('Код двухфакторной аутентификации для обмена').fill(await freshCode(taker));
    await screenshot(taker, 'merchant-swap-dialog', { fullPage: false });
    await dialog.locator('button[type="submit"]').click();
    await dialog.waitFor({ state: 'detached', timeout: LIVE.timeout });
    await taker.getByText(/Обмен выполнен: получено/).waitFor(LIVE);

    // Both sides at once: the taker got BTC less the fee and gave USDT; the maker got the USDT.
    const btcAfter = await balanceOf(taker, baseURL, 'BTC');
    const usdtAfter = await balanceOf(taker, baseURL, 'USDT');
    expect(toUnits(btcAfter.available) - toUnits(takerBtc.available)).toBe(received);
    expect(toUnits(takerUsdt.available) - toUnits(usdtAfter.available)).toBe(paid);
    const makerUsdtAfter = await balanceOf(merchant, baseURL, 'USDT');
    const makerBtcAfter = await balanceOf(merchant, baseURL, 'BTC');
    expect(toUnits(makerUsdtAfter.available) - toUnits(makerUsdt.available)).toBe(paid);
    expect(toUnits(makerBtc.locked) - toUnits(makerBtcAfter.locked)).toBe(amount);
    expect(makerBtcAfter.available).toBe(makerBtc.available);

    const left = await api<{ available_amount: string; status: string }>(
      merchant,
      baseURL,
      'GET',
      `/orders/${offer.id}`,
    );
    expect(toUnits(left.available_amount)).toBe(toUnits(SWAP_AMOUNT) - amount);
    expect(left.status).toBe('active');
    expect(dialogs).toEqual([]);
  });
});
