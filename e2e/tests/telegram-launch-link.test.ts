import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newContext, screenshot } from '../support/browser';
import { LIVE, signIn, storedUser, uniqueUsername } from '../support/journey';
import { type RunningServer, startServer } from '../support/server';
import {
  BOT,
  installTelegramWebview,
  LIGHT_THEME,
  launchUrl,
  startBotApiStub,
  type TelegramUser,
} from '../support/telegram';

/**
 * A link signs a signed-in person into someone else's account (issue 28, attack 2), replayed in
 * Chromium: the attacker sends a link carrying their own genuine, unused Mini App launch data.
 * In an ordinary browser it counts for nothing; inside Telegram another signed-in account is
 * never replaced without asking (docs/decisions/035).
 */

const priceStubURL = inject('priceStubURL');
let server: RunningServer;
let botApi: Awaited<ReturnType<typeof startBotApiStub>>;
let browser: Browser;
let baseURL: string;
const contexts: BrowserContext[] = [];

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

const mallory: TelegramUser = {
  id: 800_000_000 + Math.floor(Math.random() * 90_000_000),
  first_name: 'Мэллори',
  username: 'mallory_tma',
};

/** Alice signed in on the web in a fresh browser profile; `telegram` makes it a Telegram webview. */
async function aliceSignedIn({ telegram = false } = {}): Promise<{ page: Page; sentLaunch: string[] }> {
  const context = await newContext(browser, 'phone');
  contexts.push(context);
  if (telegram) await installTelegramWebview(context, LIGHT_THEME);
  const page = await context.newPage();
  const sentLaunch: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/auth/telegram/webapp')) sentLaunch.push(request.url());
  });
  await signIn(
    page,
    baseURL,
    { fresh: uniqueUsername('alice') },
    { returnTo: '/wallet', displayName: 'Алиса' },
  );
  return { page, sentLaunch };
}

/** The attacker's launch data, still unused: the server signs its owner in once. */
async function stillUnused(link: string): Promise<boolean> {
  const initData = new URLSearchParams(new URL(link).hash.slice(1)).get('tgWebAppData');
  const res = await fetch(`${baseURL}/api/v1/auth/telegram/webapp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ initData }),
  });
  return res.status === 200;
}

describe('a link with someone else’s launch data', () => {
  it('in an ordinary browser signs no one in: Alice stays Alice, and the link leaves the address bar', async () => {
    const { page, sentLaunch } = await aliceSignedIn();
    const alice = await storedUser(page);
    const link = launchUrl(`${baseURL}/wallet`, { user: mallory });
    await page.goto('about:blank');
    await page.goto(link);
    await page.locator('.user-menu__button').waitFor({ state: 'attached', ...LIVE });
    await page.getByRole('heading', { level: 1 }).first().waitFor(LIVE);
    expect(await storedUser(page)).toMatchObject({ id: alice.id, displayName: 'Алиса' });
    expect(sentLaunch).toEqual([]);
    expect(new URL(page.url()).hash).toBe('');
    expect(await page.evaluate(() => sessionStorage.getItem('tma_launch'))).toBeNull();
    // After a reload too: nothing of the link was kept.
    await page.reload();
    await page.locator('.user-menu__button').waitFor({ state: 'attached', ...LIVE });
    expect((await storedUser(page)).id).toBe(alice.id);
    expect(sentLaunch).toEqual([]);
    await screenshot(page, 'launch-link-ordinary-browser');
    // The page never spent it: the launch data is still unused on the server.
    expect(await stillUnused(link)).toBe(true);
  });

  it('inside Telegram asks «Вы вошли как Алиса. Войти как @…?»; «Остаться» keeps Alice', async () => {
    const { page, sentLaunch } = await aliceSignedIn({ telegram: true });
    const alice = await storedUser(page);
    const link = launchUrl(`${baseURL}/wallet`, { user: mallory });
    await page.goto('about:blank');
    await page.goto(link);
    const dialog = page.getByRole('dialog').filter({ hasText: 'Сменить аккаунт?' });
    await dialog.waitFor(LIVE);
    expect(await dialog.getByTestId('account-switch').textContent()).toBe(
      `Вы вошли как Алиса. Войти как @${mallory.username}?`,
    );
    expect(await dialog.getByRole('button', { name: `Войти как @${mallory.username}` }).count()).toBe(1);
    await screenshot(page, 'launch-link-switch-asked');
    await dialog.getByRole('button', { name: 'Остаться: Алиса' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect((await storedUser(page)).id).toBe(alice.id);
    expect(sentLaunch).toEqual([]);
  });

  it('inside Telegram «Войти как @…» is the person’s own choice, and only then signs the launch user in', async () => {
    const { page, sentLaunch } = await aliceSignedIn({ telegram: true });
    const alice = await storedUser(page);
    await page.goto('about:blank');
    await page.goto(launchUrl(`${baseURL}/wallet`, { user: mallory }));
    const dialog = page.getByRole('dialog').filter({ hasText: 'Сменить аккаунт?' });
    await dialog.waitFor(LIVE);
    expect(sentLaunch).toEqual([]);
    await dialog.getByRole('button', { name: `Войти как @${mallory.username}` }).click();
    await page.waitForFunction(
      (id) => JSON.parse(localStorage.getItem('user_data') ?? '{}').id !== id,
      alice.id,
      LIVE,
    );
    expect(sentLaunch.length).toBe(1);
    // The app reloads once the switch is answered: read the stored user across that load.
    await expect
      .poll(async () => (await storedUser(page).catch(() => null))?.firstName, LIVE)
      .toBe('Мэллори');
  });
});
