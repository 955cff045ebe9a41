import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newContext, screenshot } from '../support/browser';
import { api, forbidDialogs, LIVE, signIn, staffSignIn, uniqueUsername } from '../support/journey';
import { STAFF } from '../support/server';

/**
 * «Это не я» (docs/decisions/033, "Security events") in the browser: a second sign-in to the
 * owner's account reaches the owner's inbox; the owner answers «Это не я» from it, which ends
 * every session (the intruder's too) and keeps money-out held; an admin finds the case in the
 * back office and lifts the hold.
 */
const baseURL = inject('baseURL');
let browser: Browser;
const contexts: BrowserContext[] = [];
const dialogs: string[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => undefined);
  await browser?.close();
});

async function open(viewport: 'desktop' | 'phone'): Promise<Page> {
  const context = await newContext(browser, viewport);
  contexts.push(context);
  const page = await context.newPage();
  forbidDialogs(page, dialogs);
  return page;
}

interface Hold {
  active: boolean;
  untilCleared: boolean;
}

describe('«Это не я»: the owner ends an intruder’s session and staff lift the hold', () => {
  const username = uniqueUsername('notme');
  let owner: Page;
  let intruder: Page;

  it('a second sign-in to the account shows in the owner’s inbox with «Это не я»', async () => {
    owner = await open('phone');
    await signIn(owner, baseURL, { fresh: username }, { displayName: 'Владелец Осторожный' });
    intruder = await open('desktop');
    await signIn(intruder, baseURL, { fresh: username }, { returnTo: '/wallet' });

    await owner.goto(`${baseURL}/notifications`);
    const notice = owner.locator('.inbox-item').filter({ hasText: 'Новый вход в аккаунт' });
    await notice.waitFor(LIVE);
    await notice.getByRole('button', { name: 'Это не я' }).waitFor(LIVE);
    await screenshot(owner, 'not-me-inbox-phone');
  });

  it('one press, confirmed, signs everyone out and keeps the hold until staff clear it', async () => {
    const notice = owner.locator('.inbox-item').filter({ hasText: 'Новый вход в аккаунт' });
    await notice.getByRole('button', { name: 'Это не я' }).click();
    const confirm = owner.getByRole('dialog').filter({ hasText: 'Это были не вы?' });
    await confirm.waitFor();
    await screenshot(owner, 'not-me-confirm-phone');
    await confirm.getByRole('button', { name: 'Это не я' }).click();
    await owner.waitForURL((url) => url.pathname === '/auth', LIVE);

    // The intruder's session is over: its next request is refused and the app asks for sign-in.
    const refused = await intruder.evaluate(async () => {
      const token = localStorage.getItem('auth_token');
      const res = await fetch('/api/v1/users/me', { headers: { Authorization: `Bearer ${token}` } });
      return res.status;
    });
    expect(refused).toBe(401);

    // The owner signs in again: money-out stays held until staff have looked.
    await signIn(owner, baseURL, { fresh: username }, { returnTo: '/wallet' });
    const hold = await api<Hold>(owner, baseURL, 'GET', '/users/me/security-hold');
    expect(hold).toMatchObject({ active: true, untilCleared: true });
  });

  it('an admin sees the case in the back office and lifts the hold', async () => {
    const admin = await open('desktop');
    await staffSignIn(admin, baseURL, STAFF.admin);
    await admin.goto(`${baseURL}/admin/security-reports`);
    const card = admin.getByTestId('security-report').filter({ hasText: 'Владелец Осторожный' });
    await card.waitFor(LIVE);
    await expect.poll(() => card.textContent()).toContain('Новый вход');
    await screenshot(admin, 'not-me-backoffice-desktop');
    await card.getByRole('button', { name: 'Снять удержание' }).click();
    const confirm = admin.getByRole('dialog').filter({ hasText: 'Владелец Осторожный' });
    await confirm.getByRole('button', { name: 'Снять удержание' }).click();
    await card.waitFor({ state: 'detached', ...LIVE });

    const hold = await api<Hold>(owner, baseURL, 'GET', '/users/me/security-hold');
    expect(hold.active).toBe(false);
    expect(dialogs).toEqual([]);
  });
});
