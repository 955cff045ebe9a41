import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SOCKET_TRANSPORTS } from '@p2p/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { type AppContext, createContext } from '../../src/context.ts';
import { type Database, openDatabase } from '../../src/db/client.ts';
import { systemClock } from '../../src/lib/clock.ts';
import { createStaff } from '../../src/modules/admin/staff.service.ts';
import { expectLedgerSound, sellOrderScenario } from '../factories.ts';
import { createTestDatabase, testConfig } from '../helpers.ts';
import { jpegWithGps, multipart } from '../uploads/images.ts';
import { type RoundRobinProxy, startRoundRobinProxy } from './round-robin-proxy.ts';
import { type Client, connect, type LiveServer, listenWithRealtime, TEST_REDIS_URL } from './support.ts';

/**
 * Two complete server instances, as two processes would be: each its own DATA_DIR, its own
 * database pool (on PostgreSQL), its own Socket.IO server, joined only by the database and
 * Redis; and a round-robin balancer without sticky sessions in front of them.
 */
interface Instance {
  name: string;
  ctx: AppContext;
  app: FastifyInstance;
  live: LiveServer;
  dataDir: string;
  database: Database;
}

let dispose: () => Promise<void>;
let a: Instance;
let b: Instance;
let proxy: RoundRobinProxy;
const clients: Client[] = [];

beforeAll(async () => {
  const db = await createTestDatabase();
  dispose = db.dispose;
  const redisKey = `p2p-test-${randomBytes(6).toString('hex')}`;
  const start = async (name: string, database: Database): Promise<Instance> => {
    const dataDir = mkdtempSync(join(tmpdir(), `p2p-instance-${name}-`));
    const ctx = createContext(testConfig({ DATA_DIR: dataDir }), database, systemClock);
    const app = await buildApp(ctx, { logger: false });
    await app.ready();
    const live = await listenWithRealtime(app, ctx, { redisUrl: TEST_REDIS_URL, redisKey });
    return { name, ctx, app, live, dataDir, database };
  };
  a = await start('a', db.database);
  // On PostgreSQL, B has a pool of its own, as a second process would.
  b = await start('b', db.url ? await openDatabase({ databaseUrl: db.url, poolMax: 5 }) : db.database);
  proxy = await startRoundRobinProxy([a.live.url, b.live.url]);
});

afterAll(async () => {
  for (const c of clients) c.close();
  await expectLedgerSound(a.ctx);
  await proxy.close();
  for (const i of [a, b]) {
    await i.live.close();
    await i.app.close();
    rmSync(i.dataDir, { recursive: true, force: true });
  }
  if (b.database !== a.database) await b.database.close();
  await dispose();
});

async function call(
  base: string,
  path: string,
  init: { method?: string; token?: string; body?: unknown } = {},
) {
  const res = await fetch(`${base}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
      ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: init.body !== undefined ? JSON.stringify(init.body) : undefined,
  });
  const text = await res.text();
  return { status: res.status, text, json: () => JSON.parse(text) };
}

async function signInOn(instance: Instance, username: string) {
  const res = await call(instance.live.url, '/api/v1/auth/dev-login', { method: 'POST', body: { username } });
  expect(res.status, res.text).toBe(200);
  const data = res.json().data as {
    user: { id: string };
    tokens: { accessToken: string; refreshToken: string };
  };
  return { userId: data.user.id, token: data.tokens.accessToken, refreshToken: data.tokens.refreshToken };
}

async function socketOn(url: string, token: string, extra: Record<string, unknown> = {}) {
  const c = await connect(url, token, extra);
  clients.push(c);
  return c;
}

/** A trade awaiting payment: the seller's order (through A's services), opened by `buyer` on A. */
async function tradeFor(buyer: { userId: string; token: string }) {
  const { seller, orderId } = await sellOrderScenario(a.ctx);
  const opened = await call(a.live.url, '/api/v1/trades', {
    method: 'POST',
    token: buyer.token,
    body: { orderId, amountFiat: '50000', paymentMethod: 'sberbank' },
  });
  expect(opened.status, opened.text).toBe(200);
  const sellerToken = (await b.ctx.sessions.start('user', seller.id)).accessToken;
  return { tradeId: opened.json().tradeId as string, sellerToken };
}

const unique = (prefix: string) => `${prefix}_${randomBytes(4).toString('hex')}`;

describe('two instances on one database and one Redis', () => {
  it('a token from A works on B, and a receipt uploaded on A is served by B', async () => {
    const buyer = await signInOn(a, unique('buyer'));
    expect((await call(b.live.url, '/api/v1/auth/me', { token: buyer.token })).status).toBe(200);

    const { tradeId, sellerToken } = await tradeFor(buyer);
    const photo = await jpegWithGps();
    const form = multipart('proof', 'receipt.jpg', 'image/jpeg', photo);
    const uploaded = await a.app.inject({
      method: 'POST',
      url: `/api/v1/trades/${tradeId}/payment-proof`,
      headers: { authorization: `Bearer ${buyer.token}`, ...form.headers },
      payload: form.payload,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const { url } = uploaded.json().data as { url: string };

    // B never saw the upload and has nothing on its disk, yet serves the same JPEG.
    const fromA = await fetch(`${a.live.url}${url}`, { headers: { authorization: `Bearer ${sellerToken}` } });
    const fromB = await fetch(`${b.live.url}${url}`, { headers: { authorization: `Bearer ${sellerToken}` } });
    expect(fromB.status).toBe(200);
    expect(fromB.headers.get('content-type')).toBe('image/jpeg');
    expect(Buffer.from(await fromB.arrayBuffer())).toEqual(Buffer.from(await fromA.arrayBuffer()));
    for (const i of [a, b]) expect(existsSync(join(i.dataDir, 'uploads'))).toBe(false);
  });

  it('a socket on B receives what is caused on A; logout on A is refused on B and closes that socket', async () => {
    const buyer = await signInOn(a, unique('buyer'));
    const { tradeId, sellerToken } = await tradeFor(buyer);
    const buyerOnB = await socketOn(b.live.url, buyer.token);
    const sellerOnA = await socketOn(a.live.url, sellerToken);
    expect(await buyerOnB.join(tradeId)).toEqual({ ok: true });
    expect(await sellerOnA.join(tradeId)).toEqual({ ok: true });

    const say = (token: string, content: string) =>
      call(a.live.url, `/api/v1/trades/${tradeId}/messages`, { method: 'POST', token, body: { content } });
    expect((await say(sellerToken, 'Реквизиты отправил')).status).toBe(200);
    expect(await buyerOnB.next('trade:message')).toMatchObject({ tradeId, message: 'Реквизиты отправил' });

    const closed = new Promise<string>((resolve) => buyerOnB.socket.once('disconnect', resolve));
    const logout = await call(a.live.url, '/api/v1/auth/logout', { method: 'POST', token: buyer.token });
    expect(logout.status, logout.text).toBe(200);
    // The server on B closed the socket (not the client), reached through the Redis adapter.
    expect(await closed).toBe('io server disconnect');
    expect(await b.live.realtime.io.in(`user:${buyer.userId}`).fetchSockets()).toEqual([]);
    expect((await call(b.live.url, '/api/v1/auth/me', { token: buyer.token })).status).toBe(401);
    await expect(connect(b.live.url, buyer.token)).rejects.toThrow();

    // The trade goes on; the seller hears it, the ended session's socket is gone and hears nothing.
    const heardBefore = buyerOnB.events.length;
    expect((await say(sellerToken, 'Жду оплату')).status).toBe(200);
    expect(
      await sellerOnA.next(
        'message:new',
        (p: { message: { content: string } }) => p.message.content === 'Жду оплату',
      ),
    ).toBeTruthy();
    expect(buyerOnB.socket.connected).toBe(false);
    expect(buyerOnB.events).toHaveLength(heardBefore);
  });

  it('reuse of a spent refresh token ends the session: its sockets on the other instance close', async () => {
    const user = await signInOn(b, unique('user'));
    const onA = await socketOn(a.live.url, user.token);
    const closed = new Promise<string>((resolve) => onA.socket.once('disconnect', resolve));
    const refresh = (token: string) =>
      call(b.live.url, '/api/v1/auth/refresh', { method: 'POST', body: { refreshToken: token } });
    expect((await refresh(user.refreshToken)).status).toBe(200);
    expect((await refresh(user.refreshToken)).status).toBe(401); // stolen token replayed
    expect(await closed).toBe('io server disconnect');
  });

  it('an admin block on A ends every session and closes every socket, on both instances, within a second', async () => {
    const name = unique('user');
    const first = await signInOn(a, name);
    const second = await signInOn(b, name);
    const sockets = [await socketOn(a.live.url, first.token), await socketOn(b.live.url, second.token)];
    const closed = sockets.map((c) => new Promise<string>((resolve) => c.socket.once('disconnect', resolve)));
    // The back office's own path: a staff session blocks the user over HTTP on A.
    const admin = await createStaff(
      a.ctx.db,
      { email: `${unique('admin')}@example.com`, password: 'correct horse battery', role: 'admin' },
      new Date(),
    );
    const staffToken = (await a.ctx.sessions.start('staff', admin.id)).accessToken;
    const started = Date.now();
    const blocked = await call(a.live.url, `/api/v1/admin/users/${first.userId}/block`, {
      method: 'POST',
      token: staffToken,
      body: { reason: 'Подозрение на мошенничество' },
    });
    expect(blocked.status, blocked.text).toBe(200);
    expect(await Promise.all(closed)).toEqual(['io server disconnect', 'io server disconnect']);
    expect(Date.now() - started).toBeLessThan(1_000);
    for (const t of [first.token, second.token]) {
      expect((await call(a.live.url, '/api/v1/auth/me', { token: t })).status).toBe(401);
      await expect(connect(b.live.url, t)).rejects.toThrow();
    }
  });

  it('"end all sessions" on B closes the sockets of every session of the account, on both instances', async () => {
    const name = unique('user');
    const first = await signInOn(a, name);
    const second = await signInOn(b, name);
    const sockets = [await socketOn(a.live.url, first.token), await socketOn(b.live.url, second.token)];
    const closed = sockets.map((c) => new Promise<string>((resolve) => c.socket.once('disconnect', resolve)));
    const ended = await call(b.live.url, '/api/v1/auth/sessions/end-all', {
      method: 'POST',
      token: second.token,
    });
    expect(ended.status, ended.text).toBe(200);
    expect(ended.json().data).toEqual({ ended: 2 });
    expect(await Promise.all(closed)).toEqual(['io server disconnect', 'io server disconnect']);
    expect((await call(a.live.url, '/api/v1/auth/me', { token: first.token })).status).toBe(401);
  });
});

describe('behind a round-robin balancer without sticky sessions', () => {
  it('the web client’s socket connects by WebSocket and receives events raised on either instance', async () => {
    const buyer = await signInOn(a, unique('buyer'));
    const { tradeId, sellerToken } = await tradeFor(buyer);
    const routedBefore = proxy.routed.length;
    // HTTP through the balancer alternates between the instances, and each one answers.
    for (let i = 0; i < 4; i++) {
      expect((await call(proxy.url, '/api/v1/auth/me', { token: buyer.token })).status).toBe(200);
    }
    const backends = proxy.routed.slice(routedBefore).map((r) => r.backend);
    expect(new Set(backends)).toEqual(new Set([0, 1]));

    // The options the web app uses (packages/shared SOCKET_TRANSPORTS).
    const web = await socketOn(proxy.url, buyer.token, { ...SOCKET_TRANSPORTS });
    expect(web.socket.io.engine.transport.name).toBe('websocket');
    expect(await web.join(tradeId)).toEqual({ ok: true });
    for (const instance of [a, b]) {
      const content = `Через ${instance.name}`;
      const sent = await call(instance.live.url, `/api/v1/trades/${tradeId}/messages`, {
        method: 'POST',
        token: sellerToken,
        body: { content },
      });
      expect(sent.status).toBe(200);
      expect(await web.next('trade:message', (p: { message: string }) => p.message === content)).toBeTruthy();
    }
  });

  it('long-polling alone would not survive it (why the client starts with a WebSocket)', async () => {
    const buyer = await signInOn(a, unique('buyer'));
    await expect(
      connect(proxy.url, buyer.token, { transports: ['polling'], tryAllTransports: false }),
    ).rejects.toThrow();
  });
});
