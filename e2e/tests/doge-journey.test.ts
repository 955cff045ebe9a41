import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newContext, screenshot } from '../support/browser';
import {
  api,
  balanceOf,
  enrolTwoFactor,
  forbidDialogs,
  fromUnits,
  LIVE,
  ruAmount,
  signIn,
  toUnits,
  uniqueUsername,
} from '../support/journey';
import { E2E_STAFF } from '../support/server';

/**
 * Dogecoin end to end in the browser (docs/decisions/031-doge-sol-ada.md): a user deposits DOGE on
 * the devnet and watches it reach its 40 confirmations, sells part of it to a second user in a
 * trade (order -> trade -> paid -> released), and withdraws the rest with a second-factor code;
 * staff complete the withdrawal and its history links the Dogecoin explorer.
 */
const baseURL = inject('baseURL');
const DEPOSIT = '1500';
const SOLD = '600';
/** A valid test-network (devnet) Dogecoin address that belongs to nobody on the platform. */
const OUTSIDE = 'nUeyMMRQqUErbvepbLYAGTe3NMEhJJ8VtD';

let browser: Browser;
let owner: Page;
let buyer: Page;
const dialogs: string[] = [];
let recovery: string[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  owner = await (await newContext(browser, 'desktop', { viewport: { width: 1366, height: 900 } })).newPage();
  buyer = await (await newContext(browser, 'desktop')).newPage();
  forbidDialogs(owner, dialogs);
  await signIn(
    owner,
    baseURL,
    { fresh: uniqueUsername('doge') },
    { returnTo: '/wallet', displayName: 'Дож Продавец' },
  );
  await signIn(buyer, baseURL, { fresh: uniqueUsername('dbuyer') }, { displayName: 'Покупатель Дожа' });
});
afterAll(async () => {
  await browser?.close();
});

const dogeCard = () => owner.getByTestId('balance-DOGE');
const mine = (count: number) => api(owner, baseURL, 'POST', '/dev/chain/DOGE/blocks', { count });

describe('DOGE journey: deposit on the devnet, trade, withdrawal with two-factor', () => {
  it('the wallet lists DOGE; a deposit address n… is credited at exactly 40 confirmations', async () => {
    await owner.getByRole('heading', { level: 1, name: 'Кошелек' }).waitFor();
    for (const coin of ['SOL', 'ADA', 'DOGE']) await owner.getByTestId(`balance-${coin}`).waitFor();
    await expect.poll(() => dogeCard().getByTestId('balance-total').textContent()).toContain('0,00000000');

    await dogeCard().getByRole('button', { name: 'Пополнить DOGE' }).click();
    const dialog = owner.getByRole('dialog');
    await dialog.getByText('Шаг 2 из 3').waitFor();
    await dialog.getByLabel('Сумма пополнения').fill('5');
    await dialog.getByText('Минимальная сумма пополнения: 10 DOGE').waitFor();
    await dialog.getByLabel('Сумма пополнения').fill(DEPOSIT);
    await dialog.getByRole('button', { name: 'Получить адрес' }).click();
    const address = (await dialog.getByTestId('deposit-address').textContent())?.trim() ?? '';
    expect(address).toMatch(/^n[1-9A-HJ-NP-Za-km-z]{33}$/);
    await dialog
      .getByText(/Зачисление после 40 подтверждений; перевод меньше 10 DOGE не зачисляется/)
      .waitFor();
    await screenshot(owner, 'doge-deposit-address-desktop', { fullPage: false });

    await dialog.getByRole('button', { name: /Отправить тестовый перевод/ }).click();
    const row = dialog.getByTestId('deposit-row');
    await row.waitFor(LIVE);
    await expect
      .poll(() => row.getByTestId('deposit-confirmations').textContent(), LIVE)
      .toBe('Подтверждений: 0/40');
    await mine(39);
    await expect
      .poll(() => row.getByTestId('deposit-confirmations').textContent(), LIVE)
      .toBe('Подтверждений: 39/40');
    expect(await dogeCard().getByTestId('balance-available').textContent()).toBe('0,00000000');
    await mine(1);
    await expect
      .poll(() => dogeCard().getByTestId('balance-available').textContent(), LIVE)
      .toBe(ruAmount(DEPOSIT));
    await dialog.getByRole('button', { name: 'Готово' }).click();
    expect((await balanceOf(owner, baseURL, 'DOGE')).available).toBe('1500.00000000');
    await screenshot(owner, 'doge-wallet-credited-desktop');
  });

  it('sells part of it to a second user: order, trade, paid, released', async () => {
    recovery = await enrolTwoFactor(owner, baseURL);
    const order = await api<{ id: string }>(owner, baseURL, 'POST', '/orders', {
      type: 'sell',
      cryptocurrency: 'DOGE',
      amount_crypto: SOLD,
      price_per_unit: '14',
      min_amount: '1000',
      max_amount: '8400',
      payment_methods: ['sberbank'],
      time_limit: 30,
    });
    // the market lists it under DOGE
    await buyer.goto(`${baseURL}/?crypto=DOGE`);
    await buyer.getByText('Дож Продавец').first().waitFor(LIVE);

    const opened = await api<{ trade: { id: string; amountCrypto: string } }>(
      buyer,
      baseURL,
      'POST',
      '/trades',
      {
        orderId: order.id,
        amountFiat: '8400',
        paymentMethod: 'sberbank',
      },
    );
    const act = (page: Page, action: string, payload: object = {}) =>
      api(page, baseURL, 'POST', `/trades/${opened.trade.id}/actions`, { action, payload });
    await act(buyer, 'mark_paid', { payer: { bank: 'sberbank', last4: '4040', name: 'Покупатель' } });
    await act(owner, 'confirm_payment', { totpCode: recovery[0] });
    await act(owner, 'release_crypto');

    const balance = await balanceOf(owner, baseURL, 'DOGE');
    expect(balance.total).toBe(fromUnits(toUnits(DEPOSIT) - toUnits(SOLD)));
    expect(balance.locked).toBe('0.00000000');
    // the buyer receives the coins less the trade fee (0.1 % by default: 0.6 DOGE)
    expect((await balanceOf(buyer, baseURL, 'DOGE')).available).toBe('599.40000000');
  });

  let withdrawalId = '';
  it('withdraws the rest with Max and a second-factor code; a mainnet address is refused on the devnet', async () => {
    await owner.goto(`${baseURL}/wallet`);
    await dogeCard().getByRole('button', { name: 'Вывести DOGE' }).click();
    const dialog = owner.getByRole('dialog');
    await dialog.getByText('Шаг 2 из 3').waitFor();
    await dialog.getByLabel('Адрес получателя').fill('DBus3bamQjgJULBJtYXpEzDWQRwF5iwxgC');
    await dialog.getByText('Неверный формат адреса для сети Dogecoin').waitFor();
    await dialog.getByLabel('Адрес получателя').fill(OUTSIDE);
    await dialog.getByRole('button', { name: /Вставить максимальную сумму/ }).click();
    expect(await dialog.getByLabel('Сумма').inputValue()).toBe('898');
    const quote = dialog.getByTestId('withdraw-quote');
    await quote.getByText('2,00000000 DOGE').waitFor();
    await quote.getByText('900,00000000 DOGE').waitFor();
    await screenshot(owner, 'doge-withdraw-details-desktop', { fullPage: false });
    await dialog.getByRole('button', { name: 'Продолжить' }).click();

    await dialog.getByText('Шаг 3 из 3').waitFor();
    await dialog.getByLabel('Код двухфакторной аутентификации').fill(recovery[1] ?? '');
    await dialog.getByRole('button', { name: 'Отправить заявку' }).click();
    await dialog.getByText('Заявка на вывод создана и будет рассмотрена').waitFor(LIVE);
    await dialog.getByRole('button', { name: 'Закрыть' }).click();
    await expect
      .poll(() => dogeCard().getByTestId('balance-locked').textContent(), LIVE)
      .toBe('900,00000000');
    expect(await dogeCard().getByTestId('balance-available').textContent()).toBe('0,00000000');
    const mineList = await api<{ id: string; status: string; network: string; toAddress: string }[]>(
      owner,
      baseURL,
      'GET',
      '/withdrawals/my-withdrawals',
    );
    expect(mineList[0]).toMatchObject({ status: 'PENDING', network: 'DOGE', toAddress: OUTSIDE });
    withdrawalId = mineList[0]?.id ?? '';
  });

  it('staff approve, claim and complete it; the history links the Dogecoin explorer', async () => {
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
    await staff(`/withdrawals/${withdrawalId}/processing`, {}, accessToken);
    const txHash = 'cd'.repeat(32);
    await staff(`/withdrawals/${withdrawalId}/complete`, { txHash }, accessToken);

    await owner.goto(`${baseURL}/withdrawals/history`);
    const row = owner.getByTestId('withdrawal-row');
    await row.getByText('Выполнена', { exact: true }).waitFor(LIVE);
    expect(await row.getByRole('link').getAttribute('href')).toBe(
      `https://blockchair.com/dogecoin/transaction/${txHash}`,
    );
    expect(await balanceOf(owner, baseURL, 'DOGE')).toMatchObject({ total: '0.00000000' });

    await owner.goto(`${baseURL}/wallet`);
    await owner.getByTestId('tx-list').waitFor();
    await owner
      .getByTestId('tx-list')
      .getByText(`+${ruAmount(DEPOSIT)} DOGE`)
      .waitFor();
    await screenshot(owner, 'doge-wallet-desktop');
    expect(dialogs).toEqual([]);
  });
});
