import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newContext, screenshot } from '../support/browser';
import {
  api,
  balanceOf,
  forbidDialogs,
  fromUnits,
  LIVE,
  ruAmount,
  signIn,
  storedUser,
  toUnits,
  uniqueUsername,
} from '../support/journey';
import { E2E_STAFF } from '../support/server';
import { totpCode } from '../support/totp';

/**
 * Money in and out (issue 7) in the browser: a new user deposits BTC on the devnet and watches
 * the confirmations climb, sells part of it, turns on two-factor and withdraws the rest with a
 * code; staff approve, claim and complete it through the back-office API; the history shows every
 * movement and its figures add up to the balance.
 */
const baseURL = inject('baseURL');
const DEPOSIT = '0.05';
const SOLD = '0.02';
/** A valid regtest (devnet Bitcoin) address that belongs to nobody on the platform. */
const OUTSIDE = 'bcrt1qqqqsyqcyq5rqwzqfpg9scrgwpugpzysnard0ew';

let browser: Browser;
let owner: Page;
let buyer: Page;
const dialogs: string[] = [];
let username: string;

beforeAll(async () => {
  browser = await launchBrowser();
  owner = await (await newContext(browser, 'desktop', { viewport: { width: 1366, height: 900 } })).newPage();
  buyer = await (await newContext(browser, 'desktop')).newPage();
  forbidDialogs(owner, dialogs);
  username = uniqueUsername('wallet');
  await signIn(owner, baseURL, { fresh: username }, { returnTo: '/wallet', displayName: 'Кошелек Проверка' });
  await signIn(buyer, baseURL, { fresh: uniqueUsername('wbuyer') }, { displayName: 'Покупатель Кошелька' });
});
afterAll(async () => {
  await browser?.close();
});

const mine = (count: number) => api(owner, baseURL, 'POST', '/dev/chain/BTC/blocks', { count });
const btcCard = () => owner.getByTestId('balance-BTC');

describe('wallet journey: deposit, trade, two-factor, withdrawal (issue 7)', () => {
  it('a new user gets a BTC address with its QR code and the devnet transfer climbs to a credit', async () => {
    await owner.getByRole('heading', { level: 1, name: 'Кошелек' }).waitFor();
    await expect.poll(() => btcCard().getByTestId('balance-total').textContent()).toContain('0,00000000');
    await screenshot(owner, 'wallet-empty-desktop');

    await btcCard().getByRole('button', { name: 'Пополнить BTC' }).click();
    const dialog = owner.getByRole('dialog');
    await dialog.getByText('Шаг 2 из 3').waitFor();
    const getAddress = dialog.getByRole('button', { name: 'Получить адрес' });
    await dialog.getByLabel('Сумма пополнения').fill('0.0005');
    expect(await getAddress.isDisabled()).toBe(true);
    await dialog.getByText('Минимальная сумма пополнения: 0,001 BTC').waitFor();
    await dialog.getByLabel('Сумма пополнения').fill(DEPOSIT);
    await getAddress.click();

    const address = (await dialog.getByTestId('deposit-address').textContent())?.trim() ?? '';
    expect(address).toMatch(/^bcrt1q[a-z0-9]{38,}$/);
    const qr = dialog.getByRole('img', { name: 'QR-код адреса пополнения' });
    expect(await qr.getAttribute('data-qr-value')).toBe(address);
    expect(await qr.locator('svg path').count()).toBeGreaterThan(0);
    await dialog.getByText(/Зачисление после 3 подтверждений/).waitFor();
    await screenshot(owner, 'deposit-address-desktop', { fullPage: false });

    await dialog.getByRole('button', { name: /Отправить тестовый перевод/ }).click();
    const row = dialog.getByTestId('deposit-row');
    await row.waitFor(LIVE);
    await expect
      .poll(() => row.getByTestId('deposit-confirmations').textContent(), LIVE)
      .toBe('Подтверждений: 0/3');
    for (const n of [1, 2]) {
      await mine(1);
      await expect
        .poll(() => row.getByTestId('deposit-confirmations').textContent(), LIVE)
        .toBe(`Подтверждений: ${n}/3`);
    }
    expect(await btcCard().getByTestId('balance-available').textContent()).toBe('0,00000000');
    await mine(1);
    await expect
      .poll(() => btcCard().getByTestId('balance-available').textContent(), LIVE)
      .toBe(ruAmount(DEPOSIT));
    await dialog.getByRole('button', { name: 'Готово' }).click();
    expect((await balanceOf(owner, baseURL, 'BTC')).available).toBe('0.05000000');
  });

  // Selling and withdrawing need two-factor on (docs/decisions/023): the owner turns it on first.
  let secret = '';
  let recovery: string[] = [];
  it('turns on two-factor in «Безопасность»: QR code, a code, recovery codes shown once', async () => {
    await owner.getByRole('button', { name: /Меню пользователя/ }).click();
    await owner.locator('.user-menu__panel').getByRole('link', { name: 'Безопасность' }).click();
    await owner.getByRole('heading', { level: 1, name: 'Безопасность' }).waitFor();
    await owner.getByRole('button', { name: 'Подключить' }).click();
    await owner.getByRole('img', { name: 'QR-код для приложения-аутентификатора' }).waitFor();
    secret = (await owner.getByTestId('two-factor-secret').textContent())?.trim() ?? '';
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await owner.getByLabel('Код из приложения').fill('000000');
    await owner.getByRole('button', { name: 'Подтвердить' }).click();
    await owner.getByText('Неверный код двухфакторной аутентификации').waitFor(LIVE);
    await owner.getByLabel('Код из приложения').fill(await totpCode(secret));
    await owner.getByRole('button', { name: 'Подтвердить' }).click();
    const codes = owner.getByRole('list', { name: 'Резервные коды' });
    await codes.waitFor(LIVE);
    expect(await codes.locator('li').count()).toBe(10);
    recovery = (await codes.locator('li').allTextContents()).map((c) => c.trim());
    await screenshot(owner, 'security-recovery-desktop');
    await owner.getByRole('button', { name: 'Я сохранил коды' }).click();
    await owner.getByText(/Включена с/).waitFor();
    expect(await codes.count()).toBe(0);
  });

  it('sells part of it to a second user in a trade', async () => {
    const order = await api<{ id: string }>(owner, baseURL, 'POST', '/orders', {
      type: 'sell',
      cryptocurrency: 'BTC',
      amount_crypto: SOLD,
      price_per_unit: '5000000',
      min_amount: '1000',
      max_amount: '100000',
      payment_methods: ['sberbank'],
      time_limit: 30,
    });
    // Two trades of 50 000 ₽: the buyer is a new account, whose trade is at most that
    // (LIMIT_NEW_TRADE_RUB, docs/decisions/023).
    for (let i = 0; i < 2; i++) {
      const opened = await api<{ trade: { id: string } }>(buyer, baseURL, 'POST', '/trades', {
        orderId: order.id,
        amountFiat: '50000',
        paymentMethod: 'sberbank',
      });
      const act = (page: Page, action: string, payload: object = {}) =>
        api(page, baseURL, 'POST', `/trades/${opened.trade.id}/actions`, { action, payload });
      await act(buyer, 'mark_paid', { payer: { bank: 'sberbank', last4: '3030', name: 'Покупатель' } });
      // The first confirmation takes a code (a recovery code here) and opens this session's
      // step-up window: the second needs none.
      await act(owner, 'confirm_payment', i === 0 ? { totpCode: recovery[0] } : {});
      await act(owner, 'release_crypto');
    }
    const balance = await balanceOf(owner, baseURL, 'BTC');
    expect(balance.total).toBe(fromUnits(toUnits(DEPOSIT) - toUnits(SOLD)));
    expect(balance.locked).toBe('0.00000000');
  });

  let withdrawalId = '';
  it('withdraws the rest to an outside address with Max and a two-factor code', async () => {
    await owner.goto(`${baseURL}/wallet`);
    await btcCard().getByRole('button', { name: 'Вывести BTC' }).click();
    const dialog = owner.getByRole('dialog');
    await dialog.getByText('Шаг 2 из 3').waitFor();
    const cont = dialog.getByRole('button', { name: 'Продолжить' });
    await dialog.getByLabel('Адрес получателя').fill('bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4');
    await dialog.getByText('Неверный формат адреса для сети Bitcoin').waitFor();
    await dialog.getByLabel('Адрес получателя').fill(OUTSIDE);
    await dialog.getByLabel('Сумма').fill('0.05');
    await dialog.getByText('Недостаточно средств. Доступно: 0.03 BTC').waitFor();
    expect(await cont.isDisabled()).toBe(true);
    await dialog.getByRole('button', { name: /Вставить максимальную сумму/ }).click();
    expect(await dialog.getByLabel('Сумма').inputValue()).toBe('0.0295');
    const quote = dialog.getByTestId('withdraw-quote');
    await quote.getByText('0,00050000 BTC').waitFor();
    await quote.getByText('0,03000000 BTC').waitFor();
    await dialog.getByText('Сохранить адрес в список').click();
    await dialog.getByLabel('Название адреса').fill('Холодный кошелек');
    await screenshot(owner, 'withdraw-details-desktop', { fullPage: false });
    await cont.click();

    await dialog.getByText('Шаг 3 из 3').waitFor();
    await dialog.getByLabel('Код двухфакторной аутентификации').fill(await totpCode(secret));
    await dialog.getByRole('button', { name: 'Отправить заявку' }).click();
    await dialog.getByText('Заявка на вывод создана и будет рассмотрена').waitFor(LIVE);
    await dialog.getByRole('button', { name: 'Закрыть' }).click();
    await expect.poll(() => btcCard().getByTestId('balance-locked').textContent(), LIVE).toBe('0,03000000');
    expect(await btcCard().getByTestId('balance-available').textContent()).toBe('0,00000000');

    const saved = await api<{ label: string; address: string }[]>(
      owner,
      baseURL,
      'GET',
      '/withdrawals/addresses',
    );
    expect(saved).toEqual([expect.objectContaining({ label: 'Холодный кошелек', address: OUTSIDE })]);
    const mine = await api<{ id: string; status: string; total: string }[]>(
      owner,
      baseURL,
      'GET',
      '/withdrawals/my-withdrawals',
    );
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ status: 'PENDING', total: '0.03000000' });
    withdrawalId = mine[0]?.id ?? '';
  });

  it('staff approve, claim and complete it; the history page follows live', async () => {
    await owner.goto(`${baseURL}/withdrawals/history`);
    const row = owner.getByTestId('withdrawal-row');
    await row.getByText('На рассмотрении').waitFor();
    await row.getByText('bcrt1qqq…ard0ew').waitFor();

    const staff = async (path: string, body?: unknown, token?: string) => {
      const response = await fetch(`${baseURL}/api/v1/admin${path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify(body ?? {}),
      });
      const json = (await response.json()) as { data: { accessToken: string } };
      expect(response.status, JSON.stringify(json)).toBe(200);
      return json.data;
    };
    const { accessToken } = await staff('/auth/login', E2E_STAFF);
    await staff(`/withdrawals/${withdrawalId}/approve`, {}, accessToken);
    await row.getByText('Одобрена').waitFor(LIVE);
    // Claimed («Отправить») before it is sent (docs/decisions/023): no cancel from here on.
    await staff(`/withdrawals/${withdrawalId}/processing`, {}, accessToken);
    await row.getByText('Отправляется', { exact: true }).waitFor(LIVE);
    expect(await row.getByRole('button', { name: 'Отменить' }).count()).toBe(0);
    const txHash = 'ab'.repeat(32);
    await staff(`/withdrawals/${withdrawalId}/complete`, { txHash }, accessToken);
    await row.getByText('Выполнена', { exact: true }).waitFor(LIVE);
    expect(await row.getByRole('link').getAttribute('href')).toBe(`https://mempool.space/tx/${txHash}`);
    expect(await row.getByRole('button', { name: 'Отменить' }).count()).toBe(0);
    await screenshot(owner, 'withdrawals-history-desktop');
  });

  it('the history shows every movement and its figures add up to the balance', async () => {
    const balance = await balanceOf(owner, baseURL, 'BTC');
    expect(balance).toMatchObject({ available: '0.00000000', locked: '0.00000000', total: '0.00000000' });
    const history = await api<{
      transactions: { operation: string; totalChange: string; availableChange: string }[];
      total: number;
    }>(owner, baseURL, 'GET', '/wallet/transactions?currency=BTC&limit=200');
    const operations = history.transactions.map((r) => r.operation);
    for (const op of ['deposit', 'order_reserve', 'trade_release', 'withdrawal_request', 'withdrawal_sent']) {
      expect(operations).toContain(op);
    }
    const sum = (key: 'totalChange' | 'availableChange') =>
      history.transactions.reduce(
        (acc, r) => acc + toUnits(r[key].replace('-', '')) * (r[key].startsWith('-') ? -1n : 1n),
        0n,
      );
    expect(fromUnits(sum('totalChange'))).toBe(balance.total);
    expect(fromUnits(sum('availableChange'))).toBe(balance.available);

    await owner.goto(`${baseURL}/wallet`);
    const list = owner.getByTestId('tx-list');
    await list.waitFor();
    expect(await list.getByTestId('tx-row').count()).toBe(Math.min(history.total, 20));
    for (const label of [
      'Пополнение',
      'Резерв под ордер',
      'Сделка завершена',
      'Вывод: сумма заблокирована',
      'Вывод отправлен',
    ]) {
      await list.getByText(label, { exact: true }).first().waitFor();
    }
    await list.getByText('+0,05000000 BTC').waitFor();
    await owner.getByLabel('Тип операции').selectOption('withdrawal');
    await expect.poll(() => list.getByTestId('tx-row').count()).toBe(2);
    const download = owner.waitForEvent('download');
    await owner.getByRole('button', { name: 'Скачать CSV' }).click();
    expect((await download).suggestedFilename()).toMatch(/^transactions-\d{4}-\d{2}-\d{2}\.csv$/);
    await owner.getByLabel('Тип операции').selectOption('');
    await screenshot(owner, 'wallet-history-desktop');
    expect(dialogs).toEqual([]);
  });

  it('the same screens on a phone (390 px)', async () => {
    const phone = await (await newContext(browser, 'phone')).newPage();
    await signIn(phone, baseURL, { fresh: username }, { returnTo: '/wallet' });
    expect((await storedUser(phone)).id).toBe((await storedUser(owner)).id);
    await phone.getByTestId('tx-list').waitFor();
    await screenshot(phone, 'wallet-phone');
    await phone.getByTestId('balance-BTC').getByRole('button', { name: 'Пополнить BTC' }).click();
    await phone.getByRole('dialog').getByLabel('Сумма пополнения').fill(DEPOSIT);
    await phone.getByRole('dialog').getByRole('button', { name: 'Получить адрес' }).click();
    await phone.getByRole('dialog').getByTestId('deposit-address').waitFor();
    await screenshot(phone, 'deposit-address-phone', { fullPage: false });
    await phone.getByRole('dialog').getByRole('button', { name: 'Готово' }).click();
    await phone.getByTestId('balance-BTC').getByRole('button', { name: 'Вывести BTC' }).click();
    await phone.getByRole('dialog').getByText('Шаг 2 из 3').waitFor();
    await screenshot(phone, 'withdraw-phone', { fullPage: false });
    await phone.goto(`${baseURL}/withdrawals/history`);
    await phone.getByTestId('withdrawal-row').waitFor();
    await screenshot(phone, 'withdrawals-history-phone');
    await phone.goto(`${baseURL}/settings/security`);
    await phone.getByText(/Включена с/).waitFor();
    await screenshot(phone, 'security-phone');
  });
});
