import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newContext, type ViewportName } from '../support/browser';
import { api, balanceOf, signIn, staffSignIn, storedUser, toUnits, uniqueUsername } from '../support/journey';
import { STAFF } from '../support/server';

const baseURL = inject('baseURL');
const SHOTS = '/work/shots/bo-web';
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
  mkdirSync(SHOTS, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
});

const shot = (page: Page, name: string) =>
  page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true, animations: 'disabled' });

describe.each(['desktop', 'phone'] as const)('back office at %s', (viewport: ViewportName) => {
  it('an admin credits a user from /admin/balance and finds it in the audit log with before/after', async () => {
    const userPage = await (await newContext(browser, viewport)).newPage();
    await signIn(
      userPage,
      baseURL,
      { fresh: uniqueUsername(`bo${viewport[0]}`) },
      { displayName: 'Клиент Бэкофиса' },
    );
    const user = await storedUser(userPage);
    const before = toUnits(
      (await balanceOf(userPage, baseURL, 'USDT').catch(() => ({ available: '0' }))).available,
    );

    const admin = await (await newContext(browser, viewport)).newPage();
    // An unauthenticated visit to a guarded screen lands on the sign-in.
    await admin.goto(`${baseURL}/admin/withdrawals`);
    await admin.waitForURL((url) => url.pathname === '/admin/login');
    await admin.getByRole('button', { name: 'Войти' }).click();
    await expect.poll(() => admin.getByRole('alert').first().innerText()).toContain('Заполните все поля');
    await staffSignIn(admin, baseURL, STAFF.admin);
    await admin.goto(`${baseURL}/admin/dashboard`);
    await admin.getByTestId('daily-chart').locator('canvas').first().waitFor();
    await shot(admin, `dashboard-${viewport}`);

    await admin.goto(`${baseURL}/admin/balance?userId=${user.id}`);
    await admin.getByTestId('balance-selected-user').waitFor();
    const form = admin
      .locator('form')
      .filter({ has: admin.getByRole('heading', { name: 'Быстрая операция' }) });
    await form.getByRole('button', { name: 'Зачислить' }).click();
    await expect
      .poll(() => form.getByRole('alert').innerText())
      .toContain('Выберите пользователя и криптовалюту');
    await form.getByLabel('Криптовалюта').selectOption('USDT');
    await form.getByLabel('Сумма').fill('0');
    await form.getByRole('button', { name: 'Зачислить' }).click();
    await expect.poll(() => form.getByRole('alert').innerText()).toContain('Введите корректную сумму');
    await form.getByLabel('Сумма').fill('25.5');
    await form.getByLabel('Причина').fill('abc');
    await form.getByRole('button', { name: 'Зачислить' }).click();
    await expect
      .poll(() => form.getByRole('alert').innerText())
      .toContain('Причина должна быть минимум 5 символов');
    await form.getByLabel('Причина').fill('Компенсация по обращению');
    await form.getByRole('button', { name: 'Зачислить' }).click();
    const confirm = admin.getByRole('dialog');
    await confirm.waitFor();
    await shot(admin, `balance-confirm-${viewport}`);
    await confirm.getByRole('button', { name: 'Зачислить' }).click();
    await admin
      .getByText(/Зачислено 25,5/)
      .first()
      .waitFor();

    const after = toUnits((await balanceOf(userPage, baseURL, 'USDT')).available);
    expect(after - before).toBe(toUnits('25.5'));
    await shot(admin, `balance-${viewport}`);

    await admin.goto(`${baseURL}/admin/audit`);
    const entry = admin.getByTestId('audit-entry').filter({ hasText: user.id }).first();
    await entry.waitFor();
    expect(await entry.getAttribute('data-action')).toBe('balance.credit');
    const text = await entry.innerText();
    expect(text).toContain('Компенсация по обращению');
    expect(text).toMatch(/До[\s\S]*После/);
    await shot(admin, `audit-${viewport}`);

    for (const path of ['users', 'withdrawals', 'disputes', 'security', `users/${user.id}`]) {
      await admin.goto(`${baseURL}/admin/${path}`);
      await admin.getByRole('heading', { level: 1 }).waitFor();
      await admin.waitForFunction(() => !document.querySelector('.state [role="status"]'), {
        timeout: 15_000,
      });
      await shot(admin, `${path.replace('/', '-')}-${viewport}`);
    }
    // The staff session is its own: the user's token never appears under the admin keys.
    const keys = await admin.evaluate(() => Object.keys(localStorage));
    expect(keys).toContain('admin_access_token');
    expect(keys).not.toContain('auth_token');
    await api(userPage, baseURL, 'GET', '/users/me');
  });
});
