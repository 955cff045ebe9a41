import { createRequire } from 'node:module';
import type { Locator, Page } from 'playwright-core';
import { repoRoot } from './server';
import { signInitData } from './telegram';

/** Helpers shared by the trade journeys: sign-in through the UI, the API with a page's token. */

export const uniqueUsername = (tag: string) =>
  `e2e_${tag}_${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`.slice(0, 32);

/** Live updates (sockets) get this long before a check fails. */
export const LIVE = { timeout: 15_000 } as const;

/** Fails the journey on any alert/confirm/prompt: none is expected anywhere in the flow. */
export function forbidDialogs(page: Page, seen: string[]): void {
  page.on('dialog', (dialog) => {
    seen.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss().catch(() => undefined);
  });
}

/**
 * What a journey's browser console may say without failing it: the browser's own line for a
 * request the journey makes fail on purpose (a refused card, a wrong code) or that asks about
 * a session which is not there yet (`/users/me` before sign-in).
 */
export const EXPECTED_CONSOLE: readonly RegExp[] = [
  /Failed to load resource: the server responded with a status of (400|401|403|404|409|422|429)/,
];

/**
 * Collects the page's console errors and warnings and its uncaught exceptions into `seen`
 * (docs/decisions/034): a journey ends with `expect(seen).toEqual([])`, so React Router's
 * developer screen, a «No HydrateFallback» warning, a 503 or a crash fails it. `allow` lists
 * the lines a journey expects.
 */
export function collectConsoleErrors(
  page: Page,
  seen: string[],
  allow: readonly RegExp[] = EXPECTED_CONSOLE,
): void {
  page.on('console', (message) => {
    const type = message.type();
    if (type !== 'error' && type !== 'warning') return;
    const text = message.text();
    if (allow.some((pattern) => pattern.test(text))) return;
    seen.push(`${type}: ${text} (${page.url()})`);
  });
  page.on('pageerror', (error) => seen.push(`pageerror: ${error.message} (${page.url()})`));
}

/**
 * Dev sign-in on /auth: a demo user from the picker, or a new username typed in. Lands on
 * `returnTo`. The welcome dialog (users without a display name) gets `displayName`, or 'Позже'.
 */
export async function signIn(
  page: Page,
  baseURL: string,
  who: { demo: string } | { fresh: string },
  { returnTo = '/dashboard', displayName }: { returnTo?: string; displayName?: string } = {},
): Promise<void> {
  await page.goto(`${baseURL}/auth?return=${encodeURIComponent(returnTo)}`);
  await page.getByRole('heading', { name: 'Вход в систему' }).waitFor();
  if ('demo' in who) {
    await page.getByRole('button', { name: new RegExp(`@${who.demo}\\b`) }).click();
  } else {
    await page.getByLabel('Новое имя пользователя').fill(who.fresh);
    await page.getByRole('button', { name: 'Войти', exact: true }).click();
  }
  await page.waitForURL((url) => url.pathname === returnTo.split('?')[0]);
  const user = await storedUser(page);
  if (user.displayName !== null) return;
  const dialog = page.getByRole('dialog').filter({ has: page.getByLabel('Отображаемое имя') });
  await dialog.waitFor();
  if (displayName) {
    await dialog.getByLabel('Отображаемое имя').fill(displayName);
    await dialog.getByLabel('Отображаемое имя').press('Enter');
  } else {
    await dialog.getByRole('button', { name: 'Позже' }).click();
  }
  await dialog.waitFor({ state: 'detached' });
}

export async function storedUser(
  page: Page,
): Promise<{ id: string; displayName: string | null; firstName: string }> {
  return page.evaluate(() => JSON.parse(localStorage.getItem('user_data') ?? '{}'));
}

/** The API as the user signed in on `page` (its access token from localStorage). */
export async function api<T = unknown>(
  page: Page,
  baseURL: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<T> {
  const token = await page.evaluate(() => localStorage.getItem('auth_token'));
  if (!token) throw new Error('no auth_token in localStorage');
  const send = (extra: Record<string, string> = {}) =>
    fetch(`${baseURL}/api/v1${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...extra,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  let response = await send();
  let json = (await response.json()) as { success: boolean; data: T; code?: string; error?: unknown };
  // A security change asks for a fresh sign-in first (docs/decisions/033): the journey signs in
  // again as the user would (the demo path, or Telegram's fresh launch data) and goes on.
  if (response.status === 403 && json.code === 'REAUTH_REQUIRED') {
    const proof = await reauthenticate(page, baseURL, token);
    response = await send({ 'x-reauth-token': proof });
    json = (await response.json()) as typeof json;
  }
  if (!response.ok || !json.success) {
    throw new Error(`${method} ${path} -> ${response.status}: ${JSON.stringify(json)}`);
  }
  return json.data;
}

/** A re-authentication proof for the session of `token`: `{ dev: true }` or fresh launch data. */
async function reauthenticate(page: Page, baseURL: string, token: string): Promise<string> {
  const user = await page.evaluate(() => JSON.parse(localStorage.getItem('user_data') ?? '{}'));
  const telegramId = Number(user.telegramId ?? 0);
  const request = telegramId
    ? { initData: signInitData({ id: telegramId, first_name: user.firstName ?? 'E2E' }) }
    : { dev: true };
  const response = await fetch(`${baseURL}/api/v1/auth/reauth`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(request),
  });
  const json = (await response.json()) as { success: boolean; data?: { reauthToken: string } };
  if (!response.ok || !json.data)
    throw new Error(`POST /auth/reauth -> ${response.status}: ${JSON.stringify(json)}`);
  return json.data.reauthToken;
}

export interface Balance {
  cryptocurrency: string;
  available: string;
  locked: string;
  total: string;
}

export async function balanceOf(page: Page, baseURL: string, coin: string): Promise<Balance> {
  const balances = await api<Balance[]>(page, baseURL, 'GET', '/wallet/balances');
  const balance = balances.find((b) => b.cryptocurrency === coin);
  if (!balance) throw new Error(`no ${coin} balance`);
  return balance;
}

/** Decimal text with 8 places <-> integer units of 1e-8. */
export const toUnits = (text: string): bigint => {
  const [whole = '0', frac = ''] = text.split('.');
  return BigInt(whole) * 100_000_000n + BigInt(frac.padEnd(8, '0').slice(0, 8));
};
export const fromUnits = (units: bigint): string =>
  `${units / 100_000_000n}.${(units % 100_000_000n).toString().padStart(8, '0')}`;

/** How the wallet shows an 8-place amount: "0,00499500" (formatRu, no grouping below 1000). */
export const ruAmount = (text: string): string => {
  const [whole = '0', frac = ''] = text.split('.');
  return `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, '\u00a0')},${frac.padEnd(8, '0').slice(0, 8)}`;
};

/** A small real PNG receipt, drawn with sharp (a dependency of the server). */
export async function receiptPng(): Promise<Buffer> {
  const require = createRequire(`${repoRoot}/apps/server/package.json`);
  const sharp = require('sharp') as typeof import('sharp').default;
  return sharp({ create: { width: 240, height: 120, channels: 3, background: '#f4f1e8' } })
    .composite([
      {
        input: { create: { width: 200, height: 12, channels: 3, background: '#333333' } },
        top: 40,
        left: 20,
      },
    ])
    .png()
    .toBuffer();
}

/** The account a journey's buyer pays from (docs/product/trust-and-safety.md). */
export interface Payer {
  last4: string;
  name: string;
}

/**
 * «Я оплатил»'s dialog: names the paying account (the bank stays the trade's own) and confirms.
 * `name` should be the buyer's own, or the seller is warned it is not.
 */
export async function markPaid(page: Page, payer: Payer): Promise<void> {
  await page.getByRole('button', { name: 'Я оплатил' }).click();
  const dialog = page.getByRole('dialog').filter({ hasText: 'Вы перевели деньги?' });
  await dialog.waitFor();
  await dialog.getByLabel('Последние 4 цифры карты или телефона').fill(payer.last4);
  await dialog.getByLabel('Имя плательщика, как его показывает банк').fill(payer.name);
  await dialog.getByRole('button', { name: 'Да, я оплатил' }).click();
  await dialog.waitFor({ state: 'detached' });
}

/**
 * The demo authenticator's current code, as the page shows it under a code field (development
 * sign-in; demo users share the README's secret). Waits for a code whose time step is not the
 * one `spent` (a step is accepted once).
 */
export async function demoCode(scope: Locator, spent?: string): Promise<string> {
  const hint = scope.getByTestId('dev-totp-code');
  await hint.waitFor();
  for (let i = 0; i < 40; i++) {
    const code = /(\d{6})/.exec((await hint.textContent()) ?? '')?.[1];
    if (code && code !== spent) return code;
    await scope.page().waitForTimeout(1_000);
  }
  throw new Error('no fresh demo code shown');
}

/**
 * «Подтвердить получение оплаты» with the seller's second factor: the code from the dialog's
 * demo hint, unless the session's step-up window is open. Returns the code used (or null).
 */
export async function confirmReceipt(page: Page): Promise<string | null> {
  await page.getByRole('button', { name: 'Подтвердить получение оплаты' }).click();
  const dialog = page.getByRole('dialog').filter({ hasText: 'Подтвердить получение оплаты?' });
  await dialog.waitFor();
  let code: string | null = null;
  if (!(await dialog.getByTestId('step-up-open').isVisible())) {
    code = await demoCode(dialog);
    await dialog.getByLabel('Код подтверждения').fill(code);
  }
  await dialog.getByRole('button', { name: 'Да, деньги получены' }).click();
  await dialog.waitFor({ state: 'detached' });
  return code;
}

const otplib = createRequire(`${repoRoot}/apps/server/package.json`)('otplib') as {
  generate: (o: { secret: string; epoch: number }) => Promise<string>;
};

/**
 * Turns two-factor on for the user signed in on `page`, through the API as the security page
 * would (setup, then the authenticator's first code). Returns the recovery codes: each is
 * good for one later money action, without waiting for the next 30-second step.
 */
export async function enrolTwoFactor(page: Page, baseURL: string): Promise<string[]> {
  const { secret } = await api<{ secret: string }>(page, baseURL, 'POST', '/users/2fa/setup');
  const code = await otplib.generate({ secret, epoch: Math.floor(Date.now() / 1000) });
  const enabled = await api<{ recoveryCodes: string[] }>(page, baseURL, 'POST', '/users/2fa/enable', {
    code,
  });
  return enabled.recoveryCodes;
}

/** The trade id of a /trade/{id} page. */
export const tradeIdOf = (page: Page): string => new URL(page.url()).pathname.split('/').pop() ?? '';

/** Back-office sign-in through /admin/login; lands on the console (dashboard or where it was sent from). */
export async function staffSignIn(page: Page, baseURL: string, who: { email: string; password: string }) {
  await page.goto(`${baseURL}/admin/login`);
  await page.getByLabel('Электронная почта').fill(who.email);
  await page.getByLabel('Пароль').fill(who.password);
  await page.getByRole('button', { name: 'Войти' }).click();
  await page.waitForURL((url) => url.pathname.startsWith('/admin/') && url.pathname !== '/admin/login');
}
