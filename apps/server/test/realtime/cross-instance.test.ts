import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { type AppContext, createContext } from '../../src/context.ts';
import { ManualClock } from '../../src/lib/clock.ts';
import { BOOK_CACHE_TTL_MS } from '../../src/modules/orders/book-cache.ts';
import { createOrder, createUser, expectLedgerSound, fund, openTrade, PAID } from '../factories.ts';
import { createTestDatabase, servicesOf, testConfig } from '../helpers.ts';
import {
  type Client,
  connect,
  type LiveServer,
  listenWithRealtime,
  settle,
  TEST_REDIS_URL,
} from './support.ts';

/**
 * Two server instances on one database, each with its own notifier and Socket.IO server,
 * joined only through the Redis adapter: what one instance raises, the other delivers.
 */
interface Instance {
  ctx: AppContext;
  app: FastifyInstance;
  live: LiveServer;
}

let dispose: () => Promise<void>;
let a: Instance;
let b: Instance;
const clients: Client[] = [];

beforeAll(async () => {
  const db = await createTestDatabase();
  dispose = db.dispose;
  const clock = new ManualClock(new Date('2026-11-20T10:00:00Z'));
  // A channel prefix of our own: parallel runs sharing this Redis never hear each other.
  const redisKey = `p2p-test-${randomBytes(6).toString('hex')}`;
  const start = async (): Promise<Instance> => {
    const ctx = createContext(testConfig(), db.database, clock);
    const app = await buildApp(ctx, { logger: false });
    await app.ready();
    const live = await listenWithRealtime(app, ctx, { redisUrl: TEST_REDIS_URL, redisKey });
    return { ctx, app, live };
  };
  a = await start();
  b = await start();
});

afterAll(async () => {
  for (const c of clients) c.close();
  await expectLedgerSound(a.ctx);
  for (const i of [a, b]) {
    await i.live.close();
    await i.app.close();
  }
  await dispose();
});

async function clientOn(instance: Instance, userId: string) {
  const token = (await instance.ctx.sessions.start('user', userId)).accessToken;
  const c = await connect(instance.live.url, token);
  clients.push(c);
  return c;
}

describe('two instances behind one Redis', () => {
  it('delivers events raised on instance A to sockets connected to instance B, once', async () => {
    const seller = await createUser(a.ctx);
    const buyer = await createUser(a.ctx);
    const stranger = await createUser(a.ctx);
    await fund(a.ctx, seller.id, 'BTC', '1');
    const { id: orderId } = await createOrder(a.ctx, seller.id);
    const sellerOnB = await clientOn(b, seller.id);
    const buyerOnA = await clientOn(a, buyer.id);
    const strangerOnB = await clientOn(b, stranger.id);
    const buyerAuth = {
      authorization: `Bearer ${(await a.ctx.sessions.start('user', buyer.id)).accessToken}`,
    };

    // The trade is opened through instance A's HTTP API ...
    const opened = await a.app.inject({
      method: 'POST',
      url: '/api/v1/trades',
      headers: buyerAuth,
      payload: { orderId, amountFiat: '50000', paymentMethod: 'sberbank' },
    });
    expect(opened.statusCode, opened.body).toBe(200);
    const tradeId = opened.json().tradeId as string;
    // ... and the owner, connected to B, hears about it.
    expect(await sellerOnB.next('trade:created')).toMatchObject({ tradeId, orderId });

    // A trade room joined on B receives a chat message posted through A.
    expect(await sellerOnB.join(tradeId)).toEqual({ ok: true });
    const sent = await a.app.inject({
      method: 'POST',
      url: `/api/v1/trades/${tradeId}/messages`,
      headers: buyerAuth,
      payload: { content: 'Оплатил по СБП' },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(await sellerOnB.next('trade:message')).toMatchObject({ tradeId, message: 'Оплатил по СБП' });
    expect(await sellerOnB.next('message:new')).toMatchObject({
      tradeId,
      message: { content: 'Оплатил по СБП' },
    });

    const act = await a.app.inject({
      method: 'POST',
      url: `/api/v1/trades/${tradeId}/actions`,
      headers: buyerAuth,
      payload: { action: 'mark_paid', payload: PAID },
    });
    expect(act.statusCode, act.body).toBe(200);
    const paid = { tradeId, status: 'PAYMENT_PENDING', action: 'mark_paid' };
    expect(await sellerOnB.next('trade:updated')).toMatchObject(paid);
    expect(await buyerOnA.next('trade:updated')).toMatchObject(paid);

    await settle([a.live.realtime, b.live.realtime], [sellerOnB, buyerOnA, strangerOnB]);
    // Each instance emitted through the adapter exactly once: no echo, no duplicates.
    expect(sellerOnB.named('trade:created')).toHaveLength(1);
    expect(sellerOnB.named('trade:updated')).toHaveLength(1);
    expect(buyerOnA.named('trade:updated')).toHaveLength(1);
    expect(buyerOnA.named('trade:created')).toEqual([]);
    expect(strangerOnB.events).toEqual([]);
  });

  it('delivers an event raised on B (seller action) to the buyer on A', async () => {
    const seller = await createUser(b.ctx);
    const buyer = await createUser(b.ctx);
    await fund(b.ctx, seller.id, 'BTC', '1');
    const { id: orderId } = await createOrder(b.ctx, seller.id);
    const buyerOnA = await clientOn(a, buyer.id);
    const sellerAuth = {
      authorization: `Bearer ${(await b.ctx.sessions.start('user', seller.id)).accessToken}`,
    };
    const { tradeId } = await servicesOf(b.ctx).trades.open(buyer.id, {
      orderId,
      amountFiat: '50000',
      paymentMethod: 'sberbank',
    });
    const cancel = await b.app.inject({
      method: 'POST',
      url: `/api/v1/trades/${tradeId}/actions`,
      headers: sellerAuth,
      payload: { action: 'cancel_trade' },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(await buyerOnA.next('trade:updated')).toEqual({
      tradeId,
      status: 'CANCELLED',
      previousStatus: 'ESCROW_LOCKED',
      action: 'cancel_trade',
      actor: 'seller',
    });
  });

  it('empties the book cache of B when an order is published on A', async () => {
    const read = async (i: Instance) => {
      const res = await i.app.inject({ method: 'GET', url: '/api/v1/orders?type=sell&cryptocurrency=ETH' });
      return (res.json().data.orders as { id: string }[]).map((o) => o.id);
    };
    const cachedAt = performance.now();
    const before = await read(b); // now in B's cache
    const seller = await createUser(a.ctx);
    await fund(a.ctx, seller.id, 'ETH', '1');
    const { id } = await createOrder(a.ctx, seller.id, { cryptocurrency: 'ETH', amount_crypto: '1' });
    expect(before).not.toContain(id);
    await vi.waitFor(async () => expect(await read(b)).toContain(id), { timeout: 1000, interval: 10 });
    // Seen before B's cached page would have expired on its own: the message crossed Redis.
    expect(performance.now() - cachedAt).toBeLessThan(BOOK_CACHE_TTL_MS);
  });

  it('shows on B what a trade opened on A took', async () => {
    const read = async (i: Instance, query: string) => {
      const res = await i.app.inject({ method: 'GET', url: `/api/v1/orders?${query}` });
      return res.json().data.orders as { id: string; available_amount: string }[];
    };
    const seller = await createUser(a.ctx);
    const buyer = await createUser(a.ctx);
    await fund(a.ctx, seller.id, 'USDT', '100');
    const { id } = await createOrder(a.ctx, seller.id, {
      cryptocurrency: 'USDT',
      amount_crypto: '100',
      price_per_unit: '90',
    });
    const cachedAt = performance.now();
    // On A's page (so A knows the order's filter) and on B's.
    await read(a, 'type=sell&cryptocurrency=USDT');
    expect((await read(b, 'type=sell&cryptocurrency=USDT')).find((o) => o.id === id)?.available_amount).toBe(
      '100.00000000',
    );
    await openTrade(a.ctx, buyer.id, id, '1800');
    await vi.waitFor(
      async () =>
        expect(
          (await read(b, 'type=sell&cryptocurrency=USDT')).find((o) => o.id === id)?.available_amount,
        ).toBe('80.00000000'),
      { timeout: 1000, interval: 10 },
    );
    expect(performance.now() - cachedAt).toBeLessThan(BOOK_CACHE_TTL_MS);
  });

  it("patches on B the row of an order a trade on A changed, and drops from B one that left A's book", async () => {
    const read = async (i: Instance) => {
      const res = await i.app.inject({ method: 'GET', url: '/api/v1/orders?type=sell&cryptocurrency=SOL' });
      return res.json().data as { total: number; orders: { id: string; available_amount: string }[] };
    };
    const seller = await createUser(a.ctx);
    const buyer = await createUser(a.ctx);
    await fund(a.ctx, seller.id, 'SOL', '100');
    const sol = { cryptocurrency: 'SOL' as const, amount_crypto: '50' };
    const { id: first } = await createOrder(a.ctx, seller.id, { ...sol, price_per_unit: '900' });
    const { id: second } = await createOrder(a.ctx, seller.id, { ...sol, price_per_unit: '901' });
    const cachedAt = performance.now();
    await read(a);
    expect((await read(b)).orders.map((o) => o.id)).toEqual([first, second]);
    await openTrade(a.ctx, buyer.id, second, '9010');
    await vi.waitFor(
      async () =>
        expect((await read(b)).orders.find((o) => o.id === second)?.available_amount).toBe('40.00000000'),
      { timeout: 1000, interval: 10 },
    );
    expect(performance.now() - cachedAt).toBeLessThan(BOOK_CACHE_TTL_MS);
    // Paused on A: gone from B's page, and counted out.
    const total = (await read(b)).total;
    await servicesOf(a.ctx).orders.setStatus(seller.id, first, 'paused');
    await vi.waitFor(async () => expect((await read(b)).orders.map((o) => o.id)).toEqual([second]), {
      timeout: 1000,
      interval: 10,
    });
    expect((await read(b)).total).toBe(total - 1);
  });
});
