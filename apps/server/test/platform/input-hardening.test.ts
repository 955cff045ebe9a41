import { mkdtempSync, rmSync } from 'node:fs';
import type { OutgoingHttpHeaders } from 'node:http';
import { connect as tcpConnect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TEXT_BAD_CHARACTERS, translate } from '@p2p/shared';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findInputProblem, MAX_INPUT_DEPTH } from '../../src/plugins/input-guard.ts';
import { signInStaff } from '../admin/factories.ts';
import { createUser, expectLedgerSound } from '../factories.ts';
import { createTestApp, type TestApp } from '../helpers.ts';
import { api, sellTradeIn } from '../trades/support.ts';
import { jpegWithGps, multipart } from '../uploads/images.ts';

// What the attack on every operation found (docs/decisions/013-input-hardening.md): NUL bytes
// and lone surrogates reached PostgreSQL, malformed multipart and framework errors escaped the
// envelope. Each is a 4xx in the envelope now.

let t: TestApp;
let dataDir: string;
let staff: Record<string, string>;
beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'p2p-hardening-'));
  t = await createTestApp({ DATA_DIR: dataDir });
  staff = (await signInStaff(t)).headers;
});
afterAll(async () => {
  await expectLedgerSound(t.ctx);
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

function expectRefused(res: { statusCode: number; json(): unknown; body: string }, status = 400) {
  expect(res.statusCode, res.body).toBe(status);
  const body = res.json() as { success: boolean; error: unknown; code: unknown };
  expect(body.success).toBe(false);
  expect(typeof body.error).toBe('string');
  return body;
}

const NUL = '\u0000';

describe('NUL bytes in text are a 400, never a 500', () => {
  it('in every field the attack used, for users, anonymous callers and staff', async () => {
    const http = api(t);
    const pending = await sellTradeIn(t, 'PAYMENT_PENDING');
    const completed = await sellTradeIn(t, 'COMPLETED');
    const disputed = await sellTradeIn(t, 'DISPUTED');
    const user = (await http.auth(pending.buyerId)).authorization;
    const sellerAuth = (await http.auth(completed.sellerId)).authorization;
    const cases: [string, InjectOptions][] = [
      [
        'order description',
        {
          method: 'POST',
          url: '/api/v1/orders',
          headers: { authorization: user },
          payload: {
            type: 'buy',
            cryptocurrency: 'BTC',
            amount_crypto: '0.01',
            price_per_unit: '5000000',
            payment_methods: ['sberbank'],
            description: `Куплю${NUL}`,
          },
        },
      ],
      [
        'dispute details',
        {
          method: 'POST',
          url: `/api/v1/trades/${pending.tradeId}/actions`,
          headers: { authorization: user },
          payload: { action: 'dispute_trade', payload: { reasonId: 'other', details: `нет${NUL}ответа` } },
        },
      ],
      [
        'soft-delete reason',
        {
          method: 'PATCH',
          url: `/api/v1/trades/${completed.tradeId}/soft-delete`,
          headers: { authorization: sellerAuth },
          payload: { reason: NUL },
        },
      ],
      [
        'review comment',
        {
          method: 'POST',
          url: `/api/v1/trades/${completed.tradeId}/review`,
          headers: { authorization: sellerAuth },
          payload: { rating: 5, comment: `ok${NUL}` },
        },
      ],
      [
        'payment template name',
        {
          method: 'POST',
          url: '/api/v1/payment-templates',
          headers: { authorization: user },
          payload: { name: `Сбер${NUL}`, type: 'SBP', details: { phone: '+79123456789', bankName: 'Сбер' } },
        },
      ],
      [
        'payment template details',
        {
          method: 'POST',
          url: '/api/v1/payment-templates',
          headers: { authorization: user },
          payload: { name: 'Сбер', type: 'CASH', details: { meetingLocation: `Тверская${NUL}` } },
        },
      ],
      ['trade list status', { url: '/api/v1/trades?status=a%00b', headers: { authorization: user } }],
      [
        'trades of a user status',
        { url: `/api/v1/trades/user/${pending.buyerId}?status=%00`, headers: { authorization: user } },
      ],
      [
        'staff sign-in email (anonymous)',
        {
          method: 'POST',
          url: '/api/v1/admin/auth/login',
          payload: { email: `a${NUL}@b.c`, password: 'secret1' },
        },
      ],
      ['admin user search', { url: '/api/v1/admin/users?search=%00', headers: staff }],
      ['audit log action', { url: '/api/v1/admin/audit-logs?action=a%00', headers: staff }],
      ['audit log entity type', { url: '/api/v1/admin/audit-logs?entityType=a%00', headers: staff }],
      ...(['credit', 'debit'] as const).map((op): [string, InjectOptions] => [
        `${op} reason`,
        {
          method: 'POST',
          url: `/api/v1/admin/users/${pending.sellerId}/balance/${op}`,
          headers: staff,
          payload: { cryptocurrency: 'BTC', amount: '0.01', reason: `Причина${NUL}` },
        },
      ]),
      [
        'resolve note',
        {
          method: 'POST',
          url: `/api/v1/admin/trades/${disputed.tradeId}/resolve`,
          headers: staff,
          payload: { outcome: 'refund', note: `Решение${NUL}` },
        },
      ],
    ];
    // A field with its own wording for bad characters keeps it.
    const ownWords: Record<string, string> = { 'staff sign-in email (anonymous)': 'Неверный формат email' };
    for (const [label, request] of cases) {
      const body = expectRefused(await t.app.inject(request));
      expect(body, label).toMatchObject({
        code: 'VALIDATION_ERROR',
        error: ownWords[label] ?? translate('ru', TEXT_BAD_CHARACTERS),
      });
    }
    // Nothing was written: the trades kept their states, no order or template appeared.
    expect((await http.trade(pending.tradeId, pending.buyerId)).trade.status).toBe('PAYMENT_PENDING');
    expect((await http.trade(disputed.tradeId, disputed.buyerId)).trade.status).toBe('DISPUTED');
    expect((await http.get('/orders/my', pending.buyerId)).json().data.orders).toEqual([]);
    expect((await http.get('/payment-templates', pending.buyerId)).json().data).toEqual([]);
  });
});

describe('lone UTF-16 surrogates are a 400, never a 500', () => {
  it('in the jsonb details of a payment template, in keys, and in chat', async () => {
    const http = api(t);
    const { tradeId, buyerId } = await sellTradeIn(t, 'ESCROW_LOCKED');
    const sbp = (bankName: string) => ({
      name: 'Сбер',
      type: 'SBP',
      details: { phone: '+79123456789', bankName },
    });
    expectRefused(await http.post('/payment-templates', buyerId, sbp('Sber\ud800')));
    expectRefused(await http.post('/payment-templates', buyerId, sbp('\udfffSber')));
    expectRefused(
      await http.post(`/trades/${tradeId}/actions`, buyerId, {
        action: 'mark_paid',
        payload: { '\ud800': 1 },
      }),
    );
    expectRefused(await http.post(`/trades/${tradeId}/messages`, buyerId, { content: 'привет\ud83d' }));
    // A well-formed pair (an emoji) is text like any other.
    const ok = await http.post('/payment-templates', buyerId, sbp('Сбер 😀'));
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.details.bankName).toBe('Сбер 😀');
  });
});

describe('malformed multipart is a 400, never a 500', () => {
  it('without a boundary, with a boundary the body does not use, or cut short', async () => {
    const http = api(t);
    const { tradeId, buyerId } = await sellTradeIn(t, 'ESCROW_LOCKED');
    const { authorization } = await http.auth(buyerId);
    const good = multipart('proof', 'r.jpg', 'image/jpeg', await jpegWithGps());
    const upload = (contentType: string, payload: Buffer | string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/trades/${tradeId}/payment-proof`,
        headers: { authorization, 'content-type': contentType },
        payload,
      });
    for (const res of [
      await upload('multipart/form-data', good.payload),
      await upload('multipart/form-data; boundary=not-the-one', good.payload),
      await upload(good.headers['content-type'], good.payload.subarray(0, good.payload.length - 30)),
    ]) {
      const body = expectRefused(res);
      expect(body).toMatchObject({ code: 'BAD_REQUEST', error: 'Некорректное тело multipart/form-data' });
    }
    expect((await http.trade(tradeId, buyerId)).trade.paymentProofFiles).toEqual([]);
    // The same file, well formed, is accepted.
    expect((await upload(good.headers['content-type'], good.payload)).statusCode).toBe(200);
  });
});

describe('framework errors are in the envelope', () => {
  it('bad percent-encoding in the path -> 400', async () => {
    for (const url of [
      '/api/v1/orders/%ZZ',
      '/api/v1/admin/uploads/receipts/%ED%A0%80',
      '/api/v1/users/%E0%A4%A',
    ]) {
      const body = expectRefused(await t.app.inject({ url, headers: staff }));
      expect(body).toMatchObject({ code: 'BAD_REQUEST' });
    }
  });

  it('an over-long path parameter -> 414', async () => {
    const body = expectRefused(await t.app.inject({ url: `/api/v1/orders/${'a'.repeat(10_000)}` }), 414);
    expect(body).toMatchObject({ code: 'BAD_REQUEST', error: 'Слишком длинный параметр в адресе запроса' });
  });

  it('a request Node cannot parse -> 400 written on the socket', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as { port: number };
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = tcpConnect(port, '127.0.0.1', () =>
        socket.write('GET / HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n'),
      );
      let data = '';
      socket.on('data', (chunk) => {
        data += chunk.toString('utf8');
      });
      socket.on('close', () => resolve(data));
      socket.on('error', reject);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    const json = JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4));
    expect(json).toEqual({ success: false, error: 'Некорректный HTTP-запрос', code: 'BAD_REQUEST' });
  });

  it('Authorization sent twice -> 400, even when both carry the same valid token', async () => {
    const user = await createUser(t.ctx);
    const { authorization } = await api(t).auth(user.id);
    // An array is the same header sent several times (light-my-request, like Node).
    const twice: OutgoingHttpHeaders = { Authorization: [authorization, authorization] };
    const res = await t.app.inject({ url: '/api/v1/users/me', headers: twice });
    expect(expectRefused(res)).toMatchObject({ code: 'BAD_REQUEST' });
    expect((await t.app.inject({ url: '/api/v1/users/me', headers: { authorization } })).statusCode).toBe(
      200,
    );
  });
});

describe('the request guard', () => {
  it('finds NUL and lone surrogates in values and keys at any depth, with the path', () => {
    expect(findInputProblem({ a: [{ b: 'ok' }, { c: `x${NUL}` }] })).toMatchObject({ path: 'a.1.c' });
    expect(findInputProblem({ a: { 'k\udc00': 1 } })).toMatchObject({ path: 'a.k\udc00' });
    expect(findInputProblem({ status: ['a', 'b\ud800'] })).toMatchObject({ path: 'status.1' });
    expect(findInputProblem({ text: 'Привет 😀\n\t', n: 1, b: true, z: null })).toBeNull();
  });

  it('refuses prototype keys and nesting past the limit, without recursion', () => {
    expect(findInputProblem(JSON.parse('{"a":{"__proto__":{"x":1}}}'))).toMatchObject({
      path: 'a.__proto__',
    });
    expect(findInputProblem({ constructor: 'x' })).toMatchObject({ path: 'constructor' });
    let deep: unknown = 'leaf';
    for (let i = 0; i < 200_000; i++) deep = [deep];
    expect(translate('ru', findInputProblem(deep)?.key ?? 'errors.badValue')).toBe(
      'Слишком глубокая вложенность данных',
    );
    let fits: unknown = 'leaf';
    for (let i = 0; i < MAX_INPUT_DEPTH; i++) fits = { a: fits };
    expect(findInputProblem(fits)).toBeNull();
  });
});
