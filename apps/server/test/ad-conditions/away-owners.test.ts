import type { OrderView } from '@p2p/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Scheduler } from '../../src/modules/scheduler/scheduler.ts';
import { createOrder, createUser, expectLedgerSound, fund } from '../factories.ts';
import { createTestApp, LAX_TRADE_LIMITS, schedulerOf, type TestApp } from '../helpers.ts';
import { type Api, api } from '../trades/support.ts';

/** Orders that go offline with their owner (docs/decisions/028). */

let t: TestApp;
let http: Api;
let scheduler: Scheduler;
beforeAll(async () => {
  t = await createTestApp(LAX_TRADE_LIMITS);
  http = api(t);
  scheduler = schedulerOf(t.ctx);
});
afterAll(async () => {
  await expectLedgerSound(t.ctx);
  await t.close();
});

const MINUTE = 60_000;
const TAKE = { amountFiat: '5000', paymentMethod: 'sberbank' };

async function bookIds(): Promise<string[]> {
  const res = await http.get('/orders?type=sell&limit=100', null);
  expect(res.statusCode).toBe(200);
  return (res.json().data.orders as OrderView[]).map((o) => o.id);
}

/** An owner who was seen now (a request of theirs) with a live sell order. */
async function ownerWithOrder(hideAfter: number | null) {
  const owner = await createUser(t.ctx);
  await fund(t.ctx, owner.id, 'BTC', '0.1');
  const { id } = await createOrder(t.ctx, owner.id, { amount_crypto: '0.1', payment_methods: ['sberbank'] });
  const saved = await http.put('/users/settings', owner.id, {
    trading: { hideOrdersAwayMinutes: hideAfter },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  expect(saved.json().data.trading.hideOrdersAwayMinutes).toBe(hideAfter);
  return { ownerId: owner.id, orderId: id };
}

describe('orders of an owner who is away', () => {
  it('leave the book and cannot be taken past the window, and come back when the owner is seen', async () => {
    const away = await ownerWithOrder(5);
    const stays = await ownerWithOrder(null);
    t.clock.advance(4 * MINUTE);
    await scheduler.tick();
    expect(await bookIds()).toEqual(expect.arrayContaining([away.orderId, stays.orderId]));

    t.clock.advance(2 * MINUTE);
    await scheduler.tick();
    const book = await bookIds();
    expect(book).not.toContain(away.orderId);
    // Without the setting, absence hides nothing.
    expect(book).toContain(stays.orderId);
    const taker = await createUser(t.ctx);
    const refused = await http.post('/trades', taker.id, { orderId: away.orderId, ...TAKE });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: 'RULE_VIOLATION',
      error: 'Ордер неактивен: новые сделки по нему недоступны',
    });
    expect((await http.get(`/orders/${away.orderId}`, null)).json().data.owner_away).toBe(true);
    // Another tick changes nothing more.
    await scheduler.tick();
    expect(await bookIds()).not.toContain(away.orderId);

    // Any request of the owner's brings the orders back, with no action of theirs.
    expect((await http.get('/users/me', away.ownerId)).statusCode).toBe(200);
    expect(await bookIds()).toContain(away.orderId);
    expect((await http.get(`/orders/${away.orderId}`, null)).json().data.owner_away).toBe(false);
    const opened = await http.post('/trades', taker.id, { orderId: away.orderId, ...TAKE });
    expect(opened.statusCode, opened.body).toBe(200);
  });

  it('an owner seen within the window keeps the orders in the book', async () => {
    const owner = await ownerWithOrder(5);
    for (let i = 0; i < 4; i++) {
      t.clock.advance(2 * MINUTE);
      expect((await http.get('/users/me', owner.ownerId)).statusCode).toBe(200);
      await scheduler.tick();
      expect(await bookIds()).toContain(owner.orderId);
    }
  });

  it('refuses a window outside 5 to 1440 minutes', async () => {
    const owner = await createUser(t.ctx);
    for (const minutes of [4, 1441, 7.5]) {
      const res = await http.put('/users/settings', owner.id, {
        trading: { hideOrdersAwayMinutes: minutes },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe('Время отсутствия: целое число минут от 5 до 1440');
    }
  });
});
