import { MessageNewEvent, ServerEventPayloads, TradeCreatedEvent } from '@p2p/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findTrade } from '../../src/modules/trade-access/trade-access.repository.ts';
import { createOrder, createUser, expectLedgerSound, fund } from '../factories.ts';
import { createTestApp, schedulerOf, type TestApp } from '../helpers.ts';
import { payloadOf } from '../trades/support.ts';
import { type Client, connect, type LiveServer, listenWithRealtime, settle } from './support.ts';

let t: TestApp;
let live: LiveServer;
const clients: Client[] = [];

beforeAll(async () => {
  t = await createTestApp();
  live = await listenWithRealtime(t.app, t.ctx);
});
afterAll(async () => {
  for (const c of clients) c.close();
  await expectLedgerSound(t.ctx);
  await live.close();
  await t.close();
});

async function tokenOf(userId: string) {
  return (await t.ctx.sessions.start('user', userId)).accessToken;
}

async function client(userId: string) {
  const c = await connect(live.url, await tokenOf(userId));
  clients.push(c);
  return c;
}

/** Seller with a live sell order, a buyer and a stranger, each with a connected socket. */
async function scene() {
  const [seller, buyer, stranger] = [
    await createUser(t.ctx),
    await createUser(t.ctx),
    await createUser(t.ctx),
  ];
  await fund(t.ctx, seller.id, 'BTC', '1');
  const { id: orderId } = await createOrder(t.ctx, seller.id, { amount_crypto: '1' });
  const [s, b, x] = [await client(seller.id), await client(buyer.id), await client(stranger.id)];
  const headers = {
    seller: { authorization: `Bearer ${await tokenOf(seller.id)}` },
    buyer: { authorization: `Bearer ${await tokenOf(buyer.id)}` },
  };
  const open = async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/trades',
      headers: headers.buyer,
      payload: { orderId, amountFiat: '50000', paymentMethod: 'sberbank' },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().tradeId as string;
  };
  const act = async (who: 'seller' | 'buyer', tradeId: string, action: string, payload = {}) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/trades/${tradeId}/actions`,
      headers: headers[who],
      payload: {
        action,
        payload: { ...(await payloadOf(t.ctx, action, who === 'seller' ? seller.id : buyer.id)), ...payload },
      },
    });
  return { seller, buyer, stranger, orderId, s, b, x, headers, open, act };
}

describe('handshake', () => {
  it('refuses a missing, forged, staff-audience or revoked token with connect_error', async () => {
    await expect(connect(live.url, null)).rejects.toThrow('Необходима авторизация');
    await expect(connect(live.url, 'not-a-real.jwt.token-at-all')).rejects.toThrow('Необходима авторизация');
    const user = await createUser(t.ctx);
    const staffToken = (await t.ctx.sessions.start('staff', user.id)).accessToken;
    await expect(connect(live.url, staffToken)).rejects.toThrow('Необходима авторизация');

    const tokens = await t.ctx.sessions.start('user', user.id);
    const ok = await connect(live.url, tokens.accessToken);
    expect(ok.socket.connected).toBe(true);
    ok.close();
    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      headers: { authorization: `Bearer ${tokens.accessToken}` },
    });
    expect(logout.statusCode).toBe(200);
    await expect(connect(live.url, tokens.accessToken)).rejects.toThrow('Необходима авторизация');
  });

  it('accepts the token in an Authorization: Bearer header as well', async () => {
    const user = await createUser(t.ctx);
    const c = await connect(live.url, null, {
      extraHeaders: { authorization: `Bearer ${await tokenOf(user.id)}` },
    });
    clients.push(c);
    expect(c.socket.connected).toBe(true);
  });
});

describe('trade rooms', () => {
  it('lets only the two parties join a trade room', async () => {
    const sc = await scene();
    const tradeId = await sc.open();
    expect(await sc.x.join(tradeId)).toEqual({ ok: false, error: 'Сделка не найдена' });
    expect(await sc.x.join('00000000-0000-4000-8000-000000000000')).toEqual({
      ok: false,
      error: 'Сделка не найдена',
    });
    expect(await sc.x.join('nonsense')).toMatchObject({ ok: false });
    expect(await sc.b.join(tradeId)).toEqual({ ok: true });
    expect(await sc.s.join(tradeId)).toEqual({ ok: true });
  });
});

describe('trade events', () => {
  it('tells the order owner, and only the owner, about a new trade', async () => {
    const sc = await scene();
    const tradeId = await sc.open();
    const created = await sc.s.next<Record<string, unknown>>('trade:created');
    expect(TradeCreatedEvent.parse(created)).toEqual({
      tradeId,
      orderId: sc.orderId,
      buyerName: 'Тест',
      takerRole: 'buyer',
      cryptocurrency: 'BTC',
      amountCrypto: '0.01000000',
      fiatCurrency: 'RUB',
      amountFiat: '50000.00',
    });
    expect(await sc.s.next('order:matched')).toEqual({ orderId: sc.orderId, tradeId });
    expect(await sc.s.next('order:updated')).toEqual({ orderId: sc.orderId, status: 'active' });
    await settle([live.realtime], [sc.s, sc.b, sc.x]);
    expect(sc.b.events).toEqual([]);
    expect(sc.x.events).toEqual([]);
  });

  it('sends trade:updated to both parties after each action and nothing to anyone else', async () => {
    const sc = await scene();
    const tradeId = await sc.open();
    await sc.s.next('trade:created');
    expect(await sc.b.join(tradeId)).toEqual({ ok: true });
    expect(await sc.x.join(tradeId)).toMatchObject({ ok: false });

    // What the server broadcasts (one encoding each; with Redis, one message each).
    const adapter = live.realtime.io.of('/').adapter as unknown as {
      broadcast(packet: { data: unknown[] }, opts: { rooms: Set<string> }): void;
    };
    const broadcasts: { event: unknown; rooms: string[] }[] = [];
    const broadcast = adapter.broadcast;
    adapter.broadcast = function (packet, opts) {
      broadcasts.push({ event: packet.data[0], rooms: [...opts.rooms].sort() });
      return broadcast.call(this, packet, opts);
    };
    try {
      expect((await sc.act('buyer', tradeId, 'mark_paid')).statusCode).toBe(200);
      await settle([live.realtime], [sc.s, sc.b, sc.x]);
    } finally {
      adapter.broadcast = broadcast;
    }
    // Both parties' update is one broadcast to their two rooms (docs/decisions/062).
    expect(broadcasts.filter((b) => b.event === 'trade:updated')).toEqual([
      { event: 'trade:updated', rooms: [`user:${sc.buyer.id}`, `user:${sc.seller.id}`].sort() },
    ]);
    const expected = {
      tradeId,
      status: 'PAYMENT_PENDING',
      previousStatus: 'ESCROW_LOCKED',
      action: 'mark_paid',
      actor: 'buyer',
    };
    const [forSeller, forBuyer] = await Promise.all([sc.s.next('trade:updated'), sc.b.next('trade:updated')]);
    expect(ServerEventPayloads['trade:updated'].parse(forSeller)).toEqual(expected);
    expect(forBuyer).toEqual(expected);
    // The buyer joined the trade room, so it also sees the SYSTEM line of the transition.
    const line = MessageNewEvent.parse(await sc.b.next('message:new'));
    expect(line.message).toMatchObject({
      type: 'SYSTEM',
      content: 'Покупатель отметил оплату',
      senderId: null,
    });

    // A refused action (409) changes nothing and announces nothing. The inbox's own
    // `notification:new` for the payment arrives on its own schedule, so it is not counted.
    const announced = () =>
      [...sc.s.events, ...sc.b.events].filter((e) => e.event !== 'notification:new').length;
    const before = announced();
    expect((await sc.act('seller', tradeId, 'cancel_trade')).statusCode).toBe(409);
    // A rolled-back one (bad dispute payload) neither.
    expect((await sc.act('buyer', tradeId, 'dispute_trade', { reasonId: 'nope' })).statusCode).toBe(400);
    await settle([live.realtime], [sc.s, sc.b, sc.x]);
    expect(announced()).toBe(before);
    expect(sc.x.events).toEqual([]);
  });

  it('announces a release to both parties and the order change to its owner', async () => {
    const sc = await scene();
    const tradeId = await sc.open();
    for (const [who, action] of [
      ['buyer', 'mark_paid'],
      ['seller', 'confirm_payment'],
      ['seller', 'release_crypto'],
    ] as const) {
      expect((await sc.act(who, tradeId, action)).statusCode).toBe(200);
    }
    const done = (p: { status?: string }) => p.status === 'COMPLETED';
    expect(await sc.b.next('trade:updated', done)).toMatchObject({
      action: 'release_crypto',
      actor: 'seller',
    });
    await sc.s.next('trade:updated', done);
    expect(sc.s.named('order:updated')).toContainEqual({ orderId: sc.orderId, status: 'active' });
    await settle([live.realtime], [sc.s, sc.b, sc.x]);
    expect(sc.b.named('order:updated')).toEqual([]);
    expect(sc.x.events).toEqual([]);
  });

  it('announces scheduler expiry to both parties, after the commit', async () => {
    const sc = await scene();
    const tradeId = await sc.open();
    // What the database says at the moment the event arrives: it must already be committed.
    const seen = sc.b.next('trade:updated').then(async (payload) => ({
      payload,
      stored: (await findTrade(t.ctx.db, tradeId))?.status,
    }));
    t.clock.advance(31 * 60_000);
    const tick = await schedulerOf(t.ctx).tick();
    expect(tick.expired).toBeGreaterThanOrEqual(1);
    const { payload, stored } = await seen;
    expect(payload).toEqual({
      tradeId,
      status: 'CANCELLED',
      previousStatus: 'ESCROW_LOCKED',
      action: 'expire',
      actor: 'system',
    });
    expect(stored).toBe('CANCELLED');
    expect(await sc.s.next('trade:updated')).toMatchObject({ tradeId, action: 'expire' });
    await settle([live.realtime], [sc.s, sc.b, sc.x]);
    expect(sc.x.events).toEqual([]);
  });
});

describe('order events', () => {
  it('tells the owner when the order is paused, resumed or deleted', async () => {
    const owner = await createUser(t.ctx);
    const other = await createUser(t.ctx);
    const { id: orderId } = await createOrder(t.ctx, owner.id, { type: 'buy' });
    const [o, x] = [await client(owner.id), await client(other.id)];
    const headers = { authorization: `Bearer ${await tokenOf(owner.id)}` };
    const settings = (status: string) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/v1/orders/${orderId}/settings`,
        headers,
        payload: { status },
      });
    expect((await settings('paused')).statusCode).toBe(200);
    expect(await o.next('order:updated')).toEqual({ orderId, status: 'paused' });
    expect((await settings('active')).statusCode).toBe(200);
    await o.next('order:updated', (p: { status: string }) => p.status === 'active');
    const del = await t.app.inject({ method: 'DELETE', url: `/api/v1/orders/${orderId}`, headers });
    expect(del.statusCode).toBe(200);
    await o.next('order:updated', (p: { status: string }) => p.status === 'cancelled');
    await settle([live.realtime], [o, x]);
    expect(x.events).toEqual([]);
  });
});

describe('chat events', () => {
  it('sends message:new to the trade room and trade:message to the other party only', async () => {
    const sc = await scene();
    const tradeId = await sc.open();
    expect(await sc.b.join(tradeId)).toEqual({ ok: true });
    expect(await sc.s.join(tradeId)).toEqual({ ok: true });
    const content = 'Перевёл, проверьте <b>пожалуйста</b>';
    const sent = await t.app.inject({
      method: 'POST',
      url: `/api/v1/trades/${tradeId}/messages`,
      headers: sc.headers.buyer,
      payload: { content },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const message = sent.json().data;

    expect(await sc.s.next('trade:message')).toEqual({
      tradeId,
      messageId: message.id,
      senderName: 'Тест',
      message: content,
    });
    const isText = (p: { message: { type: string } }) => p.message.type === 'TEXT';
    for (const c of [sc.s, sc.b]) expect(await c.next('message:new', isText)).toEqual({ tradeId, message });

    const read = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/messages/${message.id}/read`,
      headers: sc.headers.seller,
    });
    expect(read.statusCode).toBe(200);
    expect(await sc.b.next('message:read')).toEqual({
      tradeId,
      messageId: message.id,
      readAt: read.json().data.readAt,
      readerId: sc.seller.id,
    });

    await settle([live.realtime], [sc.s, sc.b, sc.x]);
    expect(sc.b.named('trade:message')).toEqual([]);
    expect(sc.x.events).toEqual([]);
  });

  it('stops delivering trade-room events after trade:leave', async () => {
    const sc = await scene();
    const tradeId = await sc.open();
    expect(await sc.b.join(tradeId)).toEqual({ ok: true });
    expect(await sc.b.socket.timeout(5_000).emitWithAck('trade:leave', { tradeId })).toEqual({ ok: true });
    const sent = await t.app.inject({
      method: 'POST',
      url: `/api/v1/trades/${tradeId}/messages`,
      headers: sc.headers.seller,
      payload: { content: 'привет' },
    });
    expect(sent.statusCode).toBe(200);
    expect(await sc.b.next('trade:message')).toMatchObject({ message: 'привет' });
    await settle([live.realtime], [sc.b]);
    expect(sc.b.named('message:new')).toEqual([]);
  });
});
