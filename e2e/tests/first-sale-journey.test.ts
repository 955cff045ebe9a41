import { createRequire } from 'node:module';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { dialogOverflow, seriousViolations } from '../support/a11y';
import { launchBrowser, newContext, screenshot } from '../support/browser';
import {
  api,
  balanceOf,
  forbidDialogs,
  LIVE,
  signIn,
  storedUser,
  toUnits,
  uniqueUsername,
} from '../support/journey';
import { repoRoot, STAFF } from '../support/server';

/**
 * A new user's first sale (docs/decisions/023): selling needs two-factor on, so publishing a
 * sell order leads the user through enrolment inline — QR code, the first code, the recovery
 * codes once — and then publishes the very order they were publishing, without a dead end.
 */
const baseURL = inject('baseURL');
const otplib = createRequire(`${repoRoot}/apps/server/package.json`)('otplib') as {
  generate: (o: { secret: string; epoch: number }) => Promise<string>;
};

let browser: Browser;
const dialogs: string[] = [];
let seller: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  // axe is injected as a script: the page's own CSP would refuse it.
  seller = await (await newContext(browser, 'desktop', { bypassCSP: true })).newPage();
  forbidDialogs(seller, dialogs);
});
afterAll(async () => {
  await browser?.close();
});

/** An admin credits the new user (set-up only; small enough for one admin's decision). */
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
  const { accessToken } = await post<{ accessToken: string }>('/auth/login', {
    email: STAFF.admin.email,
    password: STAFF.admin.password,
  });
  await post(
    `/users/${userId}/balance/credit`,
    { cryptocurrency: 'BTC', amount, reason: 'Пополнение для первой продажи' },
    accessToken,
  );
}

describe('a new user sells for the first time', () => {
  it('is asked to turn on two-factor when publishing, enrols in place, and the order is published', async () => {
    await signIn(seller, baseURL, { fresh: uniqueUsername('first') }, { displayName: 'Новый Продавец' });
    const { id } = await storedUser(seller);
    await credit(id, '0.01');
    const status = await api<{ enabled: boolean }>(seller, baseURL, 'GET', '/users/2fa/status');
    expect(status.enabled).toBe(false);

    await seller.goto(`${baseURL}/create-order?type=sell`);
    await seller.getByRole('heading', { name: 'Создание ордера' }).waitFor();
    const form = seller.locator('.create-order__form');
    await form.getByRole('button', { name: 'BTC', exact: true }).click();
    await seller.getByLabel('Количество, BTC').fill('0.005');
    await seller.getByLabel(/^Цена за 1 BTC/).fill('6000000');
    await form.getByRole('button', { name: 'Сбербанк', exact: true }).click();
    await seller.getByLabel('Минимум, ₽', { exact: true }).fill('1000');
    await seller.getByRole('button', { name: 'Предпросмотр' }).click();
    const preview = seller.getByRole('dialog').filter({ hasText: 'Проверьте ордер' });
    await preview.getByRole('button', { name: 'Опубликовать' }).click();

    // Not a dead end: the enrolment opens over the form, saying why.
    const enrol = seller.getByRole('dialog').filter({ hasText: 'Нужна двухфакторная аутентификация' });
    await enrol.waitFor(LIVE);
    await enrol.getByText(/Продавать и выводить средства можно только с кодом/).waitFor();
    await screenshot(seller, 'first-sale-enrol', { fullPage: false });
    expect(await seriousViolations(seller, 'dialog[open]')).toEqual([]);
    expect(await dialogOverflow(seller)).toEqual([]);
    // Nothing was published yet: the coins are all still available.
    expect(toUnits((await balanceOf(seller, baseURL, 'BTC')).locked)).toBe(0n);

    await enrol.getByRole('button', { name: 'Подключить' }).click();
    await enrol.getByRole('img', { name: 'QR-код для приложения-аутентификатора' }).waitFor();
    const secret = (await enrol.getByTestId('two-factor-secret').textContent())?.trim() ?? '';
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await enrol.getByLabel('Код из приложения').fill('000000');
    await enrol.getByRole('button', { name: 'Подтвердить' }).click();
    await enrol.getByText('Неверный код двухфакторной аутентификации').waitFor(LIVE);
    const code = await otplib.generate({ secret, epoch: Math.floor(Date.now() / 1000) });
    await enrol.getByLabel('Код из приложения').fill(code);
    await enrol.getByRole('button', { name: 'Подтвердить' }).click();
    const codes = enrol.getByRole('list', { name: 'Резервные коды' });
    await codes.waitFor(LIVE);
    expect(await codes.locator('li').count()).toBe(10);
    await screenshot(seller, 'first-sale-recovery', { fullPage: false });
    await enrol.getByRole('button', { name: 'Продолжить' }).click();

    // Back to what they were doing: the same order is published.
    await seller.waitForURL(/\/order\/[0-9a-f-]{36}$/, LIVE);
    await seller
      .getByRole('heading', { name: /Продажа BTC/ })
      .first()
      .waitFor();
    const balance = await balanceOf(seller, baseURL, 'BTC');
    expect(balance.locked).toBe('0.00500000');
    expect((await api<{ enabled: boolean }>(seller, baseURL, 'GET', '/users/2fa/status')).enabled).toBe(true);
    await screenshot(seller, 'first-sale-published');
    expect(dialogs).toEqual([]);
  });
});
