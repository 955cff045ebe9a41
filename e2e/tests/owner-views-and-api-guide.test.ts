import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newContext, screenshot, type ViewportName } from '../support/browser';
import { api, forbidDialogs, signIn, storedUser, uniqueUsername } from '../support/journey';
import { STAFF } from '../support/server';
import { Authenticator } from '../support/totp';

/**
 * What docs/decisions/038 promises, in Chromium at both widths:
 * - the footer's «API» opens the merchant API's guide rendered (also after a reload, where `/api`
 *   used to answer raw JSON), «Как подписывать запросы» lands on its signing section, and the
 *   OpenAPI UI renders;
 * - the owner of a floating order reads «Плавающая: рынок +2 %» in «Мои ордера», on the order
 *   page and on its management page;
 * - a taker without two-factor who presses «Обменять» is led through enrolment in place, in
 *   words about swapping.
 */
const baseURL = inject('baseURL');
const VIEWPORTS: ViewportName[] = ['desktop', 'phone'];

let browser: Browser;
const dialogs: string[] = [];
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  expect(dialogs).toEqual([]);
});

async function pageAt(viewport: ViewportName): Promise<Page> {
  const page = await (await newContext(browser, viewport)).newPage();
  forbidDialogs(page, dialogs);
  return page;
}

/** Text as a reader sees it, whatever spaces the formatter used. */
const spaced = (text: string | null) => (text ?? '').replace(/\s+/g, ' ');

describe('the API guide', () => {
  for (const viewport of VIEWPORTS) {
    it(`opens from the footer, rendered, and survives a reload (${viewport})`, async () => {
      const page = await pageAt(viewport);
      await page.goto(`${baseURL}/`);
      await page.getByRole('contentinfo').getByRole('link', { name: 'API', exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/docs/api');
      await page.getByRole('heading', { level: 1, name: 'API для разработчиков' }).waitFor();
      await page.getByRole('heading', { name: 'Operations a key may call' }).waitFor();
      expect(await page.locator('.md pre code').count()).toBeGreaterThan(5);
      await screenshot(page, `api-guide-${viewport}`, { fullPage: false });
      const reloaded = await page.reload();
      expect(reloaded?.headers()['content-type']).toContain('text/html');
      await page.getByRole('heading', { level: 1, name: 'API для разработчиков' }).waitFor();
      await page.close();
    });
  }

  it('«Как подписывать запросы» lands on the signing section; the OpenAPI UI renders', async () => {
    const page = await pageAt('desktop');
    await signIn(
      page,
      baseURL,
      { fresh: uniqueUsername('apidoc') },
      { returnTo: '/settings/api', displayName: 'Разработчик Бота' },
    );
    await page.getByRole('link', { name: /Как подписывать запросы/ }).click();
    await page.waitForURL((url) => url.pathname === '/docs/api' && url.hash === '#signing-a-request');
    const section = page.getByRole('heading', { name: 'Signing a request' });
    await section.waitFor();
    await expect.poll(async () => (await section.boundingBox())?.y ?? -1).toBeLessThan(400);
    await expect.poll(async () => (await section.boundingBox())?.y ?? -1).toBeGreaterThanOrEqual(0);
    await screenshot(page, 'api-guide-signing-desktop', { fullPage: false });

    await page.getByRole('link', { name: 'Схема OpenAPI' }).first().click();
    await page.waitForURL((url) => url.pathname.startsWith('/api/docs'));
    await page.getByText('P2P Market API').first().waitFor();
    await screenshot(page, 'api-openapi-ui-desktop', { fullPage: false });
    await page.close();
  });
});

describe('a floating order, as its owner sees it', () => {
  it('says it floats with its signed margin wherever the owner meets it', async () => {
    const owner = await pageAt('desktop');
    await signIn(
      owner,
      baseURL,
      { fresh: uniqueUsername('float') },
      { returnTo: '/my-orders', displayName: 'Плавающий Владелец' },
    );
    const { id } = await api<{ id: string }>(owner, baseURL, 'POST', '/orders', {
      type: 'buy',
      cryptocurrency: 'BTC',
      amount_crypto: '0.01',
      price_type: 'floating',
      margin_percent: '2',
      fiat_currency: 'RUB',
      payment_methods: ['sberbank'],
    });
    const floats = /Плавающая: рынок \+2 %/;
    for (const path of ['/my-orders', `/order/${id}`, `/order/${id}/manage`]) {
      await owner.goto(`${baseURL}${path}`);
      const note = owner.getByTestId('floating-note').first();
      await note.waitFor();
      expect(spaced(await note.textContent())).toMatch(floats);
      expect(spaced(await note.textContent())).not.toContain('Приостановлен');
    }
    await owner.goto(`${baseURL}/my-orders`);
    await owner.getByTestId('floating-note').first().waitFor();
    await screenshot(owner, 'my-orders-floating-desktop');
    const phone = await (
      await newContext(browser, 'phone', { storageState: await owner.context().storageState() })
    ).newPage();
    forbidDialogs(phone, dialogs);
    await phone.goto(`${baseURL}/order/${id}`);
    await phone.getByTestId('floating-note').first().waitFor();
    await screenshot(phone, 'order-floating-phone');
    await api(owner, baseURL, 'DELETE', `/orders/${id}`);
    await owner.close();
    await phone.close();
  });
});

/** An admin credits a user (set-up only). */
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
    { cryptocurrency, amount, reason: 'Пополнение для обмена' },
    accessToken,
  );
}

describe('taking a swap without two-factor', () => {
  it('leads the taker through enrolment in place, in words about swapping', async () => {
    const maker = await pageAt('desktop');
    await signIn(maker, baseURL, { fresh: uniqueUsername('swapmk') }, { displayName: 'Обменщик Мейкер' });
    const { secret } = await api<{ secret: string }>(maker, baseURL, 'POST', '/users/2fa/setup');
    const auth = new Authenticator(secret);
    await api(maker, baseURL, 'POST', '/users/2fa/enable', { code: await auth.code() });
    await credit((await storedUser(maker)).id, 'BTC', '0.012');
    const offer = await api<{ id: string }>(maker, baseURL, 'POST', '/orders', {
      type: 'sell',
      cryptocurrency: 'BTC',
      amount_crypto: '0.01',
      price_per_unit: '64987.5',
      fiat_currency: 'USDT',
      // The next step's code: the one that enabled two-factor is spent, and no one waits for it.
      totp_code: await auth.code(),
      confirm_price: true,
    });

    for (const viewport of VIEWPORTS) {
      const taker = await pageAt(viewport);
      await signIn(
        taker,
        baseURL,
        { fresh: uniqueUsername('swaptk') },
        { returnTo: `/order/${offer.id}`, displayName: 'Обменщик Без Кода' },
      );
      await taker.getByRole('button', { name: 'Обменять' }).first().click();
      const enrol = taker.getByRole('dialog', { name: 'Нужна двухфакторная аутентификация' });
      await enrol.waitFor();
      const text = spaced(await enrol.textContent());
      expect(text).toContain('Обмен сразу списывает монеты');
      expect(text).not.toMatch(/Продавать|выводить/);
      await screenshot(taker, `swap-enrol-${viewport}`, { fullPage: false });
      await taker.close();
    }
    await api(maker, baseURL, 'DELETE', `/orders/${offer.id}`);
    await maker.close();
    // Waits for a fresh 30-second step of the authenticator and signs in three users.
  }, 180_000);
});
