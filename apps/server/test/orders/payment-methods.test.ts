import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, expectLedgerSound, fund } from '../factories.ts';
import { createTestApp, type TestApp } from '../helpers.ts';
import { type Api, api } from '../trades/support.ts';

// Orders and trades take a payment method by code or by name, in Russian or English (the order
// form's names and the market filter's: docs/decisions/004, 013), and store the code.

let t: TestApp;
let http: Api;
beforeAll(async () => {
  t = await createTestApp();
  http = api(t);
});
afterAll(async () => {
  await expectLedgerSound(t.ctx);
  await t.close();
});

async function sellOrder(methods: unknown[]) {
  const seller = await createUser(t.ctx);
  await fund(t.ctx, seller.id, 'BTC', '1');
  const res = await http.post('/orders', seller.id, {
    type: 'sell',
    cryptocurrency: 'BTC',
    amount_crypto: '0.1',
    price_per_unit: '5000000',
    payment_methods: methods,
  });
  return { seller, res };
}

describe('orders', () => {
  it('store the codes of names in either language, whatever the case and spacing', async () => {
    const { res } = await sellOrder(['Сбербанк', ' tinkoff ', 'СБП', 'альфа банк', 'Наличные', 'YooMoney']);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.order.payment_methods).toEqual([
      'sberbank',
      'tinkoff',
      'sbp',
      'alfabank',
      'cash',
      'yoomoney',
    ]);
  });

  it('keep a method named twice (by code and by name) once', async () => {
    const { res } = await sellOrder(['Sberbank', 'sberbank', 'Сбербанк']);
    expect(res.json().data.order.payment_methods).toEqual(['sberbank']);
  });

  it('refuse a name nobody knows, saying which', async () => {
    const { res } = await sellOrder(['Сбербанк', 'Биткоин-банк']);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      error: 'Неизвестный способ оплаты',
      details: { issues: [{ path: 'payment_methods.1', message: 'Неизвестный способ оплаты' }] },
    });
  });

  it('are found in the book by a name of their method', async () => {
    const { res } = await sellOrder(['СБП']);
    const id = res.json().data.id as string;
    for (const name of ['sbp', 'СБП', 'Система быстрых платежей']) {
      const book = await http.get(`/orders?payment_method=${encodeURIComponent(name)}`, null);
      expect(book.statusCode, book.body).toBe(200);
      expect((book.json().data.orders as { id: string }[]).map((o) => o.id)).toContain(id);
    }
    expect((await http.get('/orders?payment_method=Bitcoin', null)).statusCode).toBe(400);
  });
});

describe('trades', () => {
  it('choose the method by name and store its code; it must be one of the order', async () => {
    const { res } = await sellOrder(['sberbank', 'sbp']);
    const orderId = res.json().data.id as string;
    const buyer = await createUser(t.ctx);
    const open = (paymentMethod: unknown) =>
      http.post('/trades', buyer.id, { orderId, amountFiat: '5000', paymentMethod });

    const other = await open('Тинькофф');
    expect(other.statusCode).toBe(400);
    expect(other.json().error).toBe('Выберите способ оплаты из указанных в ордере');
    const unknown = await open('Биткоин');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error).toBe('Неизвестный способ оплаты');
    expect((await open('')).json().error).toBe('Выберите способ оплаты');

    const opened = await open(' сбп ');
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json().data.trade.paymentMethod).toBe('sbp');
  });
});
