import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookSignatureValid } from '../../src/modules/api-keys/signing.ts';
import {
  DELIVERY_TIMEOUT_MS,
  GIVE_UP_AFTER_MS,
  WebhookDispatcher,
} from '../../src/modules/webhooks/webhook-dispatcher.ts';
import { webhookUrlRefusal } from '../../src/modules/webhooks/webhook-url.ts';
import { createUser, expectLedgerSound, openTrade, secondFactor, sellOrderScenario } from '../factories.ts';
import { createTestApp, signInEnrolled, type TestApp, withReauth } from '../helpers.ts';
import { createKey, orderEvent, type Session, signed, startReceiver } from './support.ts';

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
    headers: await withReauth(t.app, user.headers),
    // Its owners have two-factor on: a fresh code, as for keys (docs/decisions/033).
    payload: { url, events, totpCode: await secondFactor(t.ctx, user.userId) },
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
      last_outcome: string | null;
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
  return { session, hook, tradeId, orderId, username: seller.username as string, buyerId: buyer.id };
}

/** The receiver's check (docs/api.md): t=<unix>,v1=<hex HMAC(secret, t + "." + body)>. */
function expectSignedAt(signature: unknown, secret: string, body: string, at: Date) {
  const t = Math.floor(at.getTime() / 1000);
  const v1 = createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
  expect(signature).toBe(`t=${t},v1=${v1}`);
}

describe('webhook deliveries', () => {
  it('reach the endpoint as {id, type, createdAt, data}, signed over the time and the exact body', async () => {
    receiver.answer(200);
    receiver.received.length = 0;
    const { session, hook, tradeId } = await sellerWithTrade(['trade:created']);
    const result = await dispatcher.tick();
    expect(result.delivered).toBe(1);
    expect(receiver.received).toHaveLength(1);
    const [got] = receiver.received;
    if (!got) throw new Error('nothing received');
    expectSignedAt(got.headers['x-signature'], hook.secret, got.body, t.clock.now());
    // A receiver accepts it for five minutes, not after: a captured delivery cannot be replayed later.
    const now = Math.floor(t.clock.now().getTime() / 1000);
    const header = String(got.headers['x-signature']);
    expect(webhookSignatureValid(hook.secret, header, got.body, now + 300)).toBe(true);
    expect(webhookSignatureValid(hook.secret, header, got.body, now + 301)).toBe(false);
    expect(webhookSignatureValid(hook.secret, header, `${got.body} `, now)).toBe(false);
    expect(webhookSignatureValid('whsec_other', header, got.body, now)).toBe(false);
    // The old signature over the body alone is no longer what is sent.
    expect(header).not.toBe(createHmac('sha256', hook.secret).update(got.body).digest('hex'));
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
      {
        status: 'delivered',
        attempts: 1,
        last_status_code: 200,
        last_outcome: 'delivered',
        next_attempt_at: null,
      },
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
    const { session, hook: created } = await sellerWithTrade(['trade:created']);
    expect((await dispatcher.tick()).retrying).toBe(1);
    let [hook] = await hooksOf(session);
    expect(hook?.deliveries[0]).toMatchObject({
      status: 'pending',
      attempts: 1,
      last_status_code: 500,
      last_outcome: 'error',
    });
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
    // The same bytes every time, signed anew at each attempt's time.
    expect(receiver.received[1]?.body).toBe(receiver.received[0]?.body);
    const { secret } = created;
    expectSignedAt(
      receiver.received[1]?.headers['x-signature'],
      secret,
      receiver.received[1]?.body ?? '',
      t.clock.now(),
    );
    expect(receiver.received[1]?.headers['x-signature']).not.toBe(
      receiver.received[0]?.headers['x-signature'],
    );
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
    await orderEvent(t, session);
    await dispatcher.tick();
    const [hook] = await hooksOf(session);
    expect(hook?.deliveries.length).toBeGreaterThan(0);
    for (const d of hook?.deliveries ?? []) {
      // An error, and nothing of the network's own words (a refused connection maps a network).
      expect(d).toMatchObject({ status: 'pending', last_status_code: null, last_outcome: 'error' });
      expect(d).not.toHaveProperty('last_error');
    }
    expect(JSON.stringify(hook)).not.toMatch(/ECONNREFUSED|fetch failed|Error:/);
  });

  it('call an endpoint that never answers a timeout, after 5 s', async () => {
    receiver.answer('hang');
    receiver.received.length = 0;
    const { session } = await sellerWithTrade(['trade:created']);
    const started = performance.now();
    expect((await dispatcher.tick()).retrying).toBe(1);
    expect(performance.now() - started).toBeGreaterThanOrEqual(DELIVERY_TIMEOUT_MS - 50);
    const [hook] = await hooksOf(session);
    expect(hook?.deliveries[0]).toMatchObject({
      status: 'pending',
      last_status_code: null,
      last_outcome: 'timeout',
    });
    receiver.answer(200);
  }, 20_000);

  it('tell of a chat message without its words', async () => {
    receiver.answer(200);
    receiver.received.length = 0;
    const { tradeId, buyerId } = await sellerWithTrade(['trade:message']);
    const { accessToken } = await t.ctx.sessions.start('user', buyerId);
    const secret = 'Карта 4276 1234 5678 9012, Иван';
    const sent = await t.app.inject({
      method: 'POST',
      url: `/api/v1/trades/${tradeId}/messages`,
      headers: { authorization: `Bearer ${accessToken}` },
      payload: { content: secret },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    await t.app.webhooks.outbox.idle();
    await dispatcher.tick();
    expect(receiver.received).toHaveLength(1);
    const body = JSON.parse(receiver.received[0]?.body ?? '{}');
    expect(body).toMatchObject({ type: 'trade:message' });
    expect(body.data).toEqual({ tradeId, messageId: sent.json().data.id, senderName: expect.any(String) });
    // The words themselves, not a digit group a random id could hold by chance.
    expect(receiver.received[0]?.body).not.toContain('4276 1234');
    expect(receiver.received[0]?.body).not.toContain('Карта');
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
    // This machine however written is refused in production; a private range in any environment.
    expect(webhookUrlRefusal('https://2130706433/hook', 'production')).toBe('webhooks.privateAddress');
    expect(webhookUrlRefusal('https://localhost/hook', 'production')).toBe('webhooks.privateAddress');
    expect(webhookUrlRefusal('https://10.1.2.3/hook', 'development')).toBe('webhooks.privateAddress');
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
