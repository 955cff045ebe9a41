import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newContext, screenshot } from '../support/browser';
import { api, forbidDialogs, LIVE, signIn, uniqueUsername } from '../support/journey';

// Trade limits in the trade form (docs/decisions/023, "Limits"): a new account sees its cap
// as the largest amount before typing one, and once it holds its two open purchases it is told
// why instead of a form the server would refuse.

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

/** Alice's demo offer: 0.2 BTC at 6 150 000 ₽, up to 1 230 000 ₽ a trade. */
const ALICE_PRICE = /6\s150\s000/;

async function open(viewport: 'desktop' | 'phone', dialogs: string[], state?: BrowserContext) {
  const context = await newContext(
    browser,
    viewport,
    state ? { storageState: await state.storageState() } : {},
  );
  contexts.push(context);
  const page = await context.newPage();
  forbidDialogs(page, dialogs);
  return { page, context };
}

/** The market filtered to BTC by Sberbank, and the trade form of Alice's offer opened. */
async function openAlicesForm(page: Page) {
  await page.goto(`${baseURL}/?crypto=BTC&method=sberbank`);
  const card = page.locator('.order-card--buy').filter({ hasText: ALICE_PRICE });
  await card.waitFor(LIVE);
  await card.getByRole('button', { name: 'Купить BTC' }).click();
  const panel = page.locator('dialog.side-panel');
  await panel.getByRole('heading', { name: 'Детали ордера' }).waitFor();
  return panel;
}

describe('a new account on the market', () => {
  const dialogs: string[] = [];
  let buyer: Page;
  let buyerCtx: BrowserContext;

  it('is offered at most 50 000 ₽, not the order’s 1 230 000 ₽, before typing an amount', async () => {
    ({ page: buyer, context: buyerCtx } = await open('desktop', dialogs));
    await signIn(
      buyer,
      baseURL,
      { fresh: uniqueUsername('limit') },
      { returnTo: '/', displayName: 'Новичок' },
    );
    const panel = await openAlicesForm(buyer);
    const form = panel.locator('form');
    await form.getByTestId('new-account-cap').waitFor(LIVE);
    expect((await form.getByTestId('new-account-cap').textContent())?.replace(/\s/g, ' ')).toBe(
      'Лимит нового аккаунта: до 50 000,00 ₽ за сделку. Он снимается после 5 завершенных сделок',
    );
    await form.getByText(/От 1\s000,00\s₽ до 50\s000,00\s₽/).waitFor();
    await form.getByRole('button', { name: 'Макс' }).click();
    expect(await form.getByLabel(/^Сумма сделки/).inputValue()).toBe('50000.00');
    await screenshot(buyer, 'limits-new-account-cap', { fullPage: false });
  });

  it('holding two open purchases, is told why instead of the form (phone)', async () => {
    const book = await api<{ orders: { id: string; price_per_unit: string }[] }>(
      buyer,
      baseURL,
      'GET',
      '/orders?type=sell&cryptocurrency=BTC&payment_method=sberbank',
    );
    const alices = book.orders.find((o) => o.price_per_unit.startsWith('6150000'));
    if (!alices) throw new Error("alice's BTC offer is not in the book");
    for (let i = 0; i < 2; i++) {
      await api(buyer, baseURL, 'POST', '/trades', {
        orderId: alices.id,
        amountFiat: '5000',
        paymentMethod: 'sberbank',
      });
    }
    const { page: phone } = await open('phone', dialogs, buyerCtx);
    const panel = await openAlicesForm(phone);
    const notice = panel.getByTestId('trade-limit');
    await notice.waitFor(LIVE);
    expect(await notice.textContent()).toContain(
      'Новый аккаунт может держать не больше 2 открытых сделок покупки одновременно (сейчас 2).',
    );
    expect(await panel.getByLabel(/^Сумма сделки/).count()).toBe(0);
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(phone, 'limits-open-trades-full-phone', { fullPage: false });
    expect(dialogs).toEqual([]);
  });
});
