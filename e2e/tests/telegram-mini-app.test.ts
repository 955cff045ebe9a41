import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newContext, screenshot, type ViewportName } from '../support/browser';
import { api, forbidDialogs, LIVE, storedUser } from '../support/journey';
import { E2E_STAFF, type RunningServer, startServer } from '../support/server';
import {
  BOT,
  bridgeCalls,
  DARK_THEME,
  installTelegramWebview,
  LIGHT_THEME,
  lastCall,
  launchUrl,
  startBotApiStub,
  type TelegramUser,
  type ThemeParams,
  telegramEvent,
} from '../support/telegram';
import { Authenticator } from '../support/totp';

/**
 * The web app as a Telegram Mini App (docs/decisions/029), launched the way a Telegram client
 * launches it: signed launch data in the hash, the webview's bridge recording what the app asks
 * of Telegram, client events delivered as a webview receives them. Its own server, with a bot
 * token (the init data is signed with it) and a Bot API stub.
 */

const priceStubURL = inject('priceStubURL');

let server: RunningServer;
let botApi: Awaited<ReturnType<typeof startBotApiStub>>;
let browser: Browser;
let baseURL: string;
const contexts: BrowserContext[] = [];
const dialogs: string[] = [];

beforeAll(async () => {
  botApi = await startBotApiStub();
  server = await startServer({
    TELEGRAM_BOT_TOKEN: BOT.token,
    TELEGRAM_BOT_USERNAME: BOT.username,
    TELEGRAM_API_ROOT: botApi.url,
    TELEGRAM_THROTTLE: '0',
    PRICE_API_URL: `${priceStubURL}/simple/price`,
  });
  baseURL = server.baseURL;
  browser = await launchBrowser();
});
afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => undefined);
  await browser?.close();
  await server?.stop();
  await botApi?.close();
});

const uniqueId = () => 900_000_000 + Math.floor(Math.random() * 90_000_000);
const buyer: TelegramUser = {
  id: uniqueId(),
  first_name: 'Тимур',
  last_name: 'Телеграмов',
  username: 'timur_tma',
};
const seller: TelegramUser = { id: uniqueId(), first_name: 'Софья', username: 'sofia_tma' };

const rgb = (hex: string) => {
  const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));
  return `rgb(${r}, ${g}, ${b})`;
};

/** A Telegram client opening the app for `user`; `paths` records every in-app address. */
async function openInTelegram(
  user: TelegramUser,
  { theme = LIGHT_THEME, startParam, viewport = 'phone' as ViewportName } = {} as {
    theme?: ThemeParams;
    startParam?: string;
    viewport?: ViewportName;
  },
): Promise<Page> {
  const context = await newContext(browser, viewport);
  contexts.push(context);
  await installTelegramWebview(context, theme);
  // Every address the app shows, a redirect to the sign-in screen included.
  await context.addInitScript(() => {
    const w = window as unknown as { __paths: string[] };
    w.__paths = [window.location.pathname];
    for (const name of ['pushState', 'replaceState'] as const) {
      const original = history[name].bind(history);
      history[name] = (state: unknown, unused: string, url?: string | URL | null) => {
        original(state, unused, url);
        w.__paths.push(window.location.pathname);
      };
    }
  });
  const page = await context.newPage();
  forbidDialogs(page, dialogs);
  await relaunch(page, user, { theme, startParam });
  return page;
}

/** Telegram opens the app again in the same webview (new launch data, same storage). */
async function relaunch(page: Page, user: TelegramUser, { theme = LIGHT_THEME, startParam = '' } = {}) {
  // A new webview load (the same address with another hash alone would not reload the page).
  await page.goto('about:blank');
  await page.goto(launchUrl(`${baseURL}/`, { user, theme, startParam: startParam || undefined }));
  // Signed in: the user menu is there (on a phone it sits in the collapsed header).
  await page.locator('.user-menu__button').waitFor({ state: 'attached', ...LIVE });
  // A new account names itself once (the welcome dialog): after the Telegram name.
  if ((await storedUser(page)).displayName === null) {
    const welcome = page.getByRole('dialog').filter({ has: page.getByLabel('Отображаемое имя') });
    await welcome.waitFor();
    await welcome.getByLabel('Отображаемое имя').fill(`${user.first_name} Мини`);
    await welcome.getByLabel('Отображаемое имя').press('Enter');
    await welcome.waitFor({ state: 'detached' });
  }
}

const paths = (page: Page) => page.evaluate(() => (window as unknown as { __paths: string[] }).__paths);
const pathname = (page: Page) => page.evaluate(() => window.location.pathname);

async function mainButton(page: Page) {
  return (await lastCall(page, 'web_app_setup_main_button')) as {
    text?: string;
    is_visible?: boolean;
    is_active?: boolean;
    is_progress_visible?: boolean;
  } | null;
}

async function backButtonVisible(page: Page): Promise<boolean> {
  return Boolean((await lastCall(page, 'web_app_setup_back_button'))?.is_visible);
}

/** An admin credits `userId` (set-up only). */
async function credit(userId: string, amount: string) {
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
  const { accessToken } = await post<{ accessToken: string }>('/auth/login', E2E_STAFF);
  await post(
    `/users/${userId}/balance/credit`,
    { cryptocurrency: 'BTC', amount, reason: 'Пополнение для продажи в Mini App' },
    accessToken,
  );
}

let sellerPage: Page;
let buyerPage: Page;
let orderId: string;
let tradeId: string;
let sellerAuth: Authenticator;
/** The seller's recovery codes: each good for one money action, whatever codes were spent. */
let sellerRecovery: string[] = [];

describe('signing in and the Telegram chrome', () => {
  it('signs the Telegram user in silently: no sign-in screen, the user menu shows them', async () => {
    buyerPage = await openInTelegram(buyer);
    await buyerPage.getByRole('button', { name: 'Открыть меню' }).click();
    await buyerPage.locator('.mobile-menu__who').getByText(/Тимур/).waitFor();
    await buyerPage.getByRole('button', { name: 'Закрыть меню' }).click();
    expect(await paths(buyerPage)).not.toContain('/auth');
    expect(await buyerPage.getByRole('heading', { name: 'Вход в систему' }).count()).toBe(0);
    const user = await storedUser(buyerPage);
    expect(user.firstName).toBe('Тимур');
    // The launch data left the address bar and is kept for the tab; Telegram was told it is ready.
    expect(await buyerPage.evaluate(() => window.location.hash)).toBe('');
    expect(await buyerPage.evaluate(() => sessionStorage.getItem('tma_launch'))).toContain('tgWebAppData=');
    // Telegram hears «ready» once the first screen is drawn.
    await expect
      .poll(async () => (await bridgeCalls(buyerPage)).map((c) => c.type), LIVE)
      .toContain('web_app_ready');

    // A reload inside Telegram (no hash) is still the Mini App, still signed in as the same user.
    await buyerPage.reload();
    await buyerPage
      .locator('.user-menu__button')
      .getByText(/Тимур/)
      .waitFor({ state: 'attached', ...LIVE });
    expect((await storedUser(buyerPage)).id).toBe(user.id);
    // Telegram hears «ready» once the first screen is drawn.
    await expect
      .poll(async () => (await bridgeCalls(buyerPage)).map((c) => c.type), LIVE)
      .toContain('web_app_ready');
  });

  it('draws the market before the sign-in answers; the header waits for it and never offers «Войти»', async () => {
    const context = await newContext(browser, 'phone');
    contexts.push(context);
    await installTelegramWebview(context, DARK_THEME);
    const page = await context.newPage();
    forbidDialogs(page, dialogs);
    // The sign-in's answer is held until the market is on screen (docs/decisions/050).
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let signIns = 0;
    await page.route('**/api/v1/auth/telegram/webapp', async (route) => {
      signIns += 1;
      await held;
      await route.continue();
    });
    const eva: TelegramUser = { id: uniqueId(), first_name: 'Ева', username: 'eva_tma' };
    await page.goto(launchUrl(`${baseURL}/`, { user: eva, theme: DARK_THEME }));
    await page.getByText('Трейдеры продают — вы покупаете у них криптовалюту').waitFor(LIVE);
    expect(signIns).toBe(1);
    // Telegram's dark theme is already on the first screen, not laid on after the integration.
    expect(await page.evaluate(() => document.documentElement.classList.contains('tma--dark'))).toBe(true);
    expect(await page.locator('.header__skeleton').count()).toBe(1);
    expect(await page.getByRole('link', { name: 'Войти' }).count()).toBe(0);
    release();
    await page.locator('.user-menu__button').waitFor({ state: 'attached', ...LIVE });
    expect(await page.getByRole('link', { name: 'Войти' }).count()).toBe(0);
    expect(signIns).toBe(1);
    expect((await storedUser(page)).firstName).toBe('Ева');
  });

  it('a launch whose init data is forged signs nobody in, and says so', async () => {
    const context = await newContext(browser, 'phone');
    contexts.push(context);
    await installTelegramWebview(context, LIGHT_THEME);
    const page = await context.newPage();
    await page.goto(launchUrl(`${baseURL}/`, { user: buyer, forged: true }));
    await page
      .getByText(
        'Не удалось войти через Telegram. Откройте приложение из Telegram еще раз или войдите на странице входа',
      )
      .waitFor(LIVE);
    expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBeNull();
    await page.locator('.market-columns').waitFor();
    await expect
      .poll(async () => (await bridgeCalls(page)).map((c) => c.type), LIVE)
      .toContain('web_app_ready');
  });

  it("takes Telegram's theme colours, and follows a theme change at run time", async () => {
    const body = () => buyerPage.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(await body()).toBe(rgb(LIGHT_THEME.secondary_bg_color as string));
    expect(await buyerPage.evaluate(() => getComputedStyle(document.body).color)).toBe(
      rgb(LIGHT_THEME.text_color as string),
    );
    await buyerPage.goto(`${baseURL}/no-such-page`);
    const button = buyerPage.locator('.btn--primary').first();
    await button.waitFor();
    // At run time: the first screen is drawn and Telegram has heard «ready».
    await expect.poll(async () => (await bridgeCalls(buyerPage, 'web_app_ready')).length, LIVE).toBe(1);
    expect(await button.evaluate((b) => getComputedStyle(b).backgroundColor)).toBe(
      rgb(LIGHT_THEME.button_color as string),
    );
    expect(await button.evaluate((b) => getComputedStyle(b).color)).toBe(
      rgb(LIGHT_THEME.button_text_color as string),
    );

    await telegramEvent(buyerPage, 'theme_changed', { theme_params: DARK_THEME });
    await expect.poll(body).toBe(rgb(DARK_THEME.secondary_bg_color as string));
    await expect
      .poll(() => button.evaluate((b) => getComputedStyle(b).backgroundColor))
      .toBe(rgb(DARK_THEME.button_color as string));
    expect(await buyerPage.evaluate(() => document.documentElement.classList.contains('tma--dark'))).toBe(
      true,
    );
    await telegramEvent(buyerPage, 'theme_changed', { theme_params: LIGHT_THEME });
    await expect.poll(body).toBe(rgb(LIGHT_THEME.secondary_bg_color as string));
  });

  it('a theme change sent as the app starts is on the page at once, and stays once Telegram hears «ready»', async () => {
    const body = () => buyerPage.evaluate(() => getComputedStyle(document.body).backgroundColor);
    await buyerPage.goto(`${baseURL}/no-such-page`, { waitUntil: 'commit' });
    // The app's bridge listens from its first script (lib/telegram/bridge.ts, docs/decisions/069).
    await buyerPage.waitForFunction(
      () =>
        typeof (window as unknown as { Telegram?: { WebView?: { receiveEvent?: unknown } } }).Telegram
          ?.WebView?.receiveEvent === 'function',
    );
    await telegramEvent(buyerPage, 'theme_changed', { theme_params: DARK_THEME });
    await expect.poll(body).toBe(rgb(DARK_THEME.secondary_bg_color as string));
    await expect.poll(async () => (await bridgeCalls(buyerPage, 'web_app_ready')).length, LIVE).toBe(1);
    // Nothing after the first paint went back to the launch's theme.
    expect(await body()).toBe(rgb(DARK_THEME.secondary_bg_color as string));
    expect(await buyerPage.evaluate(() => document.documentElement.classList.contains('tma--dark'))).toBe(
      true,
    );
    await telegramEvent(buyerPage, 'theme_changed', { theme_params: LIGHT_THEME });
    await expect.poll(body).toBe(rgb(LIGHT_THEME.secondary_bg_color as string));
  });

  it('has no horizontal scroll at 320 px', async () => {
    await buyerPage.setViewportSize({ width: 320, height: 640 });
    for (const path of ['/', '/wallet']) {
      await buyerPage.goto(`${baseURL}${path}`);
      await buyerPage.locator('.user-menu__button').waitFor({ state: 'attached' });
      const overflow = await buyerPage.evaluate(
        () => document.documentElement.scrollWidth - window.innerWidth,
      );
      expect(overflow, path).toBeLessThanOrEqual(0);
    }
    await buyerPage.setViewportSize({ width: 390, height: 844 });
  });
});

describe('a trade inside Telegram, with the MainButton', () => {
  beforeAll(async () => {
    // The seller: a Telegram user too, with two-factor, coins and a sell order (set up by API).
    sellerPage = await openInTelegram(seller, { viewport: 'desktop' });
    const { secret } = await api<{ secret: string }>(sellerPage, baseURL, 'POST', '/users/2fa/setup');
    sellerAuth = new Authenticator(secret);
    const enabled = await api<{ recoveryCodes: string[] }>(sellerPage, baseURL, 'POST', '/users/2fa/enable', {
      code: await sellerAuth.code(),
    });
    sellerRecovery = enabled.recoveryCodes;
    await credit((await storedUser(sellerPage)).id, '0.01');
    const order = await api<{ id: string }>(sellerPage, baseURL, 'POST', '/orders', {
      type: 'sell',
      cryptocurrency: 'BTC',
      amount_crypto: '0.005',
      price_per_unit: '6000000',
      fiat_currency: 'RUB',
      payment_methods: ['sberbank'],
      min_amount: '1000',
      max_amount: '30000',
    });
    orderId = order.id;
  });

  it('shows no MainButton and no BackButton on the market', async () => {
    await relaunch(buyerPage, buyer);
    expect(await pathname(buyerPage)).toBe('/');
    expect((await mainButton(buyerPage))?.is_visible ?? false).toBe(false);
    expect(await backButtonVisible(buyerPage)).toBe(false);
  });

  it('a start link opens the order: BackButton shown, MainButton «Купить BTC» opens and sends the form', async () => {
    await relaunch(buyerPage, buyer, { startParam: `order_${orderId}` });
    expect(await pathname(buyerPage)).toBe(`/order/${orderId}`);
    await expect
      .poll(() => mainButton(buyerPage))
      .toMatchObject({
        text: 'Купить BTC',
        is_visible: true,
        is_active: true,
      });
    expect(await backButtonVisible(buyerPage)).toBe(true);
    await screenshot(buyerPage, 'tma-order-light', { fullPage: false });

    await telegramEvent(buyerPage, 'main_button_pressed');
    const form = buyerPage.getByRole('dialog').filter({ has: buyerPage.getByLabel(/^Сумма сделки/) });
    await form.waitFor();
    await form.getByLabel(/^Сумма сделки/).fill('3000');
    await form.getByLabel('Способ оплаты').selectOption({ label: 'Сбербанк' });
    // The form holds the MainButton now: the same text, pressing it sends the form.
    expect(await mainButton(buyerPage)).toMatchObject({ text: 'Купить BTC', is_visible: true });
    await telegramEvent(buyerPage, 'main_button_pressed');
    await buyerPage.waitForURL(/\/trade\/[0-9a-f-]{36}$/, LIVE);
    tradeId = (await pathname(buyerPage)).split('/').pop() as string;
    await buyerPage.getByRole('heading', { name: /Покупка BTC/ }).waitFor();
    // The loader showed while the trade was being opened.
    const setups = await bridgeCalls(buyerPage, 'web_app_setup_main_button');
    expect(setups.some((c) => c.params?.is_progress_visible === true)).toBe(true);
  });

  it('the BackButton goes back through the app, then to the market, where it hides', async () => {
    expect(await backButtonVisible(buyerPage)).toBe(true);
    await telegramEvent(buyerPage, 'back_button_pressed');
    await buyerPage.waitForURL(`${baseURL}/order/${orderId}`);
    // The order page was the first screen of this launch: back from it is the market.
    await telegramEvent(buyerPage, 'back_button_pressed');
    await buyerPage.waitForURL(`${baseURL}/`);
    await expect.poll(() => backButtonVisible(buyerPage)).toBe(false);
    await buyerPage.goto(`${baseURL}/trade/${tradeId}`);
    await buyerPage.getByRole('heading', { name: /Покупка BTC/ }).waitFor();
  });

  it('the buyer: «Я оплатил» once the details are sent, confirmed from the MainButton, never twice', async () => {
    // Before the seller sends the payment details there is nothing to pay to: no MainButton.
    expect((await mainButton(buyerPage))?.is_visible ?? false).toBe(false);
    const template = await api<{ id: string }>(sellerPage, baseURL, 'POST', '/payment-templates', {
      name: 'Карта Софьи',
      type: 'BANK_CARD',
      details: { bankName: 'Сбербанк', cardNumber: '4276380012345679', holderName: 'SOFIA' },
    });
    await api(sellerPage, baseURL, 'PUT', `/trades/${tradeId}/payment-template`, { templateId: template.id });
    await expect
      .poll(() => mainButton(buyerPage), LIVE)
      .toMatchObject({ text: 'Я оплатил', is_visible: true, is_active: true });
    await screenshot(buyerPage, 'tma-trade-buyer-light');

    await telegramEvent(buyerPage, 'main_button_pressed');
    const confirm = buyerPage.getByRole('dialog').filter({ hasText: 'Вы перевели деньги?' });
    await confirm.waitFor();
    await expect.poll(() => mainButton(buyerPage)).toMatchObject({ text: 'Да, я оплатил', is_visible: true });
    await confirm.getByLabel('Последние 4 цифры карты или телефона').fill('4242');
    await confirm.getByLabel('Имя плательщика, как его показывает банк').fill('Тимур Т.');

    const actions: string[] = [];
    buyerPage.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith(`/trades/${tradeId}/actions`))
        actions.push(request.url());
    });
    // A double tap: one request.
    await telegramEvent(buyerPage, 'main_button_pressed');
    await telegramEvent(buyerPage, 'main_button_pressed');
    await buyerPage.locator('.trade-head').getByText('Оплата отправлена').waitFor(LIVE);
    await confirm.waitFor({ state: 'detached' });
    expect(actions).toHaveLength(1);
    // The buyer has nothing more to do: the MainButton goes.
    await expect.poll(async () => (await mainButton(buyerPage))?.is_visible).toBe(false);
  });

  it('the seller, opened from a trade start link: «Подтвердить получение оплаты», then the release completes the trade', async () => {
    await relaunch(sellerPage, seller, { startParam: `trade_${tradeId}` });
    expect(await pathname(sellerPage)).toBe(`/trade/${tradeId}`);
    expect(await paths(sellerPage)).not.toContain('/auth');
    await sellerPage.getByRole('heading', { name: /Продажа BTC/ }).waitFor();
    await expect
      .poll(() => mainButton(sellerPage), LIVE)
      .toMatchObject({ text: 'Подтвердить получение оплаты', is_visible: true, is_active: true });

    await telegramEvent(sellerPage, 'main_button_pressed');
    const confirm = sellerPage.getByRole('dialog').filter({ hasText: 'Подтвердить получение оплаты?' });
    await confirm.waitFor();
    // No code yet: the MainButton is there but inactive.
    await expect
      .poll(() => mainButton(sellerPage))
      .toMatchObject({ text: 'Да, деньги получены', is_visible: true, is_active: false });
    await confirm.getByLabel('Код подтверждения').fill(await sellerAuth.code());
    await expect.poll(async () => (await mainButton(sellerPage))?.is_active).toBe(true);
    await telegramEvent(sellerPage, 'main_button_pressed');
    await confirm.waitFor({ state: 'detached', ...LIVE });
    await sellerPage.locator('.trade-head').getByText('Оплата подтверждена').waitFor(LIVE);

    // The release waits for the seller's checklist: inactive until it is ticked.
    await expect
      .poll(() => mainButton(sellerPage), LIVE)
      .toMatchObject({ text: 'Отправить криптовалюту', is_visible: true, is_active: false });
    for (const box of await sellerPage.locator('#trade-checklist').getByRole('checkbox').all())
      await box.check();
    await expect.poll(async () => (await mainButton(sellerPage))?.is_active).toBe(true);
    const release = sellerPage.getByRole('dialog').filter({ hasText: 'Отправить криптовалюту?' });
    // One press opens the confirmation, however soon after the last action's press it lands
    // (docs/decisions/029).
    await telegramEvent(sellerPage, 'main_button_pressed');
    await release.waitFor({ timeout: 3_000 });
    await expect.poll(async () => (await mainButton(sellerPage))?.text).toMatch(/^Отправить 0,000\d+\sBTC$/);
    await telegramEvent(sellerPage, 'main_button_pressed');
    for (const page of [sellerPage, buyerPage]) {
      await page.locator('.trade-head').getByText('Завершена', { exact: true }).waitFor(LIVE);
    }
    const { trade } = await api<{ trade: { status: string } }>(
      buyerPage,
      baseURL,
      'GET',
      `/trades/${tradeId}`,
    );
    expect(trade.status).toBe('COMPLETED');
    await expect.poll(async () => (await mainButton(sellerPage))?.is_visible).toBe(false);
    // Each side felt the actions that succeeded.
    const haptics = await bridgeCalls(sellerPage, 'web_app_trigger_haptic_feedback');
    expect(haptics.some((c) => c.params?.notification_type === 'success')).toBe(true);
  });

  it('the seller withdraws from the wallet start link: «Продолжить» once the address holds, then «Отправить заявку» with a code, once', async () => {
    await relaunch(sellerPage, seller, { startParam: 'wallet' });
    expect(await pathname(sellerPage)).toBe('/wallet');
    await sellerPage.getByTestId('balance-BTC').getByRole('button', { name: 'Вывести BTC' }).click();
    const dialog = sellerPage.getByRole('dialog');
    await dialog.getByText('Шаг 2 из 3').waitFor();
    // Nothing typed yet: the MainButton says what comes next, and cannot be pressed.
    await expect
      .poll(() => mainButton(sellerPage))
      .toMatchObject({ text: 'Продолжить', is_visible: true, is_active: false });
    await dialog.getByLabel('Адрес получателя').fill('bcrt1qqqqsyqcyq5rqwzqfpg9scrgwpugpzysnard0ew');
    await dialog.getByLabel('Сумма').fill('0.002');
    await expect.poll(async () => (await mainButton(sellerPage))?.is_active).toBe(true);
    await telegramEvent(sellerPage, 'main_button_pressed');
    await dialog.getByText('Шаг 3 из 3').waitFor();
    // The request waits for the second factor.
    await expect
      .poll(() => mainButton(sellerPage))
      .toMatchObject({ text: 'Отправить заявку', is_visible: true, is_active: false });
    // A recovery code: the authenticator's code of this time step may be spent already.
    await dialog.getByLabel('Код двухфакторной аутентификации').fill(sellerRecovery[0] ?? '');
    await expect.poll(async () => (await mainButton(sellerPage))?.is_active).toBe(true);

    const requests: string[] = [];
    sellerPage.on('request', (request) => {
      if (request.method() === 'POST' && /\/withdrawals(\/request)?$/.test(new URL(request.url()).pathname))
        requests.push(request.url());
    });
    await telegramEvent(sellerPage, 'main_button_pressed');
    await telegramEvent(sellerPage, 'main_button_pressed');
    await dialog.getByText('Заявка на вывод создана и будет рассмотрена').waitFor(LIVE);
    expect(requests).toHaveLength(1);
    const mine = await api<{ status: string; amount: string }[]>(
      sellerPage,
      baseURL,
      'GET',
      '/withdrawals/my-withdrawals',
    );
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ status: 'PENDING' });
    // The request is sent: no MainButton left on the done step.
    await expect.poll(async () => (await mainButton(sellerPage))?.is_visible).toBe(false);
  });
});

describe('screens in the simulated Telegram, light and dark (390 px)', () => {
  it.each([
    ['light', LIGHT_THEME],
    ['dark', DARK_THEME],
  ] as const)('market, trade and wallet (%s)', async (name, theme) => {
    const page = await openInTelegram(buyer, { theme });
    await page.locator('.market-columns').waitFor();
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(
      rgb(theme.secondary_bg_color as string),
    );
    await screenshot(page, `tma-market-${name}`, { fullPage: false });
    await relaunch(page, buyer, { theme, startParam: `trade_${tradeId}` });
    await page.locator('.trade-head').getByText('Завершена', { exact: true }).waitFor(LIVE);
    await screenshot(page, `tma-trade-${name}`);
    await relaunch(page, buyer, { theme, startParam: 'wallet' });
    expect(await pathname(page)).toBe('/wallet');
    await page.getByRole('heading', { name: 'Кошелек' }).first().waitFor();
    await screenshot(page, `tma-wallet-${name}`);
    expect(await backButtonVisible(page)).toBe(true);
  });

  it('an unknown start link opens the market', async () => {
    const page = await openInTelegram(buyer, { startParam: 'trade_not-an-id' });
    expect(await pathname(page)).toBe('/');
  });
});

describe('framing: Telegram web clients only', () => {
  /**
   * A parent page on `origin` framing the app; true when the app loaded inside the frame. The app
   * is served under a public address, answered by the real server with its own headers (a public
   * page may not frame a loopback address at all: Chromium's local network checks).
   */
  async function framedFrom(origin: string): Promise<boolean> {
    const app = 'https://p2p-market.example';
    const context = await newContext(browser, 'desktop');
    contexts.push(context);
    await context.route(`${app}/**`, async (route) => {
      const url = new URL(route.request().url());
      const response = await route.fetch({ url: `${baseURL}${url.pathname}${url.search}` });
      await route.fulfill({ response });
    });
    await context.route(`${origin}/**`, (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: `<!doctype html><title>parent</title><iframe id="app" src="${app}/" width="390" height="700"></iframe>`,
      }),
    );
    const page = await context.newPage();
    await page.goto(`${origin}/k/`);
    const frame = await (await page.locator('#app').elementHandle())?.contentFrame();
    if (!frame) throw new Error('no frame');
    try {
      await frame.locator('#root .market-columns').waitFor({ timeout: 15_000 });
      return true;
    } catch {
      return false;
    }
  }

  it('loads inside https://web.telegram.org', async () => {
    expect(await framedFrom('https://web.telegram.org')).toBe(true);
  });

  it('is refused inside any other site', async () => {
    expect(await framedFrom('https://evil.example')).toBe(false);
  });
});
