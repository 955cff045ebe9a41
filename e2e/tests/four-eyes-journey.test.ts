import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { seriousViolations } from '../support/a11y';
import { launchBrowser, newContext, screenshot, type ViewportName } from '../support/browser';
import {
  api,
  balanceOf,
  forbidDialogs,
  LIVE,
  signIn,
  staffSignIn,
  storedUser,
  toUnits,
  uniqueUsername,
} from '../support/journey';
import { STAFF } from '../support/server';
import { totpCode } from '../support/totp';

/**
 * Four eyes (docs/decisions/023-trust-and-safety.md, "Staff are bounded"): a moderator
 * resolves a dispute worth more than FOUR_EYES_USD ($1 000); the console says it waits for a
 * second administrator and nothing moves; a second admin approves it on «Одобрения» and only
 * then the trade completes. The server's price feed is offline here, so BTC is valued at the
 * fallback $65 000: the 0.02 BTC trade is worth $1 300.
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

async function page(viewport: ViewportName = 'desktop'): Promise<Page> {
  // axe-core is injected as a script tag: the pages of this journey bypass the CSP (as a11y.test.ts).
  const size = viewport === 'desktop' ? { viewport: { width: 1366, height: 900 } } : {};
  const context = await newContext(browser, viewport, { ...size, bypassCSP: true });
  contexts.push(context);
  const p = await context.newPage();
  forbidDialogs(p, dialogs);
  return p;
}

/** The staff API (set-up only: the decisions of this journey go through the console). */
async function staffApi<T>(
  path: string,
  body: unknown,
  token?: string,
): Promise<{ status: number; data: T }> {
  const response = await fetch(`${baseURL}/api/v1/admin${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const json = (await response.json()) as { data: T };
  if (response.status >= 300) throw new Error(`${path} -> ${response.status}: ${JSON.stringify(json)}`);
  return { status: response.status, data: json.data };
}
const staffToken = async (who: { email: string; password: string }) =>
  (await staffApi<{ accessToken: string }>('/auth/login', { email: who.email, password: who.password })).data
    .accessToken;

interface TradeView {
  id: string;
  status: string;
  amountCrypto: string;
  feeAmount: string;
}

describe('four eyes: a large dispute resolution waits for a second admin', () => {
  let seller: Page;
  let buyer: Page;
  let moderator: Page;
  let trade: TradeView;
  let buyerBefore: bigint;

  beforeAll(async () => {
    seller = await page();
    buyer = await page();
    await signIn(seller, baseURL, { fresh: uniqueUsername('fesell') }, { displayName: 'Продавец Крупный' });
    await signIn(buyer, baseURL, { fresh: uniqueUsername('febuy') }, { displayName: 'Покупатель Крупный' });
    // Selling needs two-factor on (docs/decisions/023): the seller enrols with an app code.
    const { secret } = await api<{ secret: string }>(seller, baseURL, 'POST', '/users/2fa/setup');
    await api(seller, baseURL, 'POST', '/users/2fa/enable', { code: await totpCode(secret) });

    // 0.03 BTC ($1 950) is itself above the limit: the admin's credit on /admin/balance is a
    // proposal, and the page says so instead of "credited"; the second admin approves it.
    const sellerId = (await storedUser(seller)).id;
    const admin = await page();
    await staffSignIn(admin, baseURL, STAFF.admin);
    await admin.goto(`${baseURL}/admin/balance?userId=${sellerId}`);
    await admin.getByTestId('balance-selected-user').waitFor();
    const form = admin
      .locator('form')
      .filter({ has: admin.getByRole('heading', { name: 'Быстрая операция' }) });
    await form.getByLabel('Криптовалюта').selectOption('BTC');
    await form.getByLabel('Сумма').fill('0.03');
    await form.getByLabel('Причина').fill('Пополнение для проверки двух подписей');
    await form.getByRole('button', { name: 'Зачислить' }).click();
    await admin.getByRole('dialog').getByRole('button', { name: 'Зачислить' }).click();
    const notice = admin.getByTestId('credit-pending-approval');
    await notice.waitFor(LIVE);
    expect(await notice.innerText()).toContain('Ожидает одобрения второго администратора');
    expect(await notice.innerText()).toMatch(/1\s950,00/);
    expect(await admin.getByText(/Зачислено 0,03/).count()).toBe(0);
    expect((await balanceOf(seller, baseURL, 'BTC').catch(() => ({ available: '0' }))).available).toMatch(
      /^0(\.0+)?$/,
    );
    expect(await seriousViolations(admin)).toEqual([]);
    await screenshot(admin, 'four-eyes-balance-pending-1366');
    const list = await fetch(`${baseURL}/api/v1/admin/approvals`, {
      headers: { authorization: `Bearer ${await staffToken(STAFF.secondAdmin)}` },
    });
    const pending = (
      (await list.json()) as { data: { approvals: { id: string; beneficiary: { id: string } }[] } }
    ).data.approvals;
    const credit = pending.find((a) => a.beneficiary.id === sellerId);
    if (!credit) throw new Error('the credit proposal is not listed');
    await staffApi(`/approvals/${credit.id}/approve`, {}, await staffToken(STAFF.secondAdmin));
    expect((await balanceOf(seller, baseURL, 'BTC')).available).toBe('0.03000000');

    const order = await api<{ id: string }>(seller, baseURL, 'POST', '/orders', {
      type: 'sell',
      cryptocurrency: 'BTC',
      amount_crypto: '0.02',
      price_per_unit: '2500000',
      min_amount: '1000',
      max_amount: '50000',
      payment_methods: ['sberbank'],
      time_limit: 30,
    });
    trade = (
      await api<{ trade: TradeView }>(buyer, baseURL, 'POST', '/trades', {
        orderId: order.id,
        amountFiat: '50000',
        paymentMethod: 'sberbank',
      })
    ).trade;
    expect(trade.amountCrypto).toBe('0.02000000');
    const template = await api<{ id: string }>(seller, baseURL, 'POST', '/payment-templates', {
      name: 'Карта для крупных',
      type: 'BANK_CARD',
      details: { bankName: 'Сбербанк', cardNumber: '4276380012345679', holderName: 'PRODAVEC' },
    });
    await api(seller, baseURL, 'PUT', `/trades/${trade.id}/payment-template`, { templateId: template.id });
    // «Я оплатил» names the paying account (docs/decisions/023).
    await api(buyer, baseURL, 'POST', `/trades/${trade.id}/actions`, {
      action: 'mark_paid',
      payload: { payer: { bank: 'sberbank', last4: '1234', name: 'Покупатель К.' } },
    });
    await api(buyer, baseURL, 'POST', `/trades/${trade.id}/actions`, {
      action: 'dispute_trade',
      payload: { reasonId: 'seller_not_responding', details: 'Оплатил 50 000 ₽, продавец молчит.' },
    });
    buyerBefore = toUnits(
      (await balanceOf(buyer, baseURL, 'BTC').catch(() => ({ available: '0' }))).available,
    );
  });

  it('the moderator resolves it; the case says it waits for a second administrator and nothing moves', async () => {
    moderator = await page();
    await staffSignIn(moderator, baseURL, STAFF.moderator);
    await moderator.goto(`${baseURL}/admin/disputes/${trade.id}`);
    await moderator.getByRole('button', { name: 'Взять' }).click();
    await moderator
      .getByTestId('case-owner')
      .getByText(/Дело ведёт E2E moderator/)
      .waitFor(LIVE);
    const form = moderator
      .locator('form')
      .filter({ has: moderator.getByRole('heading', { name: 'Решение' }) });
    await form.getByRole('radio', { name: 'Выпустить покупателю' }).check();
    await form.getByLabel('Решение для сторон').fill('Банк подтвердил перевод 50 000 ₽ продавцу');
    await form.getByRole('button', { name: 'Решение' }).click();
    const confirm = moderator.getByRole('dialog');
    await confirm.waitFor();
    await confirm.getByRole('button', { name: 'Выпустить покупателю' }).click();

    await moderator.getByText('Ожидает одобрения второго администратора').first().waitFor(LIVE);
    const notice = moderator.getByTestId('case-pending-approval');
    await notice.waitFor(LIVE);
    expect(await notice.innerText()).toContain('Ожидает одобрения второго администратора');
    expect(await notice.innerText()).toContain('Банк подтвердил перевод');
    // The resolve form is gone while the proposal waits; the trade is still in dispute.
    expect(await form.count()).toBe(0);
    const view = await api<{ trade: TradeView }>(buyer, baseURL, 'GET', `/trades/${trade.id}`);
    expect(view.trade.status).toBe('DISPUTED');
    expect(
      toUnits((await balanceOf(buyer, baseURL, 'BTC').catch(() => ({ available: '0' }))).available),
    ).toBe(buyerBefore);
    expect(await seriousViolations(moderator)).toEqual([]);
    await screenshot(moderator, 'four-eyes-case-pending-1366');

    // A moderator sees the proposal on «Одобрения» but may not decide it, and is told why.
    await moderator.goto(`${baseURL}/admin/approvals`);
    const card = moderator
      .getByTestId('approval')
      .filter({ has: moderator.locator(`a[href="/admin/disputes/${trade.id}"]`) });
    await card.waitFor(LIVE);
    expect(await card.getByRole('button', { name: 'Одобрить' }).isDisabled()).toBe(true);
    await card.getByTestId('approval-refusal').getByText('Это ваше предложение', { exact: false }).waitFor();
  });

  it('a second admin sees it on «Одобрения» with what it does, approves it, and the trade completes', async () => {
    const admin = await page();
    await staffSignIn(admin, baseURL, STAFF.secondAdmin);
    await admin.goto(`${baseURL}/admin/dashboard`);
    const badge = admin.getByTestId('approvals-count');
    await badge.waitFor(LIVE);
    expect(Number(await badge.innerText())).toBeGreaterThanOrEqual(1);
    await admin.getByRole('link', { name: /^Одобрения/ }).click();
    await admin.waitForURL((url) => url.pathname === '/admin/approvals');
    const card = admin
      .getByTestId('approval')
      .filter({ has: admin.locator(`a[href="/admin/disputes/${trade.id}"]`) });
    await card.waitFor(LIVE);
    const text = await card.innerText();
    expect(text).toContain('Решение по спору');
    expect(text).toContain('Выпустить криптовалюту покупателю');
    expect(text).toContain('Банк подтвердил перевод 50 000 ₽ продавцу');
    expect(text).toContain('E2E moderator');
    expect(await card.getByTestId('approval-amount').innerText()).toMatch(/0,02/);
    expect(await card.getByTestId('approval-usd').innerText()).toMatch(/1\s300,00/);
    expect(await seriousViolations(admin)).toEqual([]);
    await screenshot(admin, 'four-eyes-approvals-1366');

    const phone = await page('phone');
    await staffSignIn(phone, baseURL, STAFF.secondAdmin);
    await phone.goto(`${baseURL}/admin/approvals`);
    await phone.getByTestId('approval').first().waitFor(LIVE);
    expect(await seriousViolations(phone)).toEqual([]);
    await screenshot(phone, 'four-eyes-approvals-390');

    await card.getByRole('button', { name: 'Одобрить' }).click();
    const dialog = admin.getByRole('dialog');
    await dialog.getByText(/получит Покупатель Крупный/).waitFor();
    expect(await seriousViolations(admin, 'dialog[open]')).toEqual([]);
    await screenshot(admin, 'four-eyes-approve-dialog-1366', { fullPage: false });
    await dialog.getByLabel('Комментарий (необязательно)').fill('Проверил выписку банка');
    await dialog.getByRole('button', { name: 'Одобрить' }).click();
    await dialog.waitFor({ state: 'detached', ...LIVE });
    await admin.getByText('Одобрено: деньги перемещены').first().waitFor(LIVE);
    await card.waitFor({ state: 'detached', ...LIVE });

    await expect
      .poll(
        async () =>
          (await api<{ trade: TradeView }>(buyer, baseURL, 'GET', `/trades/${trade.id}`)).trade.status,
        LIVE,
      )
      .toBe('COMPLETED');
    const done = (await api<{ trade: TradeView }>(buyer, baseURL, 'GET', `/trades/${trade.id}`)).trade;
    const buyerAfter = toUnits((await balanceOf(buyer, baseURL, 'BTC')).available);
    expect(buyerAfter - buyerBefore).toBe(toUnits(done.amountCrypto) - toUnits(done.feeAmount));

    // The decided tab keeps who proposed and who approved.
    await admin.getByLabel('Показать').selectOption('decided');
    const decided = admin
      .getByTestId('approval')
      .filter({ has: admin.locator(`a[href="/admin/disputes/${trade.id}"]`) });
    await decided.waitFor(LIVE);
    expect(await decided.getAttribute('data-status')).toBe('approved');
    expect(await decided.innerText()).toContain('Проверил выписку банка');
    await screenshot(admin, 'four-eyes-decided-1366');

    // The case is closed for the moderator too.
    await moderator.goto(`${baseURL}/admin/disputes/${trade.id}`);
    await moderator.getByTestId('case-closed').waitFor(LIVE);
    expect(await moderator.getByTestId('case-pending-approval').count()).toBe(0);
    await screenshot(moderator, 'four-eyes-case-closed-1366');

    // Both steps are in the audit log, with who did them.
    await admin.goto(`${baseURL}/admin/audit`);
    for (const action of ['approval.propose', 'approval.approve', 'trade.resolve_release']) {
      await admin
        .locator(`[data-testid="audit-entry"][data-action="${action}"]`)
        .filter({ hasText: trade.id })
        .first()
        .waitFor(LIVE);
    }
    expect(dialogs).toEqual([]);
  });
});
