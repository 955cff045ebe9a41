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
  markPaid,
  ruAmount,
  signIn,
  storedUser,
  toUnits,
  tradeIdOf,
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

  it('sells part of it to a second user in the browser: offer, trade, details, paid, confirmed, released', async () => {
    recovery = await enrolTwoFactor(owner, baseURL);
    await api(owner, baseURL, 'POST', '/orders', {
      type: 'sell',
      cryptocurrency: 'DOGE',
      amount_crypto: SOLD,
      price_per_unit: '14',
      min_amount: '1000',
      max_amount: '8400',
      payment_methods: ['sberbank'],
      time_limit: 30,
    });
    await api(owner, baseURL, 'POST', '/payment-templates', {
      name: 'Карта для DOGE',
      type: 'BANK_CARD',
      details: { bankName: 'Сбербанк', cardNumber: '4276380012345679', holderName: 'DOGE SELLER' },
    });

    // The buyer finds the offer under DOGE and opens a trade for all of it: 8 400 ₽ at 14 ₽.
    await buyer.goto(`${baseURL}/?crypto=DOGE`);
    const card = buyer.locator('.order-card').filter({ hasText: 'Дож Продавец' });
    await card.waitFor(LIVE);
    await card.getByRole('button', { name: 'Купить DOGE' }).click();
    const panel = buyer.locator('dialog.side-panel');
    await panel.getByLabel(/^Сумма сделки/).fill('8400');
    await panel.getByLabel('Способ оплаты').selectOption({ label: 'Сбербанк' });
    await panel.locator('form').getByRole('button', { name: 'Купить DOGE' }).click();
    await buyer.waitForURL(/\/trade\/[0-9a-f-]{36}$/, LIVE);
    const tradeId = tradeIdOf(buyer);
    await buyer.getByRole('heading', { name: /Покупка DOGE/ }).waitFor();

    // The seller sends the card, the buyer pays and says so.
    await owner.goto(`${baseURL}/trade/${tradeId}`);
    await owner.getByRole('heading', { name: /Продажа DOGE/ }).waitFor();
    const send = owner.locator('.send-details');
    await expect
      .poll(() => send.getByLabel('Способ оплаты').locator('option:checked').textContent(), LIVE)
      .toContain('Карта для DOGE');
    await send.getByRole('button', { name: 'Отправить реквизиты' }).click();
    await buyer.locator('.pay-details').getByText('4276 3800 1234 5679').waitFor(LIVE);
    await markPaid(buyer, { last4: '4040', name: (await storedUser(buyer)).firstName });

    // The seller confirms receipt with a second factor (a recovery code) and releases 600 DOGE.
    const confirmButton = owner.getByRole('button', { name: 'Подтвердить получение оплаты' });
    await confirmButton.waitFor(LIVE);
    await confirmButton.click();
    const confirm = owner.getByRole('dialog').filter({ hasText: 'Подтвердить получение оплаты?' });
    await confirm.getByLabel('Код подтверждения').fill(recovery[0] ?? '');
    await confirm.getByRole('button', { name: 'Да, деньги получены' }).click();
    await confirm.waitFor({ state: 'detached', ...LIVE });
    const release = owner.getByRole('button', { name: 'Отправить криптовалюту' });
    await release.waitFor(LIVE);
    for (const box of await owner.locator('#trade-checklist').getByRole('checkbox').all()) await box.check();
    await expect.poll(() => release.isEnabled()).toBe(true);
    await release.click();
    const dialog = owner.getByRole('dialog').filter({ hasText: 'Отправить криптовалюту?' });
    await dialog.getByRole('button', { name: /^Отправить 600(,0+)? DOGE/ }).click();
    for (const page of [owner, buyer]) {
      await page.locator('.tr-notice--success').getByText('Сделка завершена').waitFor(LIVE);
    }
    await screenshot(owner, 'doge-trade-completed-desktop', { fullPage: false });

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
