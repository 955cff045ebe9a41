import { formatCrypto, formatFiat, parseAmount } from '@p2p/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  balance,
  createOrder,
  createUser,
  expectLedgerSound,
  fund,
  sellOrderScenario,
} from '../factories.ts';
import { createTestApp, LAX_TRADE_LIMITS, type TestApp } from '../helpers.ts';
import { type Api, api, buyOrderScenario, tradesOnOrder } from './support.ts';

// POST /api/v1/trades: the rules of "Opening a trade" in docs/product/trading-rules.md.

let t: TestApp;
let http: Api;
beforeAll(async () => {
  t = await createTestApp(LAX_TRADE_LIMITS);
  http = api(t);
});
afterAll(async () => {
  await expectLedgerSound(t.ctx);
  await t.close();
});

const open = (userId: string, body: Record<string, unknown>, key?: string) =>
  http.post('/trades', userId, body, key ? { 'idempotency-key': key } : {});

async function orderAvailable(orderId: string) {
  return (await http.get(`/orders/${orderId}`, null)).json().data.available_amount as string;
}

/** Asserts a refused request created no trade and left the order and the buyer as they were. */
async function expectNothingCreated(orderId: string, ownerId: string, buyerId: string, available: string) {
  expect(await tradesOnOrder(http, orderId, ownerId)).toBe(0);
  expect(await orderAvailable(orderId)).toBe(available);
  expect((await http.get('/trades', buyerId)).json().data.total).toBe(0);
}

describe('who may trade', () => {
  it('refuses trading on your own order with 400 OWN_ORDER', async () => {
    const { seller, orderId } = await sellOrderScenario(t.ctx, '0.1');
    const res = await open(seller.id, { orderId, amountFiat: '50000', paymentMethod: 'sberbank' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      success: false,
      error: 'Вы не можете торговать со своим собственным ордером',
      code: 'OWN_ORDER',
      errorCode: 'OWN_ORDER',
    });
    expect(await tradesOnOrder(http, orderId, seller.id)).toBe(0);
    expect(await balance(t.ctx, seller.id)).toEqual({ available: 0n, locked: 10_000_000n });
  });

  it('answers 404 for an order that does not exist and 400 for a malformed id', async () => {
    const buyer = await createUser(t.ctx);
    const missing = await open(buyer.id, {
      orderId: '00000000-0000-4000-8000-000000000000',
      amountFiat: '50000',
      paymentMethod: 'sberbank',
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('NOT_FOUND');
    const malformed = await open(buyer.id, {
      orderId: 'order-1',
      amountFiat: '50000',
      paymentMethod: 'sberbank',
    });
    expect(malformed.statusCode).toBe(400);
  });

  it('answers 401 without a token', async () => {
    const { orderId } = await sellOrderScenario(t.ctx, '0.1');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/trades',
      payload: { orderId, amountFiat: '50000', paymentMethod: 'sberbank' },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('amount and payment method', () => {
  /** 0.1 BTC at 5 000 000 ₽ (500 000 ₽ in total), trades between 10 000 and 100 000 ₽. */
  async function limitedOrder() {
    return sellOrderScenario(t.ctx, '0.1', { min_amount: '10000', max_amount: '100000' });
  }

  it.each(['9999.99', '100000.01', '500000'])(
    'refuses %s ₽ outside the limits with "Сумма должна быть от ... до ..."',
    async (amountFiat) => {
      const { seller, buyer, orderId } = await limitedOrder();
      const res = await open(buyer.id, { orderId, amountFiat, paymentMethod: 'sberbank' });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatch(/^Сумма должна быть от 10\s000,00 до 100\s000,00$/);
      expect(res.json().details).toEqual({ min: '10000.00', max: '100000.00' });
      await expectNothingCreated(orderId, seller.id, buyer.id, '0.10000000');
    },
  );

  it.each([
    ['10000', '0.00200000'],
    ['100000', '0.02000000'],
  ])('accepts exactly the limit %s ₽', async (amountFiat, amountCrypto) => {
    const { buyer, orderId } = await limitedOrder();
    const res = await open(buyer.id, { orderId, amountFiat, paymentMethod: 'sberbank' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.trade.amountCrypto).toBe(amountCrypto);
  });

  it('uses the whole total as the default maximum', async () => {
    const { buyer, orderId } = await sellOrderScenario(t.ctx, '0.01');
    const order = (await http.get(`/orders/${orderId}`, null)).json().data;
    expect(order).toMatchObject({ total_amount: '50000.00', max_amount: '50000.00', min_amount: '1000.00' });
    const res = await open(buyer.id, { orderId, amountFiat: '50000', paymentMethod: 'sberbank' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await orderAvailable(orderId)).toBe('0.00000000');
  });

  it('refuses more than the order still has, though within its limits', async () => {
    // 0.01 BTC = 50 000 ₽; after 40 000 ₽ only 0.002 BTC (10 000 ₽) is left; 10 000.05 ₽ buys 0.00200001.
    const { seller, buyer, orderId } = await sellOrderScenario(t.ctx, '0.01');
    expect(
      (await open(buyer.id, { orderId, amountFiat: '40000', paymentMethod: 'sberbank' })).statusCode,
    ).toBe(200);
    const other = await createUser(t.ctx);
    const res = await open(other.id, { orderId, amountFiat: '10000.05', paymentMethod: 'sberbank' });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('RULE_VIOLATION');
    expect(await orderAvailable(orderId)).toBe('0.00200000');
    expect(await tradesOnOrder(http, orderId, seller.id)).toBe(1);
    // Exactly what is left still goes through.
    expect(
      (await open(other.id, { orderId, amountFiat: '10000', paymentMethod: 'sberbank' })).statusCode,
    ).toBe(200);
    expect(await orderAvailable(orderId)).toBe('0.00000000');
  });

  it.each(['vtb', 'cash', 'bitcoin-atm', ''])(
    'refuses the payment method %j that the order does not offer',
    async (paymentMethod) => {
      const { seller, buyer, orderId } = await sellOrderScenario(t.ctx, '0.1');
      const res = await open(buyer.id, { orderId, amountFiat: '50000', paymentMethod });
      expect(res.statusCode).toBe(400);
      await expectNothingCreated(orderId, seller.id, buyer.id, '0.10000000');
    },
  );

  it.each([
    ['an empty amount', ''],
    ['a JSON number', 50000],
    ['a negative amount', '-50000'],
    ['zero', '0'],
    ['an exponent', '5e4'],
    ['three decimals', '50000.001'],
    ['a huge amount', '999999999999999999999999'],
    ['letters', 'пятьдесят тысяч'],
  ])('refuses %s with 400', async (_name, amountFiat) => {
    const { seller, buyer, orderId } = await sellOrderScenario(t.ctx, '0.1');
    const res = await open(buyer.id, { orderId, amountFiat, paymentMethod: 'sberbank' });
    expect(res.statusCode, res.body).toBe(400);
    await expectNothingCreated(orderId, seller.id, buyer.id, '0.10000000');
  });
});

describe('the crypto amount', () => {
  it.each([
    // 5 000 / 7 000 000 = 0.000714285714...: rounding to nearest would give ...29
    ['7000000', '5000', '0.00071428', 71_428n],
    // 1 000 / 3 000 000 = 0.000333333...
    ['3000000', '1000', '0.00033333', 33_333n],
    // 1 234.56 / 6 543 210.99 = 0.000188675... (fiat cents and a price with kopecks)
    ['6543210.99', '1234.56', '0.00018867', 18_867n],
  ])(
    'at %s ₽ per BTC, %s ₽ buys floor(fiat / price) = %s BTC',
    async (price, amountFiat, amountCrypto, minor) => {
      const { seller, buyer, orderId } = await sellOrderScenario(t.ctx, '1', { price_per_unit: price });
      // The client's own computation is ignored; the server answers the amounts it used.
      const res = await open(buyer.id, {
        orderId,
        amountFiat,
        amountCrypto: '0.5',
        paymentMethod: 'tinkoff',
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.trade).toMatchObject({
        amountCrypto,
        amountFiat: formatFiat(parseAmount(amountFiat, 2)),
      });
      expect(res.json().data.escrow.amount).toBe(amountCrypto);
      expect(await orderAvailable(orderId)).toBe(formatCrypto(100_000_000n - minor));
      // The seller's coins stay locked, now split between the reserve and the escrow.
      expect(await balance(t.ctx, seller.id)).toEqual({ available: 0n, locked: 100_000_000n });
      // Completing it pays exactly that amount, less the fee rounded down.
      const tradeId = res.json().tradeId as string;
      await http.act(tradeId, buyer.id, 'mark_paid');
      await http.act(tradeId, seller.id, 'confirm_payment');
      await http.act(tradeId, seller.id, 'release_crypto');
      expect(await balance(t.ctx, buyer.id)).toEqual({ available: minor - minor / 1000n, locked: 0n });
    },
  );

  it('refuses an amount too small to buy a single satoshi', async () => {
    // 10 $ at 1e12 $ per coin = 1e-11 BTC, which rounds down to nothing.
    const seller = await createUser(t.ctx);
    const buyer = await createUser(t.ctx);
    await fund(t.ctx, seller.id, 'BTC', '1');
    const { id: orderId } = await createOrder(t.ctx, seller.id, {
      fiat_currency: 'USD',
      price_per_unit: '1000000000000',
      min_amount: '10',
    });
    const res = await open(buyer.id, { orderId, amountFiat: '10', paymentMethod: 'sberbank' });
    expect(res.statusCode).toBe(400);
    expect(await tradesOnOrder(http, orderId, seller.id)).toBe(0);
  });
});

describe('Idempotency-Key', () => {
  it('answers a repeated request with the same trade and takes the escrow once', async () => {
    const { seller, buyer, orderId } = await sellOrderScenario(t.ctx, '0.1');
    const body = { orderId, amountFiat: '50000', paymentMethod: 'sberbank' };
    const first = await open(buyer.id, body, 'retry-1');
    const second = await open(buyer.id, body, 'retry-1');
    expect(first.statusCode, first.body).toBe(200);
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().tradeId).toBe(first.json().tradeId);
    expect(second.json().data.trade.id).toBe(first.json().tradeId);
    expect(await tradesOnOrder(http, orderId, seller.id)).toBe(1);
    expect(await orderAvailable(orderId)).toBe('0.09000000');
    // Without a key the same body is a new trade.
    const third = await open(buyer.id, body);
    expect(third.json().tradeId).not.toBe(first.json().tradeId);
    expect(await tradesOnOrder(http, orderId, seller.id)).toBe(2);
  });

  it("locks a buy-order taker's coins only once on a retry", async () => {
    const { ownerId, takerId, orderId } = await buyOrderScenario(t, '0.1', '0.05');
    const body = { orderId, amountFiat: '50000', paymentMethod: 'sberbank' };
    const a = await open(takerId, body, 'retry-buy');
    const b = await open(takerId, body, 'retry-buy');
    expect(b.json().tradeId).toBe(a.json().tradeId);
    expect(await balance(t.ctx, takerId)).toEqual({ available: 4_000_000n, locked: 1_000_000n });
    expect(await tradesOnOrder(http, orderId, ownerId)).toBe(1);
  });

  it('answers 422 when the same key comes with a different body, and creates nothing more', async () => {
    const { seller, buyer, orderId } = await sellOrderScenario(t.ctx, '0.1');
    const first = await open(
      buyer.id,
      { orderId, amountFiat: '50000', paymentMethod: 'sberbank' },
      'retry-2',
    );
    expect(first.statusCode).toBe(200);
    const changed = await open(
      buyer.id,
      { orderId, amountFiat: '60000', paymentMethod: 'sberbank' },
      'retry-2',
    );
    expect(changed.statusCode).toBe(422);
    expect(changed.json().code).toBe('IDEMPOTENCY_MISMATCH');
    expect(await tradesOnOrder(http, orderId, seller.id)).toBe(1);
    expect(await orderAvailable(orderId)).toBe('0.09000000');
  });

  it('keeps nothing of a refused request: its key is free for the retry (the answer is claimed with the key)', async () => {
    const { seller, buyer, orderId } = await sellOrderScenario(t.ctx, '0.1');
    const withKey = (amountFiat: string) =>
      open(buyer.id, { orderId, amountFiat, paymentMethod: 'sberbank' }, 'retry-after-refusal');
    const refused = await withKey('5000000');
    expect(refused.statusCode, refused.body).toBeGreaterThanOrEqual(400);
    expect(refused.statusCode, refused.body).toBeLessThan(500);
    const retried = await withKey('50000');
    expect(retried.statusCode, retried.body).toBe(200);
    expect(await tradesOnOrder(http, orderId, seller.id)).toBe(1);
    expect((await withKey('50000')).json().tradeId).toBe(retried.json().tradeId);
    expect(await orderAvailable(orderId)).toBe('0.09000000');
  });

  it("keeps one user's key apart from another's", async () => {
    const { seller, buyer, orderId } = await sellOrderScenario(t.ctx, '0.1');
    const other = await createUser(t.ctx);
    const body = { orderId, amountFiat: '50000', paymentMethod: 'sberbank' };
    const a = await open(buyer.id, body, 'shared-key');
    const b = await open(other.id, body, 'shared-key');
    expect(b.statusCode, b.body).toBe(200);
    expect(b.json().tradeId).not.toBe(a.json().tradeId);
    expect(await tradesOnOrder(http, orderId, seller.id)).toBe(2);
  });

  it('refuses a malformed key with 400', async () => {
    const { seller, buyer, orderId } = await sellOrderScenario(t.ctx, '0.1');
    const res = await open(
      buyer.id,
      { orderId, amountFiat: '50000', paymentMethod: 'sberbank' },
      'has spaces',
    );
    expect(res.statusCode).toBe(400);
    expect(await tradesOnOrder(http, orderId, seller.id)).toBe(0);
  });
});
