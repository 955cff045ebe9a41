import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client.ts';
import { adminLogin, createStaffMember } from '../admin/factories.ts';
import { createOrder, createUser, expectLedgerSound, fund } from '../factories.ts';
import { createTestApp, servicesOf, type TestApp } from '../helpers.ts';
import { type PriceStub, startPriceStub } from '../market/price-stub.ts';
import { type Api, api, DISPUTE } from './support.ts';

// Trade limits (docs/decisions/023-trust-and-safety.md, "Limits"), with the default settings:
// a new account (< 5 completed trades) holds 2 open purchases and trades up to 50 000 ₽;
// 3 cancellations or expiries as buyer within 24 h suspend taking trades for 24 h; 2 disputes
// lost suspend it until an admin lifts it.

let t: TestApp;
let http: Api;
let stub: PriceStub;
let staffEmails: { moderator: string; admin: string };
const HOUR = 3_600_000;

beforeAll(async () => {
  stub = await startPriceStub();
  // The feed's rate: 1 USDT = 1.25 USD = 100 RUB, so 50 000 ₽ = 625.00 $.
  stub.body = { tether: { usd: 1.25, rub: 100 } };
  t = await createTestApp({ PRICE_API_URL: stub.url });
  http = api(t);
  staffEmails = {
    moderator: (await createStaffMember(t, { role: 'moderator' })).email,
    admin: (await createStaffMember(t, { role: 'admin' })).email,
  };
});
afterAll(async () => {
  await expectLedgerSound(t.ctx);
  await t.close();
  await stub.close();
});

/** A funded seller's sell order of `btc` at 5 000 000 ₽ (or `price` in `fiat`). */
async function sellOrder(btc = '1', overrides: Record<string, string> = {}) {
  const seller = await createUser(t.ctx);
  await fund(t.ctx, seller.id, 'BTC', btc);
  const { id } = await createOrder(t.ctx, seller.id, { amount_crypto: btc, ...overrides });
  return { sellerId: seller.id, orderId: id };
}

/** A fresh staff session (the clock moves by days here; staff tokens live 15 minutes). */
async function staff(role: 'moderator' | 'admin') {
  const res = await adminLogin(t.app, staffEmails[role]);
  expect(res.statusCode, res.body).toBe(200);
  return { authorization: `Bearer ${res.json().data.accessToken}` };
}

function open(buyerId: string, orderId: string, amountFiat = '5000') {
  return http.post('/trades', buyerId, { orderId, amountFiat, paymentMethod: 'sberbank' });
}

async function opened(buyerId: string, orderId: string, amountFiat = '5000'): Promise<string> {
  const res = await open(buyerId, orderId, amountFiat);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().tradeId as string;
}

async function act(tradeId: string, userId: string, action: string, payload?: Record<string, unknown>) {
  const res = await http.act(tradeId, userId, action, payload);
  expect(res.statusCode, res.body).toBe(200);
}

async function complete(tradeId: string, buyerId: string, sellerId: string) {
  await act(tradeId, buyerId, 'mark_paid');
  await act(tradeId, sellerId, 'confirm_payment');
  await act(tradeId, sellerId, 'release_crypto');
}

/** A trade paid and disputed, then resolved by a moderator: `release` (the seller lost) or `refund`. */
async function lostDispute(buyerId: string, order: { sellerId: string; orderId: string }, outcome: string) {
  const tradeId = await opened(buyerId, order.orderId);
  await act(tradeId, buyerId, 'mark_paid');
  await act(tradeId, buyerId, 'dispute_trade', DISPUTE);
  const moderator = await staff('moderator');
  await t.app.inject({ method: 'POST', url: `/api/v1/admin/disputes/${tradeId}/take`, headers: moderator });
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/v1/admin/trades/${tradeId}/resolve`,
    headers: moderator,
    payload: { outcome, note: 'Решение по выписке банка' },
  });
  expect(res.statusCode, res.body).toBe(200);
}

async function limitsOf(userId: string) {
  const res = await http.get('/users/me/limits', userId);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

function expectRefusal(
  res: { statusCode: number; body: string; json(): { error: string } },
  details: Record<string, unknown>,
) {
  expect(res.statusCode, res.body).toBe(403);
  expect(res.json()).toMatchObject({ success: false, code: 'LIMIT_REACHED', details });
  return res.json().error as string;
}

describe('open trades as a buyer', () => {
  it('a new account holds two open purchases: the third is refused until one completes', async () => {
    const buyer = await createUser(t.ctx);
    const a = await sellOrder();
    const b = await sellOrder();
    const first = await opened(buyer.id, a.orderId);
    await opened(buyer.id, b.orderId);
    const third = await open(buyer.id, b.orderId);
    const text = expectRefusal(third, { limit: 'open_trades', max: 2, current: 2 });
    expect(text).toBe(
      'Лимит нового аккаунта: не больше 2 открытых сделок покупки одновременно (сейчас 2). После 5 завершенных сделок лимит вырастет до 10',
    );
    expect(await limitsOf(buyer.id)).toMatchObject({ newAccount: true, openTrades: { current: 2, max: 2 } });

    await complete(first, buyer.id, a.sellerId);
    await opened(buyer.id, b.orderId);
  });

  it('five counted trades make an account not new: ten open purchases, no amount cap', async () => {
    const buyer = await createUser(t.ctx);
    // Five sellers, each trade above 1 000 ₽, and 72 hours after the first (docs/decisions/035).
    for (let i = 0; i < 5; i++) {
      const order = await sellOrder('1');
      await complete(await opened(buyer.id, order.orderId), buyer.id, order.sellerId);
    }
    expect(await limitsOf(buyer.id)).toMatchObject({ newAccount: true, completedTrades: 0 });
    t.clock.advance(72 * HOUR);
    const order = await sellOrder('2');
    expect(await limitsOf(buyer.id)).toMatchObject({
      newAccount: false,
      completedTrades: 5,
      openTrades: { current: 0, max: 10 },
      maxTradeAmount: null,
    });
    for (let i = 0; i < 10; i++) await opened(buyer.id, order.orderId, '60000');
    const res = await open(buyer.id, order.orderId, '60000');
    const text = expectRefusal(res, { limit: 'open_trades', max: 10, current: 10 });
    expect(text).toContain('10 из 10');
  });
});

describe("a new account's trade size", () => {
  it('50 000 ₽ is accepted, a kopeck more is refused with the cap in the text', async () => {
    const buyer = await createUser(t.ctx);
    const order = await sellOrder();
    const res = await open(buyer.id, order.orderId, '50000.01');
    const text = expectRefusal(res, { limit: 'new_account_amount', max: '50000.00' });
    expect(text).toBe(
      'Лимит нового аккаунта: сделка не больше 50\u00a0000,00 ₽. Он снимается после 5 завершенных сделок',
    );
    expect((await open(buyer.id, order.orderId, '50000')).statusCode).toBe(200);
    const en = await t.app.inject({
      method: 'POST',
      url: '/api/v1/trades',
      headers: { ...(await http.auth(buyer.id)), 'accept-language': 'en' },
      payload: { orderId: order.orderId, amountFiat: '60000', paymentMethod: 'sberbank' },
    });
    expect(en.json().error).toBe(
      'New account limit: a trade of at most 50\u00a0000,00 ₽. It lifts after 5 completed trades',
    );
  });

  it('a dollar order is capped at the price feed rate, in exact integers', async () => {
    const buyer = await createUser(t.ctx);
    // 1 BTC at 60 000 $: the order is worth 60 000 $, far above the cap.
    const order = await sellOrder('1', { fiat_currency: 'USD', price_per_unit: '60000', min_amount: '10' });
    expect((await limitsOf(buyer.id)).maxTradeAmount).toEqual({ RUB: '50000.00', USD: '625.00' });
    expectRefusal(await open(buyer.id, order.orderId, '625.01'), {
      limit: 'new_account_amount',
      max: '625.00',
    });
    expect((await open(buyer.id, order.orderId, '625.00')).statusCode).toBe(200);
  });

  it('with the feed down, the fallback rate (93 ₽ per dollar) sets the cap', async () => {
    stub.mode = 'error';
    // Past the age a cached answer may stand in for a failing feed.
    t.clock.advance(11 * 60_000);
    try {
      const buyer = await createUser(t.ctx);
      const order = await sellOrder('1', { fiat_currency: 'USD', price_per_unit: '60000', min_amount: '10' });
      // 50 000 / 93 = 537.634...: rounded down to the cent.
      expect((await limitsOf(buyer.id)).maxTradeAmount).toEqual({ RUB: '50000.00', USD: '537.63' });
      expectRefusal(await open(buyer.id, order.orderId, '537.64'), { max: '537.63' });
      expect((await open(buyer.id, order.orderId, '537.63')).statusCode).toBe(200);
    } finally {
      stub.mode = 'ok';
    }
  });
});

describe('cancellations and expiries as a buyer', () => {
  it('three within 24 h suspend taking trades, on either side, for 24 h from the last one', async () => {
    t.clock.set(new Date('2026-11-21T09:00:00Z'));
    const buyer = await createUser(t.ctx);
    const order = await sellOrder();
    await act(await opened(buyer.id, order.orderId), buyer.id, 'cancel_trade');
    t.clock.advance(HOUR);
    await act(await opened(buyer.id, order.orderId), buyer.id, 'cancel_trade');
    t.clock.advance(HOUR);
    // The third lets the payment time run out: the scheduler cancels it.
    await opened(buyer.id, order.orderId);
    t.clock.advance(31 * 60_000);
    const trades = servicesOf(t.ctx).trades;
    // Earlier tests' unpaid trades are due by now as well.
    while (await trades.runDue('payment', t.clock.now()));
    const last = t.clock.now();
    const until = new Date(last.getTime() + 24 * HOUR);
    expect(await limitsOf(buyer.id)).toMatchObject({
      cancellations: { current: 3, max: 3, windowHours: 24, suspensionHours: 24 },
      suspensions: [{ limit: 'cancellations', since: last.toISOString(), until: until.toISOString() }],
    });

    const text = expectRefusal(await open(buyer.id, order.orderId), {
      limit: 'cancellations',
      max: 3,
      current: 3,
      until: until.toISOString(),
    });
    // The expiry at 2026-11-21 11:31 UTC, + 24 h, in the buyer's zone (Moscow by default).
    expect(text).toBe(
      'Открытие сделок приостановлено до 22.11.2026, 14:31 МСК: 3 отмены или просрочки оплаты за 24 часа',
    );
    await t.ctx.db.execute(sql`UPDATE users SET time_zone = 'Asia/Yekaterinburg' WHERE id = ${buyer.id}`);
    expect(expectRefusal(await open(buyer.id, order.orderId), { limit: 'cancellations' })).toContain(
      'до 22.11.2026, 16:31 (UTC+5):',
    );
    // Selling into a buy order is taking a trade too.
    const owner = await createUser(t.ctx);
    await fund(t.ctx, buyer.id, 'BTC', '0.01');
    const { id: buyOrderId } = await createOrder(t.ctx, owner.id, { type: 'buy', amount_crypto: '0.1' });
    expectRefusal(await open(buyer.id, buyOrderId), { limit: 'cancellations' });

    t.clock.set(new Date(until.getTime() - 60_000));
    expectRefusal(await open(buyer.id, order.orderId), { limit: 'cancellations' });
    t.clock.set(until);
    await opened(buyer.id, order.orderId);
    expect((await limitsOf(buyer.id)).suspensions).toEqual([]);
  });

  it("a seller's cancellation is not the buyer's, and three spread over more than 24 h suspend nothing", async () => {
    const buyer = await createUser(t.ctx);
    const order = await sellOrder();
    for (let i = 0; i < 3; i++)
      await act(await opened(buyer.id, order.orderId), order.sellerId, 'cancel_trade');
    expect((await limitsOf(buyer.id)).cancellations.current).toBe(0);

    const slow = await createUser(t.ctx);
    await act(await opened(slow.id, order.orderId), slow.id, 'cancel_trade');
    await act(await opened(slow.id, order.orderId), slow.id, 'cancel_trade');
    t.clock.advance(24 * HOUR + 60_000);
    await act(await opened(slow.id, order.orderId), slow.id, 'cancel_trade');
    expect(await limitsOf(slow.id)).toMatchObject({ cancellations: { current: 1 }, suspensions: [] });
    await opened(slow.id, order.orderId);
  });
});

describe('disputes lost', () => {
  it('two lost as the buyer suspend taking trades until an admin lifts it; the lift forgives them', async () => {
    const buyer = await createUser(t.ctx);
    const order = await sellOrder();
    await lostDispute(buyer.id, order, 'refund');
    await lostDispute(buyer.id, order, 'refund');
    const refused = await open(buyer.id, order.orderId);
    const text = expectRefusal(refused, { limit: 'lost_disputes', max: 2, current: 2 });
    expect(refused.json().details.until).toBeUndefined();
    expect(text).toBe(
      'Открытие сделок приостановлено: проиграно 2 спора. Снять ограничение может служба поддержки',
    );
    // Time alone does not lift it.
    t.clock.advance(30 * 24 * HOUR);
    const later = await sellOrder();
    expectRefusal(await open(buyer.id, later.orderId), { limit: 'lost_disputes' });

    const lift = (headers: Record<string, string>, reason = 'Выписки проверены, ошибка банка') =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/admin/users/${buyer.id}/limits/lift`,
        headers,
        payload: { reason },
      });
    expect((await lift(await staff('moderator'))).statusCode).toBe(403);
    const view = await t.app.inject({
      method: 'GET',
      url: `/api/v1/admin/users/${buyer.id}/limits`,
      headers: await staff('moderator'),
    });
    expect(view.json().data).toMatchObject({
      lostDisputes: { current: 2, max: 2 },
      suspensions: [{ limit: 'lost_disputes', until: null }],
      lifts: [],
    });

    const admin = await staff('admin');
    const lifted = await lift(admin);
    expect(lifted.statusCode, lifted.body).toBe(200);
    expect(lifted.json().data).toMatchObject({
      lostDisputes: { current: 0 },
      suspensions: [],
      lifts: [
        { reason: 'Выписки проверены, ошибка банка', lifted: [{ limit: 'lost_disputes', until: null }] },
      ],
    });
    const [audit] = await queryRows<{ note: string; before_state: { lostDisputes: number } }>(
      t.ctx.db,
      sql`SELECT note, before_state FROM audit_logs WHERE action = 'user.limits_lift' AND entity_id = ${buyer.id}`,
    );
    expect(audit).toMatchObject({
      note: 'Выписки проверены, ошибка банка',
      before_state: { lostDisputes: 2 },
    });
    expect((await lift(admin)).statusCode).toBe(409);

    // Forgiven: one more loss (a minute later) is one, not three.
    t.clock.advance(60_000);
    await lostDispute(buyer.id, later, 'refund');
    expect((await limitsOf(buyer.id)).lostDisputes.current).toBe(1);
    await opened(buyer.id, later.orderId);
  });

  it('a release after a dispute is lost by the seller, who may not take trades either', async () => {
    const seller = await createUser(t.ctx);
    await fund(t.ctx, seller.id, 'BTC', '1');
    const { id: orderId } = await createOrder(t.ctx, seller.id, { amount_crypto: '1' });
    await lostDispute((await createUser(t.ctx)).id, { sellerId: seller.id, orderId }, 'release');
    await lostDispute((await createUser(t.ctx)).id, { sellerId: seller.id, orderId }, 'release');
    const other = await sellOrder();
    expectRefusal(await open(seller.id, other.orderId), { limit: 'lost_disputes', max: 2, current: 2 });
  });
});

describe("a buy order's owner is the buyer of its trades", () => {
  it("sellers taking it meet the owner's open-trade limit and cap, not told when it lifts", async () => {
    const owner = await createUser(t.ctx);
    const { id: orderId } = await createOrder(t.ctx, owner.id, { type: 'buy', amount_crypto: '1' });
    const seller = async () => {
      const s = await createUser(t.ctx);
      await fund(t.ctx, s.id, 'BTC', '0.1');
      return s.id;
    };
    const big = await open(await seller(), orderId, '60000');
    const capText = expectRefusal(big, { limit: 'new_account_amount', max: '50000.00', party: 'owner' });
    expect(capText).toBe(
      'Покупатель по этому ордеру — новый аккаунт: сделка с ним не больше 50\u00a0000,00 ₽',
    );
    const first = await opened(await seller(), orderId);
    await opened(await seller(), orderId);
    const third = await open(await seller(), orderId);
    expectRefusal(third, { limit: 'open_trades', max: 2, current: 2, party: 'owner' });
    // The owner's own purchases count against the same limit.
    expect(await limitsOf(owner.id)).toMatchObject({ openTrades: { current: 2, max: 2 } });
    expectRefusal(await open(owner.id, (await sellOrder()).orderId), { limit: 'open_trades', current: 2 });

    // The owner lets two more trades lapse: three failures suspend them, and sellers are told only that.
    await act(first, owner.id, 'cancel_trade');
    const second = await opened(await seller(), orderId);
    await act(second, owner.id, 'cancel_trade');
    const last = await opened(await seller(), orderId);
    await act(last, owner.id, 'cancel_trade');
    const suspended = await open(await seller(), orderId);
    expectRefusal(suspended, { limit: 'cancellations', party: 'owner' });
    expect(suspended.json().details.until).toBeUndefined();
    expect(suspended.json().error).toBe(
      'Покупатель по этому ордеру сейчас не может открывать сделки. Выберите другой ордер',
    );
  });
});
