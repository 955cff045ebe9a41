import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { dialogOverflow, seriousViolations } from '../support/a11y';
import { launchBrowser, newContext, screenshot, type ViewportName } from '../support/browser';
import {
  api,
  balanceOf,
  forbidDialogs,
  LIVE,
  signIn,
  staffSignIn,
  toUnits,
  uniqueUsername,
} from '../support/journey';
import { STAFF } from '../support/server';
import { totpCode } from '../support/totp';

/**
 * A withdrawal is claimed before it is sent (docs/decisions/023, section 2), in the browser:
 * a user with two-factor on asks for a withdrawal with a code, an admin approves it, claims
 * it with «Отправить» and only then sees where to send and how much, completes it with the
 * transaction hash; meanwhile the user sees it being sent and can no longer cancel it, and
 * in the end sees it completed.
 */
const baseURL = inject('baseURL');
const AMOUNT = '0.01';
/** A valid regtest (devnet Bitcoin) address that belongs to nobody on the platform. */
const OUTSIDE = 'bcrt1qqqqsyqcyq5rqwzqfpg9scrgwpugpzysnard0ew';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe.each(['desktop', 'phone'] as const)('withdrawal claim journey at %s', (viewport: ViewportName) => {
  let user: Page;
  let admin: Page;
  let secret = '';
  let withdrawalId = '';
  const dialogs: string[] = [];
  const txHash = (viewport === 'desktop' ? 'c1' : 'c2').repeat(32);

  beforeAll(async () => {
    user = await (await newContext(browser, viewport)).newPage();
    // axe-core is injected as a script tag, which the console's CSP would refuse.
    admin = await (await newContext(browser, viewport, { bypassCSP: true })).newPage();
    forbidDialogs(user, dialogs);
    forbidDialogs(admin, dialogs);
  });

  it('a new user turns two-factor on and gets 0.02 BTC on the devnet', async () => {
    await signIn(user, baseURL, { fresh: uniqueUsername(`wdc${viewport[0]}`) }, { returnTo: '/wallet' });
    // Two-factor on, as the server checks it: the secret's current code enables it.
    secret = (await api<{ secret: string }>(user, baseURL, 'POST', '/users/2fa/setup')).secret;
    const code = await totpCode(secret);
    await api(user, baseURL, 'POST', '/users/2fa/enable', { code });
    const { address } = await api<{ address: string }>(
      user,
      baseURL,
      'GET',
      '/wallet/deposit-address?network=BTC',
    );
    await api(user, baseURL, 'POST', '/dev/chain/BTC/transfers', { toAddress: address, amount: '0.02' });
    await api(user, baseURL, 'POST', '/dev/chain/BTC/blocks', { count: 3 });
    await expect.poll(async () => (await balanceOf(user, baseURL, 'BTC')).available, LIVE).toBe('0.02000000');
    await staffSignIn(admin, baseURL, STAFF.admin);
  });

  it('the user asks for a withdrawal with a two-factor code', async () => {
    await user.goto(`${baseURL}/wallet`);
    await user.getByTestId('balance-BTC').getByRole('button', { name: 'Вывести BTC' }).click();
    const dialog = user.getByRole('dialog');
    await dialog.getByText('Шаг 2 из 3').waitFor();
    await dialog.getByLabel('Адрес получателя').fill(OUTSIDE);
    await dialog.getByLabel('Сумма').fill(AMOUNT);
    await dialog.getByRole('button', { name: 'Продолжить' }).click();
    await dialog.getByText('Шаг 3 из 3').waitFor();
    await dialog.getByLabel('Код двухфакторной аутентификации').fill(await totpCode(secret));
    await dialog.getByRole('button', { name: 'Отправить заявку' }).click();
    await dialog.getByText('Заявка на вывод создана и будет рассмотрена').waitFor(LIVE);
    await dialog.getByRole('button', { name: 'Закрыть' }).click();
    const mine = await api<{ id: string; status: string }[]>(
      user,
      baseURL,
      'GET',
      '/withdrawals/my-withdrawals',
    );
    expect(mine[0]).toMatchObject({ status: 'PENDING' });
    withdrawalId = mine[0]?.id ?? '';
  });

  it('an admin approves it; before the claim the console shows only the address’s ends', async () => {
    await admin.goto(`${baseURL}/admin/withdrawals`);
    const row = admin.locator(`[data-withdrawal-id="${withdrawalId}"]`);
    await row.waitFor(LIVE);
    await row.getByText('bcrt1qqq…ard0ew').waitFor();
    expect(await row.innerText()).not.toContain(OUTSIDE);
    await row.getByRole('button', { name: 'Одобрить' }).click();
    await admin.getByRole('dialog').getByRole('button', { name: 'Одобрить' }).click();
    await admin.getByText('Заявка одобрена').first().waitFor(LIVE);

    await admin.getByLabel('Статус').selectOption('APPROVED');
    await expect.poll(() => row.getAttribute('data-status'), LIVE).toBe('APPROVED');
    expect(await row.getByRole('button', { name: 'Завершить' }).count()).toBe(0);
    await row.getByText('Полный адрес откроется после «Отправить»').waitFor();
    await screenshot(admin, `withdrawal-claim-approved-${viewport}`);
    expect(await seriousViolations(admin)).toEqual([]);
  });

  it('«Отправить» claims it and shows what to send; the user can no longer cancel it', async () => {
    const row = admin.locator(`[data-withdrawal-id="${withdrawalId}"]`);
    await row.getByRole('button', { name: 'Отправить' }).click();
    const dialog = admin.getByRole('dialog');
    await dialog.getByRole('heading', { name: 'Отправка вывода' }).waitFor(LIVE);
    expect(await dialog.getByTestId('sending-address').textContent()).toBe(OUTSIDE);
    expect(await dialog.getByTestId('sending-amount').textContent()).toBe(`${AMOUNT} BTC`);
    await dialog.getByRole('button', { name: 'Копировать: адрес получателя' }).waitFor();
    await dialog.getByRole('button', { name: 'Копировать: сумма к отправке' }).waitFor();
    await dialog.getByText(/E2E admin \(вы\)/).waitFor();
    await screenshot(admin, `withdrawal-claim-sending-${viewport}`, { fullPage: false });
    expect(await seriousViolations(admin, 'dialog[open]')).toEqual([]);
    expect(await dialogOverflow(admin)).toEqual([]);

    await user.goto(`${baseURL}/withdrawals/history`);
    const mine = user.getByTestId('withdrawal-row').first();
    await mine.getByText('Заявка отправляется: отменить ее уже нельзя').waitFor(LIVE);
    expect(await mine.getByRole('button', { name: 'Отменить' }).count()).toBe(0);
    await expect(api(user, baseURL, 'POST', `/withdrawals/${withdrawalId}/cancel`)).rejects.toThrow(
      /409.*Заявка уже отправляется и не может быть отменена/,
    );
    await screenshot(user, `withdrawal-claim-being-sent-${viewport}`);
  });

  it('the admin completes it with the transaction hash; the user sees it completed', async () => {
    const dialog = admin.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Завершить' }).click();
    await dialog.getByText('Введите TX Hash').waitFor();
    await dialog.getByLabel('TX Hash').fill(txHash);
    await dialog.getByRole('button', { name: 'Завершить' }).click();
    await admin.getByText('Заявка завершена').first().waitFor(LIVE);
    await dialog.waitFor({ state: 'detached' });

    await admin.getByLabel('Статус').selectOption('COMPLETED');
    const row = admin.locator(`[data-withdrawal-id="${withdrawalId}"]`);
    await expect.poll(() => row.getAttribute('data-status'), LIVE).toBe('COMPLETED');
    await row.getByText(OUTSIDE).waitFor();
    await row.getByText(txHash).waitFor();
    await row.getByText(/E2E admin \(вы\)/).waitFor();
    await screenshot(admin, `withdrawal-claim-completed-admin-${viewport}`);

    const mine = user.getByTestId('withdrawal-row').first();
    await mine.getByText('Выполнена', { exact: true }).waitFor(LIVE);
    expect(await mine.getByRole('link').getAttribute('href')).toBe(`https://mempool.space/tx/${txHash}`);
    const balance = await balanceOf(user, baseURL, 'BTC');
    expect(toUnits(balance.locked)).toBe(0n);
    expect(toUnits(balance.available)).toBe(toUnits('0.02') - toUnits(AMOUNT) - toUnits('0.0005'));
    await screenshot(user, `withdrawal-claim-completed-user-${viewport}`);
    expect(dialogs).toEqual([]);
  });
});
