import { translate } from '@p2p/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client.ts';
import type { RealtimeEvent } from '../../src/events/notifier.ts';
import { findOrder } from '../../src/modules/orders/orders.repository.ts';
import { balance, createUser, expectLedgerSound, fund } from '../factories.ts';
import { createTestApp, LAX_TRADE_LIMITS, type TestApp } from '../helpers.ts';
import { type PriceStub, startPriceStub } from '../market/price-stub.ts';
import { counts, swapApi } from './support.ts';

/**
 * A partly taken swap offer whose rest is worth less than its smallest fill (docs/decisions/038):
 * no taker could ever take it, so the swap that leaves it closes the offer and returns the rest
 * to the maker in the same transaction. Never an «Активен» offer with limits «1 000 – 970 USDT»
 * and coins locked behind it.
 */

let t: TestApp;
let stub: PriceStub;
let s: ReturnType<typeof swapApi>;
const events: RealtimeEvent[] = [];
beforeAll(async () => {
  stub = await startPriceStub();
  t = await createTestApp({ ...LAX_TRADE_LIMITS, PRICE_API_URL: stub.url });
  s = swapApi(t);
  t.ctx.notifier.subscribe((e) => events.push(e));
});
afterAll(async () => {
  await expectLedgerSound(t.ctx);
  await t.close();
  await stub.close();
});

const BTC = 100_000_000n;
const USDT = 100_000_000n;

/** 0.5 BTC for USDT at 97 000, each swap at least 1 000 USDT; a taker with 60 000 USDT. */
async function offer() {
  const maker = await createUser(t.ctx);
  const taker = await createUser(t.ctx);
  await fund(t.ctx, maker.id, 'BTC', '1');
  await fund(t.ctx, taker.id, 'USDT', '60000');
  const res = await s.publish(maker.id, { min_amount: '1000' });
  expect(res.statusCode, res.body).toBe(200);
  return { maker, taker, orderId: res.json().data.id as string };
}

const inBook = async (orderId: string) =>
  ((await s.http.get('/orders?fiat_currency=USDT&limit=100', null)).json().data.orders as { id: string }[])
    .map((o) => o.id)
    .includes(orderId);

describe('a swap that leaves less than the smallest fill', () => {
  it('closes the offer and returns the rest to the maker, in the same transaction', async () => {
    const { maker, taker, orderId } = await offer();
    // 0.49 BTC leaves 0.01 BTC, worth 970 USDT: below the offer's 1 000 USDT minimum.
    const res = await s.take(taker.id, orderId, { amount_crypto: '0.49' });
    expect(res.statusCode, res.body).toBe(200);

    const order = await findOrder(t.ctx.db, orderId);
    expect(order).toMatchObject({ status: 'completed', availableAmount: BTC / 100n });
    // The maker: 0.49 BTC delivered, the 0.01 BTC rest back in available, nothing locked.
    expect(await balance(t.ctx, maker.id, 'BTC')).toEqual({ available: (51n * BTC) / 100n, locked: 0n });
    expect(await balance(t.ctx, maker.id, 'USDT')).toEqual({ available: 47_530n * USDT, locked: 0n });
    // One release of the offer's reserve, by the swap's own request (the scheduler never ran).
    const [release] = await queryRows<{ postings: string }>(
      t.ctx.db,
      sql`SELECT COUNT(*)::text AS postings FROM ledger_transactions
          WHERE kind = 'order_release' AND ref_id = ${orderId}::uuid`,
    );
    expect(release?.postings).toBe('1');
    await expectLedgerSound(t.ctx);

    expect(await inBook(orderId)).toBe(false);
    const before = await counts(t.ctx);
    const again = await s.take(taker.id, orderId, { amount_crypto: '0.01' });
    expect(again.statusCode, again.body).toBe(400);
    expect(await counts(t.ctx)).toEqual(before);
  });

  it('tells the maker what came back, and the taker only their own side', async () => {
    const { maker, taker, orderId } = await offer();
    events.length = 0;
    expect((await s.take(taker.id, orderId, { amount_crypto: '0.49' })).statusCode).toBe(200);
    const swapEvents = events.filter((e) => e.event === 'swap:completed');
    expect(swapEvents.find((e) => e.room === `user:${maker.id}`)?.payload).toMatchObject({
      role: 'maker',
      gave: { currency: 'BTC', amount: '0.49000000' },
      remainderReturned: { currency: 'BTC', amount: '0.01000000' },
    });
    expect(swapEvents.find((e) => e.room === `user:${taker.id}`)?.payload).toMatchObject({
      role: 'taker',
      remainderReturned: null,
    });
    expect(events.find((e) => e.event === 'order:updated')?.payload).toEqual({
      orderId,
      status: 'completed',
    });
  });
});

describe('a swap that leaves enough for another', () => {
  it('keeps the offer live with the rest reserved, and its limits still a range', async () => {
    const { maker, taker, orderId } = await offer();
    // 0.48969072 BTC leaves 0.01030928 BTC, worth 1 000.00016 USDT: exactly takeable.
    const res = await s.take(taker.id, orderId, { amount_crypto: '0.48969072' });
    expect(res.statusCode, res.body).toBe(200);
    const order = await findOrder(t.ctx.db, orderId);
    expect(order).toMatchObject({ status: 'active', availableAmount: 1_030_928n });
    expect((await balance(t.ctx, maker.id, 'BTC')).locked).toBe(1_030_928n);
    const view = (await s.http.get(`/orders/${orderId}`, null)).json().data;
    expect(Number(view.available_fiat)).toBeGreaterThanOrEqual(Number(view.min_amount));
    expect(await inBook(orderId)).toBe(true);

    // The last taker takes exactly the rest, and the offer completes with nothing left.
    const last = await s.take(taker.id, orderId, { amount_paid: view.available_fiat });
    expect(last.statusCode, last.body).toBe(200);
    const closed = await findOrder(t.ctx.db, orderId);
    expect(closed?.status).toBe('completed');
    expect(await balance(t.ctx, maker.id, 'BTC')).toMatchObject({ locked: 0n });
  });
});

describe('taking a swap without two-factor', () => {
  it('is refused with a message about swapping, not selling, and nothing moves', async () => {
    const { orderId } = await offer();
    const taker = await createUser(t.ctx, { twoFactor: false });
    await fund(t.ctx, taker.id, 'USDT', '5000');
    const before = await counts(t.ctx);
    const res = await s.take(taker.id, orderId, { amount_crypto: '0.02', totp_code: '123456' });
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json()).toMatchObject({
      code: 'TWO_FACTOR_REQUIRED',
      details: { reason: 'not_enabled' },
      error: translate('ru', 'security.enrolToSwap'),
    });
    expect(res.json().error).not.toContain('продавать');
    expect(await counts(t.ctx)).toEqual(before);
  });
});
