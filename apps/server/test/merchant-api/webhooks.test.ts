import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GIVE_UP_AFTER_MS, WebhookDispatcher } from '../../src/modules/webhooks/webhook-dispatcher.ts';
import { webhookUrlRefusal } from '../../src/modules/webhooks/webhook-url.ts';
import { createUser, expectLedgerSound, openTrade, sellOrderScenario } from '../factories.ts';
import { createTestApp, signInEnrolled, type TestApp } from '../helpers.ts';
import { createKey, type Session, signed, startReceiver } from './support.ts';

/**
 * Webhooks (docs/api.md): events of a user's trades and orders reach their endpoint, signed
 * over the exact body, retried with backoff on the app's clock and given up after 24 hours.
 * The endpoint is a local HTTP server on 127.0.0.1 (no internet here).
 */

let t: TestApp;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let dispatcher: WebhookDispatcher;
beforeAll(async () => {
  t = await createTestApp();
  receiver = await startReceiver();
  dispatcher = new WebhookDispatcher(t.ctx);
});
afterAll(async () => {
  await expectLedgerSound(t.ctx);
  await receiver.close();
  await t.close();
});

async function addWebhook(user: Session, url: string, events: string[]) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/webhooks',
    headers: user.headers,
    payload: { url, events },
  });
}

const hooksOf = async (user: Session) =>
  (await t.app.inject({ url: '/api/v1/webhooks', headers: user.headers })).json().data as {
    id: string;
    deliveries: {
      status: string;
      attempts: number;
      next_attempt_at: string | null;
      last_status_code: number | null;
    }[];
  }[];

/** A new seller with a webhook on `events`, and a trade opened on their order (its events queued). */
async function sellerWithTrade(events: string[]) {
  const { seller, buyer, orderId } = await sellOrderScenario(t.ctx, '1');
  const session = await signInEnrolled(t, seller.username as string);
  const created = await addWebhook(session, receiver.url, events);
  expect(created.statusCode).toBe(200);
  const hook = created.json().data as { id: string; secret: string };
  const tradeId = await openTrade(t.ctx, buyer.id, orderId, '5000');
  await t.app.webhooks.outbox.idle();
  return { session, hook, tradeId, orderId, username: seller.username as string };
}

describe('webhook deliveries', () => {
  it('reach the endpoint as {id, type, createdAt, data}, signed over the exact body', async () => {
    receiver.answer(200);
    receiver.received.length = 0;
    const { session, hook, tradeId } = await sellerWithTrade(['trade:created']);
    const result = await dispatcher.tick();
    expect(result.delivered).toBe(1);
    expect(receiver.received).toHaveLength(1);
    const [got] = receiver.received;
    if (!got) throw new Error('nothing received');
    const expected = createHmac('sha256', hook.secret).update(got.body).digest('hex');
    expect(got.headers['x-signature']).toBe(expected);
    expect(got.headers['x-webhook-id']).toBe(hook.id);
    expect(got.headers['content-type']).toBe('application/json');
    const body = JSON.parse(got.body);
    expect(body).toEqual({
      id: got.headers['x-event-id'],
      type: 'trade:created',
      createdAt: t.clock.now().toISOString(),
      data: expect.objectContaining({ tradeId }),
    });
    const [listed] = await hooksOf(session);
    expect(listed?.deliveries).toMatchObject([
      { status: 'delivered', attempts: 1, last_status_code: 200, next_attempt_at: null },
    ]);
    // Delivered once: another pass sends nothing.
    expect((await dispatcher.tick()).delivered).toBe(0);
    expect(receiver.received).toHaveLength(1);
  });

  it('only the events subscribed to, and only the owner’s', async () => {
    receiver.answer(200);
    receiver.received.length = 0;
    await sellerWithTrade(['order:updated']);
    await dispatcher.tick();
    expect(receiver.received.map((r) => JSON.parse(r.body).type)).toEqual(['order:updated']);
  });

  it('are retried after a 500 with exponential backoff on the app’s clock, then delivered', async () => {
    receiver.answer(500);
    receiver.received.length = 0;
    const { session } = await sellerWithTrade(['trade:created']);
    expect((await dispatcher.tick()).retrying).toBe(1);
    let [hook] = await hooksOf(session);
    expect(hook?.deliveries[0]).toMatchObject({ status: 'pending', attempts: 1, last_status_code: 500 });
    expect(hook?.deliveries[0]?.next_attempt_at).toBe(
      new Date(t.clock.now().getTime() + 30_000).toISOString(),
    );
    // Not due yet: nothing is sent.
    t.clock.advance(29_000);
    await dispatcher.tick();
    expect(receiver.received).toHaveLength(1);
    // Due: the second attempt fails too and waits twice as long.
    t.clock.advance(1_000);
    await dispatcher.tick();
    expect(receiver.received).toHaveLength(2);
    [hook] = await hooksOf(session);
    expect(hook?.deliveries[0]?.next_attempt_at).toBe(
      new Date(t.clock.now().getTime() + 60_000).toISOString(),
    );
    // The same bytes and signature every time.
    expect(receiver.received[1]?.body).toBe(receiver.received[0]?.body);
    expect(receiver.received[1]?.headers['x-signature']).toBe(receiver.received[0]?.headers['x-signature']);
    receiver.answer(204);
    t.clock.advance(60_000);
    expect((await dispatcher.tick()).delivered).toBe(1);
    [hook] = await hooksOf(session);
    expect(hook?.deliveries[0]).toMatchObject({ status: 'delivered', attempts: 3, last_status_code: 204 });
  });

  it('are given up 24 hours after the event, and never sent again', async () => {
    receiver.answer(503);
    receiver.received.length = 0;
    const { username } = await sellerWithTrade(['trade:created']);
    const start = t.clock.now().getTime();
    while (t.clock.now().getTime() - start < GIVE_UP_AFTER_MS + 2 * 3_600_000) {
      await dispatcher.tick();
      t.clock.advance(3_600_000);
    }
    // A day later the access token has long expired: the seller signs in again.
    const session = await signInEnrolled(t, username);
    const [hook] = await hooksOf(session);
    expect(hook?.deliveries[0]).toMatchObject({
      status: 'failed',
      last_status_code: 503,
      next_attempt_at: null,
    });
    const attempts = receiver.received.length;
    // Hourly at most once backoff reaches an hour, the last one at the 24-hour mark.
    expect(attempts).toBeGreaterThanOrEqual(20);
    expect(attempts).toBeLessThanOrEqual(26);
    t.clock.advance(3_600_000);
    await dispatcher.tick();
    expect(receiver.received).toHaveLength(attempts);
  });

  it('survive an endpoint that does not answer (a refused connection is a failed attempt)', async () => {
    const user = await createUser(t.ctx);
    const session = await signInEnrolled(t, user.username as string);
    const created = await addWebhook(session, 'http://127.0.0.1:9/closed', ['order:updated']);
    expect(created.statusCode).toBe(200);
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/orders',
      headers: session.headers,
      payload: {
        type: 'buy',
        cryptocurrency: 'BTC',
        amount_crypto: '0.01',
        price_per_unit: '5000000',
        fiat_currency: 'RUB',
        payment_methods: ['sberbank'],
        min_amount: '1000',
        time_limit: 30,
      },
    });
    await t.app.webhooks.outbox.idle();
    await dispatcher.tick();
    const [hook] = await hooksOf(session);
    for (const d of hook?.deliveries ?? [])
      expect(d).toMatchObject({ status: 'pending', last_status_code: null });
  });
});

describe('managing webhooks', () => {
  it('refuses plain http except to this machine outside production', async () => {
    const user = await signInEnrolled(t, 'hook_urls');
    const refused = await addWebhook(user, 'http://example.com/hook', ['trade:created']);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toBe('Адрес вебхука должен начинаться с https://');
    expect((await addWebhook(user, 'ftp://example.com/hook', ['trade:created'])).statusCode).toBe(400);
    expect((await addWebhook(user, 'https://example.com/hook', ['trade:created'])).statusCode).toBe(200);
    expect((await addWebhook(user, 'http://localhost:8080/hook', ['trade:created'])).statusCode).toBe(200);
    expect(webhookUrlRefusal('http://127.0.0.1/hook', 'production')).toBe('webhooks.httpsRequired');
    expect(webhookUrlRefusal('http://localhost/hook', 'development')).toBeNull();
    expect(webhookUrlRefusal('https://10.1.2.3/hook', 'production')).toBe('webhooks.privateAddress');
    expect(webhookUrlRefusal('https://[::1]/hook', 'production')).toBe('webhooks.privateAddress');
    expect(webhookUrlRefusal('https://example.com/hook', 'production')).toBeNull();
  });

  it('answers the secret once; another user can neither see nor delete it; a key cannot manage them', async () => {
    const owner = await signInEnrolled(t, 'hook_owner');
    const stranger = await signInEnrolled(t, 'hook_stranger');
    const created = (await addWebhook(owner, 'https://example.com/hook', ['trade:updated'])).json().data;
    expect(created.secret).toMatch(/^whsec_/);
    const listed = await hooksOf(owner);
    expect(listed).toHaveLength(1);
    expect(JSON.stringify(listed)).not.toContain(created.secret);
    expect(await hooksOf(stranger)).toEqual([]);
    const theirs = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/webhooks/${created.id}`,
      headers: stranger.headers,
    });
    expect(theirs.statusCode).toBe(404);
    const key = await createKey(t, owner, ['read', 'trade']);
    const byKey = await t.app.inject(
      signed(t, key, { method: 'DELETE', url: `/api/v1/webhooks/${created.id}` }),
    );
    expect(byKey.statusCode).toBe(403);
    const mine = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/webhooks/${created.id}`,
      headers: owner.headers,
    });
    expect(mine.statusCode).toBe(200);
    expect(await hooksOf(owner)).toEqual([]);
  });
});
