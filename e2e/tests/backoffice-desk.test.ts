import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newContext } from '../support/browser';
import {
  api,
  balanceOf,
  enrolTwoFactor,
  forbidDialogs,
  fromUnits,
  LIVE,
  signIn,
  staffSignIn,
  storedUser,
  toUnits,
  uniqueUsername,
} from '../support/journey';
import { STAFF } from '../support/server';

/**
 * The back office's own journeys (issue 8): a moderator runs a dispute from the queue to its
 * outcome while both parties watch their trade pages, and an admin runs a withdrawal through
 * the queue and finds every money decision in the audit log with before/after.
 */
const baseURL = inject('baseURL');
const SHOTS = '/work/shots/bo-e2e';
/** A valid regtest (devnet Bitcoin) address that belongs to nobody on the platform. */
const OUTSIDE = 'bcrt1qqqqsyqcyq5rqwzqfpg9scrgwpugpzysnard0ew';

let browser: Browser;
const dialogs: string[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  mkdirSync(SHOTS, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
});

const shot = (page: Page, name: string) =>
  page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true, animations: 'disabled' });

async function page(viewport: 'desktop' | 'phone' = 'desktop', width = 1366): Promise<Page> {
  const extra = viewport === 'desktop' ? { viewport: { width, height: 900 } } : {};
  const p = await (await newContext(browser, viewport, extra)).newPage();
  forbidDialogs(p, dialogs);
  return p;
}

/** Staff API with a token from /admin/auth/login (set-up steps only; decisions go through the UI). */
async function staffApi<T>(path: string, body: unknown, token?: string): Promise<T> {
  const response = await fetch(`${baseURL}/api/v1/admin${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const json = (await response.json()) as { data: T };
  if (response.status !== 200) throw new Error(`${path} -> ${response.status}: ${JSON.stringify(json)}`);
  return json.data;
}

interface TradeView {
  id: string;
  status: string;
  amountCrypto: string;
  feeAmount: string;
}

describe('moderator dispute journey: queue → take → chat → evidence → outcome', () => {
  let seller: Page;
  let buyer: Page;
  let moderator: Page;
  let trade: TradeView;
  let buyerBefore: bigint;
  let sellerBefore: { available: bigint; locked: bigint };

  beforeAll(async () => {
    seller = await page();
    buyer = await page();
    await signIn(seller, baseURL, { fresh: uniqueUsername('dsell') }, { displayName: 'Продавец Дела' });
    await signIn(buyer, baseURL, { fresh: uniqueUsername('dbuy') }, { displayName: 'Покупатель Дела' });
    // The seller's BTC comes from an admin credit; the order is the seller's own.
    const { accessToken } = await staffApi<{ accessToken: string }>('/auth/login', {
      email: STAFF.admin.email,
      password: STAFF.admin.password,
    });
    await staffApi(
      `/users/${(await storedUser(seller)).id}/balance/credit`,
      { cryptocurrency: 'BTC', amount: '0.01', reason: 'Пополнение для проверки спора' },
      accessToken,
    );
    // Selling needs two-factor on (docs/decisions/023).
    await enrolTwoFactor(seller, baseURL);
    const order = await api<{ id: string }>(seller, baseURL, 'POST', '/orders', {
      type: 'sell',
      cryptocurrency: 'BTC',
      amount_crypto: '0.01',
      price_per_unit: '5000000',
      min_amount: '1000',
      max_amount: '50000',
      payment_methods: ['sberbank'],
      time_limit: 30,
    });
    trade = (
      await api<{ trade: TradeView }>(buyer, baseURL, 'POST', '/trades', {
        orderId: order.id,
        amountFiat: '20000',
        paymentMethod: 'sberbank',
      })
    ).trade;
    const template = await api<{ id: string }>(seller, baseURL, 'POST', '/payment-templates', {
      name: 'Карта продавца',
      type: 'BANK_CARD',
      details: { bankName: 'Сбербанк', cardNumber: '4276380012345679', holderName: 'PRODAVEC' },
    });
    await api(seller, baseURL, 'PUT', `/trades/${trade.id}/payment-template`, { templateId: template.id });
    await api(buyer, baseURL, 'POST', `/trades/${trade.id}/actions`, {
      action: 'mark_paid',
      payload: { payer: { bank: 'sberbank', last4: '5511', name: (await storedUser(buyer)).firstName } },
    });
    buyerBefore = toUnits(
      (await balanceOf(buyer, baseURL, 'BTC').catch(() => ({ available: '0' }))).available,
    );
    const s = await balanceOf(seller, baseURL, 'BTC');
    sellerBefore = { available: toUnits(s.available), locked: toUnits(s.locked) };
  });

  it('the buyer opens a dispute on the trade page', async () => {
    await seller.goto(`${baseURL}/trade/${trade.id}`);
    await seller.getByRole('heading', { name: /Продажа BTC/ }).waitFor();
    await buyer.goto(`${baseURL}/trade/${trade.id}`);
    await buyer.getByRole('heading', { name: /Покупка BTC/ }).waitFor();
    await buyer.locator('.main-action').getByRole('button', { name: 'Открыть спор' }).click();
    const dialog = buyer.getByRole('dialog').filter({ hasText: 'Причина спора' });
    await dialog.getByRole('radio', { name: 'Продавец не отвечает' }).check();
    await dialog.getByLabel('Описание ситуации').fill('Оплатил 20 000 ₽, продавец молчит уже час.');
    await dialog.getByRole('button', { name: 'Открыть спор' }).click();
    await dialog.waitFor({ state: 'detached', ...LIVE });
    for (const p of [buyer, seller]) {
      await p.locator('.trade-head').getByText('Спор', { exact: true }).waitFor(LIVE);
    }
  });

  it('a moderator signs in, finds the case in the queue and takes it', async () => {
    moderator = await page('desktop', 1366);
    await staffSignIn(moderator, baseURL, STAFF.moderator);
    await moderator.goto(`${baseURL}/admin/disputes`);
    const row = moderator.locator(`[data-testid="dispute-row"][data-trade-id="${trade.id}"]`);
    await row.waitFor(LIVE);
    expect(await row.getByTestId('dispute-owner').innerText()).toContain('Никто не взял');
    await row.getByRole('link', { name: 'Открыть дело' }).click();
    await moderator.waitForURL((url) => url.pathname === `/admin/disputes/${trade.id}`);
    const owner = moderator.getByTestId('case-owner');
    await owner.getByText('Никто не взял').waitFor();
    // The case speaks the desk's language: the reason and the sent card by their labels.
    await moderator.getByText(/^Продавец не отвечает — Оплатил 20 000/).waitFor();
    const sent = moderator
      .locator('section')
      .filter({ has: moderator.getByRole('heading', { name: 'Отправленные реквизиты' }) });
    await sent.getByText('Номер карты', { exact: true }).waitFor();
    await sent.getByText('4276380012345679').waitFor();
    expect(await moderator.getByText('seller_not_responding').count()).toBe(0);
    // Until it is taken, the case is read-only.
    await moderator
      .getByText('Чтобы писать, запрашивать доказательства и решать спор, возьмите дело.')
      .waitFor();
    expect(await moderator.getByLabel('Сообщение сторонам от модератора').count()).toBe(0);
    await moderator.getByRole('button', { name: 'Взять' }).click();
    await owner.getByText(/Дело ведёт E2E moderator/).waitFor(LIVE);
    await moderator.getByLabel('Сообщение сторонам от модератора').waitFor();
  });

  it('writes in the chat; both trade pages show the line live', async () => {
    const line = 'Здравствуйте! Я модератор, разбираюсь в споре. Пришлите, пожалуйста, подтверждения.';
    await moderator.getByLabel('Сообщение сторонам от модератора').fill(line);
    await moderator.getByRole('button', { name: 'Отправить', exact: true }).click();
    await moderator.getByTestId('case-message').filter({ hasText: line }).waitFor(LIVE);
    for (const p of [buyer, seller]) {
      const message = p.getByTestId('moderator-message').filter({ hasText: line });
      await message.waitFor(LIVE);
      await message.getByText('Модератор', { exact: true }).waitFor();
    }
  });

  it('asks the seller for evidence; the seller sees the request with its countdown', async () => {
    const ask = 'Пришлите выписку по карте за сегодня';
    await moderator.getByLabel('У кого').selectOption('seller');
    await moderator.getByLabel('Что нужно прислать').fill(ask);
    await moderator.getByLabel('Срок ответа, часов').fill('12');
    await moderator.getByRole('button', { name: 'Запросить' }).click();
    await moderator.getByText('Запрос отправлен').first().waitFor(LIVE);

    const request = seller.getByTestId('evidence-request');
    await request.waitFor(LIVE);
    await request.getByText('Модератор просит предоставить доказательства').waitFor();
    await request.getByText(ask).waitFor();
    const countdown = request.getByTestId('evidence-countdown');
    await expect.poll(() => countdown.innerText(), LIVE).toMatch(/^1[01]:\d{2}:\d{2}$/);
    const first = await countdown.innerText();
    await expect.poll(() => countdown.innerText(), LIVE).not.toBe(first); // it ticks
    // Addressed to the seller only.
    expect(await buyer.getByTestId('evidence-request').count()).toBe(0);

    for (const [viewport, width] of [
      ['desktop', 1366],
      ['phone', 390],
    ] as const) {
      const view = await page(viewport, width);
      await staffSignIn(view, baseURL, STAFF.moderator);
      await view.goto(`${baseURL}/admin/disputes/${trade.id}`);
      await view
        .getByTestId('case-owner')
        .getByText(/Дело ведёт/)
        .waitFor(LIVE);
      await view.getByTestId('case-message').first().waitFor();
      await shot(view, `case-${width}`);
      await view.context().close();
    }
  });

  it('resolves with a written outcome (release to the buyer); both pages show it without reload', async () => {
    const outcome = 'Оплата подтверждена выпиской банка: криптовалюта передаётся покупателю.';
    const form = moderator
      .locator('form')
      .filter({ has: moderator.getByRole('heading', { name: 'Решение' }) });
    await form.getByRole('button', { name: 'Решение' }).click();
    await form.getByRole('alert').getByText('Выберите решение').waitFor();
    await form.getByRole('radio', { name: 'Выпустить покупателю' }).check();
    await form.getByLabel('Решение для сторон').fill(outcome);
    await form.getByRole('button', { name: 'Решение' }).click();
    const confirm = moderator.getByRole('dialog');
    await confirm.getByText(/Передать .* покупателю Покупатель Дела\? Это необратимо\./).waitFor();
    await confirm.getByRole('button', { name: 'Выпустить покупателю' }).click();
    await moderator.getByTestId('case-closed').waitFor(LIVE);
    await shot(moderator, 'case-resolved-1366');

    for (const p of [buyer, seller]) {
      const notice = p.getByTestId('dispute-outcome');
      await notice.waitFor(LIVE);
      await notice.getByText('Спор решён модератором: криптовалюта передана покупателю').waitFor();
      await notice.getByText(outcome).waitFor();
    }
    expect(await seller.getByTestId('evidence-request').count()).toBe(0);
    // Released by the moderator before the seller confirmed: a completed trade all the same,
    // step 4 of 4, its progress ending at «Сделка завершена» with nothing «now».
    for (const p of [buyer, seller]) {
      await p.locator('.trade-head').getByText('Шаг 4 из 4').waitFor(LIVE);
      const steps = p.locator('.tr-progress__step');
      await expect.poll(() => steps.last().innerText(), LIVE).toContain('Сделка завершена');
      expect(await steps.nth(2).innerText()).toContain('Пропущен');
      expect(await p.locator('.tr-progress').innerText()).not.toContain('Сейчас');
    }
    await shot(buyer, 'trade-outcome-buyer-1366');

    const after = await api<{ trade: TradeView }>(buyer, baseURL, 'GET', `/trades/${trade.id}`);
    expect(after.trade.status).toBe('COMPLETED');
    const amount = toUnits(trade.amountCrypto);
    // The fee is taken at release: 0.1 %, rounded down to 1e-8.
    const fee = toUnits(after.trade.feeAmount);
    expect(fee).toBe((amount * 1n) / 1000n);
    expect(fee).toBeGreaterThan(0n);
    const buyerAfter = toUnits((await balanceOf(buyer, baseURL, 'BTC')).available);
    expect(fromUnits(buyerAfter - buyerBefore)).toBe(fromUnits(amount - fee));
    const s = await balanceOf(seller, baseURL, 'BTC');
    // The escrow leaves the seller's locked funds; nothing comes back to available.
    expect(toUnits(s.available)).toBe(sellerBefore.available);
    expect(sellerBefore.locked - toUnits(s.locked)).toBe(amount);
    expect(dialogs).toEqual([]);
  });
});

describe('withdrawal from the queue: approve, complete, then the audit log', () => {
  it('an admin approves and completes a withdrawal and finds credit, approve and complete in /admin/audit', async () => {
    const user = await page();
    await signIn(user, baseURL, { fresh: uniqueUsername('wq') }, { displayName: 'Клиент Вывода' });
    const userId = (await storedUser(user)).id;
    const { accessToken } = await staffApi<{ accessToken: string }>('/auth/login', {
      email: STAFF.admin.email,
      password: STAFF.admin.password,
    });
    const reason = 'Зачисление под проверку вывода';
    // 0.015 BTC stays under FOUR_EYES_USD at the fallback $65 000: one admin credits it at once
    // (a larger credit waits for a second admin: four-eyes-journey.test.ts).
    await staffApi(
      `/users/${userId}/balance/credit`,
      { cryptocurrency: 'BTC', amount: '0.015', reason },
      accessToken,
    );
    const [totpCode] = await enrolTwoFactor(user, baseURL);
    const requested = await api<{ id: string; status: string; total: string }>(
      user,
      baseURL,
      'POST',
      '/withdrawals/request',
      { cryptocurrency: 'BTC', amount: '0.01', toAddress: OUTSIDE, totpCode },
    );
    expect(requested.status).toBe('PENDING');
    const locked = await balanceOf(user, baseURL, 'BTC');
    expect(locked.locked).toBe(requested.total);

    const admin = await page('desktop', 1366);
    await staffSignIn(admin, baseURL, STAFF.admin);
    await admin.goto(`${baseURL}/admin/withdrawals`);
    const row = admin.locator(`[data-testid="withdrawal-row"][data-withdrawal-id="${requested.id}"]`);
    await row.waitFor(LIVE);
    await row.getByText('Ожидает').waitFor();
    await row.getByRole('button', { name: 'Одобрить' }).click();
    const approve = admin.getByRole('dialog');
    // Before anyone claims it, the console shows only the address's ends (docs/decisions/023).
    await approve.getByText(/Одобрить: .* на адрес bcrt1qqq…ard0ew\?/).waitFor();
    await approve.getByRole('button', { name: 'Одобрить' }).click();
    await approve.waitFor({ state: 'detached', ...LIVE });

    // The queue shows pending ones; the approved request is found under its status.
    await admin.getByLabel('Статус').selectOption('APPROVED');
    await row.getByText('Одобрена').waitFor(LIVE);
    // Sending starts with a claim («Отправить»); only then the destination and the hash form.
    await row.getByRole('button', { name: 'Отправить' }).click();
    const complete = admin.getByRole('dialog');
    await complete.getByRole('heading', { name: 'Отправка вывода' }).waitFor(LIVE);
    expect(await complete.getByTestId('sending-address').textContent()).toBe(OUTSIDE);
    await complete.getByRole('button', { name: 'Завершить' }).click();
    await complete.getByRole('alert').getByText('Введите TX Hash').waitFor();
    const txHash = 'cd'.repeat(32);
    await complete.getByLabel('TX Hash').fill(txHash);
    await complete.getByRole('button', { name: 'Завершить' }).click();
    await complete.waitFor({ state: 'detached', ...LIVE });
    await admin.getByLabel('Статус').selectOption('COMPLETED');
    await row.getByText('Завершена').waitFor(LIVE);
    await row.getByText(txHash).waitFor();
    await shot(admin, 'withdrawals-completed-1366');

    const after = await balanceOf(user, baseURL, 'BTC');
    expect(after.locked).toBe('0.00000000');
    expect(after.total).toBe(fromUnits(toUnits('0.015') - toUnits(requested.total)));
    const mine = await api<{ id: string; status: string; txHash: string | null }[]>(
      user,
      baseURL,
      'GET',
      '/withdrawals/my-withdrawals',
    );
    expect(mine.find((w) => w.id === requested.id)).toMatchObject({ status: 'COMPLETED', txHash });

    await admin.goto(`${baseURL}/admin/audit`);
    const entries = admin.getByTestId('audit-entry');
    const credit = entries.filter({ hasText: userId }).filter({ hasText: reason });
    await credit.waitFor(LIVE);
    expect(await credit.getAttribute('data-action')).toBe('balance.credit');
    for (const action of ['withdrawal.approve', 'withdrawal.complete']) {
      const entry = admin.locator(`[data-testid="audit-entry"][data-action="${action}"]`).filter({
        hasText: requested.id,
      });
      await entry.waitFor();
      const text = await entry.innerText();
      expect(text).toContain(STAFF.admin.email);
      expect(text).toMatch(/До[\s\S]*После/);
      expect(text).toContain(action === 'withdrawal.approve' ? 'APPROVED' : 'COMPLETED');
    }
    expect(await credit.innerText()).toMatch(/До[\s\S]*После/);
    await shot(admin, 'audit-withdrawal-1366');
    expect(dialogs).toEqual([]);
  });
});
