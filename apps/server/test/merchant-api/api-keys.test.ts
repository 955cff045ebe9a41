import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaffMember } from '../admin/factories.ts';
import { createOrder, expectLedgerSound, fund, orderInput, PAID, secondFactor } from '../factories.ts';
import { createTestApp, servicesOf, signIn, signInEnrolled, type TestApp, withReauth } from '../helpers.ts';
import { createKey, type Key, type Session, signed } from './support.ts';

/**
 * The merchant API's keys against an attacker (docs/decisions/025): whoever holds a key's
 * identifier but not its secret, a captured request, a skewed or foreign client, a key of too
 * few rights, and a key trying what only its owner's session may do.
 */

let t: TestApp;
let owner: Session;
let trader: Key;
let reader: Key;
beforeAll(async () => {
  t = await createTestApp();
  owner = await signInEnrolled(t, 'merchant_owner');
  await fund(t.ctx, owner.userId, 'BTC', '2');
  trader = await createKey(t, owner, ['read', 'trade']);
  reader = await createKey(t, owner, ['read']);
});
afterAll(async () => {
  await expectLedgerSound(t.ctx);
  await t.close();
});

const MY_ORDERS = '/api/v1/orders/my';
const buyOrder = () =>
  orderInput({ type: 'buy', amount_crypto: '0.01', min_amount: '1000', max_amount: '50000' });

describe('a signed request', () => {
  it('acts as the key’s user: reads their orders and places an order in their name', async () => {
    const created = await t.app.inject(
      signed(t, trader, { method: 'POST', url: '/api/v1/orders', body: buyOrder() }),
    );
    expect(created.statusCode).toBe(200);
    const orderId = created.json().data.id as string;
    // The owner's own session sees the order as theirs.
    const mine = await t.app.inject({ url: MY_ORDERS, headers: owner.headers });
    expect(mine.json().data.orders.map((o: { id: string }) => o.id)).toContain(orderId);
    const read = await t.app.inject(signed(t, reader, { url: MY_ORDERS }));
    expect(read.statusCode).toBe(200);
    expect(read.json().data.orders.map((o: { id: string }) => o.id)).toContain(orderId);
  });

  it('covers the query string: a signed path with another query is refused', async () => {
    const opts = signed(t, reader, { url: '/api/v1/trades?limit=5' });
    const ok = await t.app.inject(opts);
    expect(ok.statusCode).toBe(200);
    const tampered = signed(t, reader, { url: '/api/v1/trades?limit=5' });
    const res = await t.app.inject({ ...tampered, url: '/api/v1/trades?limit=50' });
    expect(res.statusCode).toBe(401);
  });
});

describe('refused credentials: 401 with the reason', () => {
  it('a signature made with another secret', async () => {
    const res = await t.app.inject(signed(t, reader, { url: MY_ORDERS, secret: 'sk_guessed' }));
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'UNAUTHORIZED', error: 'Неверная подпись запроса' });
  });

  it('a body changed after signing', async () => {
    const opts = signed(t, trader, { method: 'POST', url: '/api/v1/orders', body: buyOrder() });
    const res = await t.app.inject({
      ...opts,
      payload: JSON.stringify({ ...buyOrder(), amount_crypto: '0.02' }),
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe('Неверная подпись запроса');
  });

  it('a timestamp 31 s off the server clock, either way (29 s passes)', async () => {
    for (const skewMs of [31_000, -31_000]) {
      const res = await t.app.inject(signed(t, reader, { url: MY_ORDERS, skewMs }));
      expect(res.statusCode).toBe(401);
      expect(res.json().error).toBe('Время запроса отличается от времени сервера больше чем на 30 с');
    }
    for (const skewMs of [29_000, -29_000]) {
      expect((await t.app.inject(signed(t, reader, { url: MY_ORDERS, skewMs }))).statusCode).toBe(200);
    }
  });

  it('the same signed request sent again (a replay), even within the window', async () => {
    const opts = signed(t, reader, { url: MY_ORDERS });
    expect((await t.app.inject(opts)).statusCode).toBe(200);
    const again = await t.app.inject(opts);
    expect(again.statusCode).toBe(401);
    expect(again.json().error).toBe('Этот подписанный запрос уже был принят. Подпишите запрос заново');
    // A replayed write creates nothing twice.
    const write = signed(t, trader, { method: 'POST', url: '/api/v1/orders', body: buyOrder() });
    expect((await t.app.inject(write)).statusCode).toBe(200);
    expect((await t.app.inject(write)).statusCode).toBe(401);
  });

  it('a signature is checked before the body is read as JSON (401 before 400)', async () => {
    const opts = signed(t, trader, { method: 'POST', url: '/api/v1/orders', body: buyOrder() });
    const res = await t.app.inject({ ...opts, payload: '{"type": "buy",' });
    expect(res.statusCode).toBe(401);
  });

  it('missing signing headers, or an unknown key', async () => {
    const opts = signed(t, reader, { url: MY_ORDERS });
    const headers = { ...(opts.headers as Record<string, string>) };
    delete headers['x-api-signature'];
    const res = await t.app.inject({ ...opts, headers });
    expect(res.statusCode).toBe(401);
    const unknown = await t.app.inject(
      signed(t, { ...reader, key: `pk_${'0'.repeat(32)}` }, { url: MY_ORDERS }),
    );
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().error).toBe('Ключ API не найден или отозван');
  });

  it('a revoked key', async () => {
    const key = await createKey(t, owner, ['read']);
    expect((await t.app.inject(signed(t, key, { url: MY_ORDERS }))).statusCode).toBe(200);
    const revoked = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/api-keys/${key.id}`,
      headers: owner.headers,
    });
    expect(revoked.statusCode).toBe(200);
    const res = await t.app.inject(signed(t, key, { url: MY_ORDERS }));
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe('Ключ API не найден или отозван');
  });

  it('an address outside the key’s allow-list', async () => {
    const key = await createKey(t, owner, ['read'], { ip_allowlist: ['203.0.113.7', '2001:db8::1'] });
    const inside = await t.app.inject(signed(t, key, { url: MY_ORDERS, remoteAddress: '203.0.113.7' }));
    expect(inside.statusCode).toBe(200);
    const outside = await t.app.inject(signed(t, key, { url: MY_ORDERS, remoteAddress: '198.51.100.1' }));
    expect(outside.statusCode).toBe(401);
    expect(outside.json().error).toBe('Запросы с этого IP-адреса по этому ключу не разрешены');
    // Without an allow-list any address is accepted.
    expect(
      (await t.app.inject(signed(t, reader, { url: MY_ORDERS, remoteAddress: '198.51.100.1' }))).statusCode,
    ).toBe(200);
  });

  it('the key of a blocked user stops working', async () => {
    const victim = await signInEnrolled(t, 'merchant_blocked');
    const key = await createKey(t, victim, ['read']);
    expect((await t.app.inject(signed(t, key, { url: MY_ORDERS }))).statusCode).toBe(200);
    const admin = await createStaffMember(t, { role: 'admin' });
    const actor = { staffId: admin.id, ipAddress: null, userAgent: null, idempotencyKey: undefined };
    await servicesOf(t.ctx).admin.users.block(actor, victim.userId, 'Проверка службы безопасности');
    const res = await t.app.inject(signed(t, key, { url: MY_ORDERS }));
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe('Аккаунт владельца ключа заблокирован');
  });
});

describe('what a key may do', () => {
  it('a read-only key cannot place an order (403, nothing created)', async () => {
    const before = (await t.app.inject({ url: MY_ORDERS, headers: owner.headers })).json().data.orders.length;
    const res = await t.app.inject(
      signed(t, reader, { method: 'POST', url: '/api/v1/orders', body: buyOrder() }),
    );
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'FORBIDDEN', error: 'У ключа нет права «trade»' });
    const after = (await t.app.inject({ url: MY_ORDERS, headers: owner.headers })).json().data.orders.length;
    expect(after).toBe(before);
  });

  it('a trade-only key cannot read', async () => {
    const key = await createKey(t, owner, ['trade']);
    expect((await t.app.inject(signed(t, key, { url: MY_ORDERS }))).statusCode).toBe(403);
  });

  it('never withdraws, manages keys, webhooks, sessions, two-factor or settings (403)', async () => {
    const calls = [
      {
        method: 'POST' as const,
        url: '/api/v1/withdrawals/request',
        body: {
          cryptocurrency: 'BTC',
          network: 'BTC',
          amount: '0.1',
          toAddress: 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh',
          totpCode: '123456',
        },
      },
      { method: 'POST' as const, url: '/api/v1/api-keys', body: { name: 'Еще', scopes: ['read', 'trade'] } },
      { method: 'GET' as const, url: '/api/v1/api-keys' },
      { method: 'DELETE' as const, url: `/api/v1/api-keys/${trader.id}` },
      {
        method: 'POST' as const,
        url: '/api/v1/webhooks',
        body: { url: 'https://example.com/h', events: ['trade:created'] },
      },
      { method: 'GET' as const, url: '/api/v1/webhooks' },
      { method: 'POST' as const, url: '/api/v1/auth/sessions/end-all' },
      { method: 'POST' as const, url: '/api/v1/users/2fa/disable', body: { code: '123456' } },
      { method: 'GET' as const, url: '/api/v1/users/2fa/status' },
      { method: 'PUT' as const, url: '/api/v1/users/settings', body: { notifications: { chat: false } } },
    ];
    for (const call of calls) {
      const res = await t.app.inject(signed(t, trader, call));
      expect(res.statusCode, `${call.method} ${call.url}`).toBe(403);
      expect(res.json().error).toBe('Это действие доступно только после входа в аккаунт, не по ключу API');
    }
    // The key still works, and is still listed for its owner.
    const list = await t.app.inject({ url: '/api/v1/api-keys', headers: owner.headers });
    expect(list.json().data.map((k: { id: string }) => k.id)).toContain(trader.id);
  });

  it('runs a trade as the buyer but never confirms receipt or releases as the seller', async () => {
    const buyerSession = await signInEnrolled(t, 'merchant_buyer');
    const buyerKey = await createKey(t, buyerSession, ['read', 'trade']);
    const { id: orderId } = await createOrder(t.ctx, owner.userId, { amount_crypto: '0.5' });
    const opened = await t.app.inject(
      signed(t, buyerKey, {
        method: 'POST',
        url: '/api/v1/trades',
        body: { orderId, amountFiat: '5000', paymentMethod: 'sberbank' },
      }),
    );
    expect(opened.statusCode).toBe(200);
    const tradeId = opened.json().tradeId as string;
    const act = (key: Key, action: string, payload: Record<string, unknown>) =>
      t.app.inject(
        signed(t, key, {
          method: 'POST',
          url: `/api/v1/trades/${tradeId}/actions`,
          body: { action, payload },
        }),
      );
    const paid = await act(buyerKey, 'mark_paid', PAID);
    expect(paid.statusCode).toBe(200);
    expect(paid.json().data.trade.status).toBe('PAYMENT_PENDING');
    const chat = await t.app.inject(
      signed(t, buyerKey, {
        method: 'POST',
        url: `/api/v1/trades/${tradeId}/messages`,
        body: { content: 'Оплатил' },
      }),
    );
    expect(chat.statusCode).toBe(200);

    // The seller's key, even with a valid code, is refused confirming and releasing.
    for (const action of ['confirm_payment', 'release_crypto', 'release_funds', ' confirm_payment ']) {
      const res = await act(trader, action, { totpCode: await secondFactor(t.ctx, owner.userId) });
      expect(res.statusCode, action).toBe(403);
      expect(res.json().error).toBe(
        'Подтвердить получение оплаты и отпустить криптовалюту можно только после входа в аккаунт, не по ключу API',
      );
    }
    const view = await t.app.inject({ url: `/api/v1/trades/${tradeId}`, headers: owner.headers });
    expect(view.json().data.trade.status).toBe('PAYMENT_PENDING');
    // The owner's session confirms as usual.
    const confirmed = await t.app.inject({
      method: 'POST',
      url: `/api/v1/trades/${tradeId}/actions`,
      headers: owner.headers,
      payload: { action: 'confirm_payment', payload: { totpCode: await secondFactor(t.ctx, owner.userId) } },
    });
    expect(confirmed.statusCode).toBe(200);
  });
});

describe('managing keys from a session', () => {
  it('creating a key takes a fresh second-factor code when two-factor is on', async () => {
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/v1/api-keys',
      headers: await withReauth(t.app, owner.headers),
      payload: { name: 'Без кода', scopes: ['read'] },
    });
    expect(missing.statusCode).toBe(403);
    expect(missing.json()).toMatchObject({ code: 'TWO_FACTOR_REQUIRED', details: { reason: 'missing' } });
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/v1/api-keys',
      headers: await withReauth(t.app, owner.headers),
      payload: { name: 'Неверный код', scopes: ['read'], totpCode: '000000' },
    });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toMatchObject({ code: 'TWO_FACTOR_REQUIRED', details: { reason: 'invalid' } });
    // Without two-factor on, no code is asked.
    const plain = await signIn(t.app, 'merchant_plain');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/api-keys',
      headers: await withReauth(t.app, plain.headers),
      payload: { name: 'Чтение', scopes: ['read'] },
    });
    expect(res.statusCode).toBe(200);
  });

  it('answers the secret once; the list shows a prefix, scopes and last use, never the secret', async () => {
    const key = await createKey(t, owner, ['read'], { name: 'Отчеты' });
    expect(key.key).toMatch(/^pk_[0-9a-f]{32}$/);
    expect(key.secret).toMatch(/^sk_/);
    const before = (await t.app.inject({ url: '/api/v1/api-keys', headers: owner.headers })).json().data;
    const listed = before.find((k: { id: string }) => k.id === key.id);
    expect(listed).toEqual({
      id: key.id,
      name: 'Отчеты',
      key_prefix: key.key.slice(0, 11),
      scopes: ['read'],
      ip_allowlist: [],
      created_at: t.clock.now().toISOString(),
      last_used_at: null,
    });
    expect(JSON.stringify(before)).not.toContain(key.secret);
    await t.app.inject(signed(t, key, { url: MY_ORDERS }));
    const after = (await t.app.inject({ url: '/api/v1/api-keys', headers: owner.headers })).json().data;
    expect(after.find((k: { id: string }) => k.id === key.id).last_used_at).toBe(t.clock.now().toISOString());
  });

  it('another user can neither see nor revoke my keys (404)', async () => {
    const stranger = await signInEnrolled(t, 'merchant_stranger');
    const theirs = await t.app.inject({ url: '/api/v1/api-keys', headers: stranger.headers });
    expect(theirs.json().data).toEqual([]);
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/api-keys/${trader.id}`,
      headers: stranger.headers,
    });
    expect(res.statusCode).toBe(404);
    expect((await t.app.inject(signed(t, trader, { url: MY_ORDERS }))).statusCode).toBe(200);
  });

  it('refuses unknown scopes and malformed addresses', async () => {
    for (const payload of [
      { name: 'x', scopes: ['withdraw'] },
      { name: 'x', scopes: [] },
      { name: 'x', scopes: ['read'], ip_allowlist: ['300.1.1.1'] },
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/api-keys',
        headers: await withReauth(t.app, owner.headers),
        payload: { ...payload, totpCode: await secondFactor(t.ctx, owner.userId) },
      });
      expect(res.statusCode).toBe(400);
    }
  });
});

describe('the OpenAPI document', () => {
  it('describes the signing headers and offers them exactly where a key is accepted', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json();
    expect(Object.keys(doc.components.securitySchemes)).toEqual(
      expect.arrayContaining(['bearer', 'apiKey', 'apiTimestamp', 'apiSignature']),
    );
    const signedScheme = { apiKey: [], apiTimestamp: [], apiSignature: [] };
    expect(doc.paths['/api/v1/orders'].post.security).toContainEqual(signedScheme);
    expect(doc.paths['/api/v1/trades/{id}/actions'].post.security).toContainEqual(signedScheme);
    expect(doc.paths['/api/v1/orders/my'].get.security).toContainEqual(signedScheme);
    expect(doc.paths['/api/v1/withdrawals/request'].post.security).not.toContainEqual(signedScheme);
    expect(doc.paths['/api/v1/api-keys'].post.security).not.toContainEqual(signedScheme);
    expect(doc.paths['/api/v1/api-keys'].get.security).not.toContainEqual(signedScheme);
  });
});
