import { createRequire } from 'node:module';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { seriousViolations } from '../support/a11y';
import { launchBrowser, newContext, screenshot } from '../support/browser';
import { api, forbidDialogs, signIn, uniqueUsername } from '../support/journey';
import { repoRoot } from '../support/server';

/**
 * Connecting the Telegram bot from the profile asks for the two-factor code first
 * (docs/decisions/023). The journeys' server runs without a bot token, so the two bot
 * endpoints are answered in the browser here, as a configured server answers them (the
 * server's side is covered by apps/server/test/notifications/telegram-bot-safety.test.ts).
 */

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

const LINK = 'https://t.me/p2p_demo_bot?start=demo-token';
const require = createRequire(`${repoRoot}/apps/server/package.json`);
const otplib = require('otplib') as { generate: (o: { secret: string; epoch: number }) => Promise<string> };

/** Turns two-factor on for the user signed in on `page`, as the security page does. */
async function enrolTwoFactor(page: Page): Promise<void> {
  const { secret } = await api<{ secret: string }>(page, baseURL, 'POST', '/users/2fa/setup');
  const code = await otplib.generate({ secret, epoch: Math.floor(Date.now() / 1000) });
  await api(page, baseURL, 'POST', '/users/2fa/enable', { code });
}

async function fakeBot(page: Page, posts: unknown[]) {
  await page.route('**/api/v1/telegram/link', async (route) => {
    const request = route.request();
    const json = (status: number, body: unknown) =>
      route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) });
    if (request.method() === 'GET') {
      return json(200, {
        success: true,
        data: { botEnabled: true, botUsername: 'p2p_demo_bot', connected: false, connectedAt: null },
      });
    }
    const body = request.postDataJSON() as { code?: string };
    posts.push(body);
    if (body.code === '000000') {
      return json(403, {
        success: false,
        error: 'Неверный код двухфакторной аутентификации',
        code: 'TWO_FACTOR_REQUIRED',
        details: { reason: 'invalid' },
      });
    }
    return json(200, {
      success: true,
      data: { url: LINK, token: 'demo-token', expiresAt: new Date(Date.now() + 15 * 60_000).toISOString() },
    });
  });
  // The deep link opens Telegram in a new tab: nothing to load here.
  await page.context().route('https://t.me/**', (route) => route.fulfill({ status: 204, body: '' }));
}

describe.each(['desktop', 'phone'] as const)('connecting Telegram with two-factor on (%s)', (viewport) => {
  const dialogs: string[] = [];

  it('asks for the code, shows a wrong one, then issues the link', async () => {
    // bypassCSP: axe-core is injected as an inline script, as in a11y.test.ts.
    const context = await newContext(browser, viewport, { bypassCSP: true });
    contexts.push(context);
    const page = await context.newPage();
    forbidDialogs(page, dialogs);
    const posts: unknown[] = [];
    await fakeBot(page, posts);
    await signIn(page, baseURL, { fresh: uniqueUsername('tglink') }, { displayName: 'Связь Телеграм' });
    await enrolTwoFactor(page);
    await page.goto(`${baseURL}/profile`);
    const panel = page.getByTestId('telegram-connect');
    await panel.getByRole('button', { name: 'Подключить Telegram-бота' }).click();
    const code = panel.getByLabel('Код подтверждения');
    await code.waitFor();
    expect(posts).toEqual([]);
    await code.fill('000000');
    await panel.getByRole('button', { name: 'Получить ссылку' }).click();
    await panel.getByText('Неверный код двухфакторной аутентификации').waitFor();
    await panel.scrollIntoViewIfNeeded();
    await screenshot(page, `telegram-connect-code-${viewport}`, { fullPage: false });
    expect(await seriousViolations(page, '[data-testid="telegram-connect"]')).toEqual([]);

    // Enter sends the code (not the settings form around it).
    await code.fill('123456');
    await code.press('Enter');
    await panel.getByRole('link', { name: 'Открыть ссылку еще раз' }).waitFor();
    expect(posts).toEqual([{ code: '000000' }, { code: '123456' }]);
    await screenshot(page, `telegram-connect-link-${viewport}`, { fullPage: false });
    expect(dialogs).toEqual([]);
  });
});
