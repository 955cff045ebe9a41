import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totpCodeAt } from '../../src/modules/two-factor/totp.ts';
import {
  balance,
  createOrder,
  createUser,
  expectLedgerSound,
  fund,
  PAID,
  TEST_TOTP_SECRET,
} from '../factories.ts';
import { createTestApp, type TestApp, withReauth } from '../helpers.ts';

/**
 * Money leaves an account only with its owner's second factor (docs/decisions/023). The thief
 * holds the victim's access token and nothing else; an accomplice has an account of their own.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await expectLedgerSound(t.ctx);
  await t.close();
});

const STEP_MS = 30_000;

/** A session of `userId`, as a stolen token or the owner's own browser would hold it. */
async function sessionOf(userId: string) {
  const tokens = await t.ctx.sessions.start('user', userId);
  return { headers: { authorization: `Bearer ${tokens.accessToken}` }, refreshToken: tokens.refreshToken };
}

function call(headers: Record<string, string>, method: 'GET' | 'POST', url: string, payload?: object) {
  return t.app.inject({ method, url: `/api/v1${url}`, headers, ...(payload ? { payload } : {}) });
}

const act = (headers: Record<string, string>, tradeId: string, action: string, payload: object = {}) =>
  call(headers, 'POST', `/trades/${tradeId}/actions`, { action, payload });

/** The accomplice's buy order of 0.1 BTC at 5 000 000 ₽: the victim is meant to "sell" into it. */
async function accomplicesBuyOrder() {
  const accomplice = await createUser(t.ctx);
  const { id: orderId } = await createOrder(t.ctx, accomplice.id, { type: 'buy', amount_crypto: '0.1' });
  return { accomplice, orderId };
}

describe('a stolen session against an account without two-factor', () => {
  it('cannot sell: no sell order, no taking a buy order; the balance stays where it was', async () => {
    const victim = await createUser(t.ctx, { twoFactor: false });
    await fund(t.ctx, victim.id, 'BTC', '1');
    const stolen = await sessionOf(victim.id);
    const { orderId } = await accomplicesBuyOrder();

    const sell = await call(stolen.headers, 'POST', '/orders', {
      type: 'sell',
      cryptocurrency: 'BTC',
      amount_crypto: '0.5',
      price_per_unit: '5000000',
      fiat_currency: 'RUB',
      payment_methods: ['sberbank'],
      time_limit: 30,
      min_amount: '1000',
    });
    expect(sell.statusCode).toBe(403);
    expect(sell.json()).toMatchObject({
      code: 'TWO_FACTOR_REQUIRED',
      error: 'Включите двухфакторную аутентификацию, чтобы продавать и выводить средства',
      details: { reason: 'not_enabled' },
    });
    const take = await call(stolen.headers, 'POST', '/trades', {
      orderId,
      amountFiat: '50000',
      paymentMethod: 'sberbank',
    });
    expect(take.statusCode).toBe(403);
    expect(take.json()).toMatchObject({ code: 'TWO_FACTOR_REQUIRED', details: { reason: 'not_enabled' } });
    // English callers read it in English.
    const english = await t.app.inject({
      method: 'POST',
      url: '/api/v1/trades',
      headers: { ...stolen.headers, 'accept-language': 'en' },
      payload: { orderId, amountFiat: '50000', paymentMethod: 'sberbank' },
    });
    expect(english.json().error).toBe('Turn on two-factor authentication to sell and withdraw funds');
    expect(await balance(t.ctx, victim.id)).toEqual({ available: 100_000_000n, locked: 0n });
  });
});

describe('a stolen session against an account with two-factor', () => {
  it('cannot move the escrow to an accomplice: confirm_payment asks for the code, release waits for it', async () => {
    const victim = await createUser(t.ctx);
    await fund(t.ctx, victim.id, 'BTC', '1');
    const stolen = await sessionOf(victim.id);
    const { accomplice, orderId } = await accomplicesBuyOrder();
    const accompliceSession = await sessionOf(accomplice.id);

    // Taking a buy order locks the victim's coins in escrow, but commits nothing yet.
    const taken = await call(stolen.headers, 'POST', '/trades', {
      orderId,
      amountFiat: '50000',
      paymentMethod: 'sberbank',
    });
    expect(taken.statusCode, taken.body).toBe(200);
    const tradeId = taken.json().tradeId as string;
    expect((await act(accompliceSession.headers, tradeId, 'mark_paid', PAID)).statusCode).toBe(200);

    const none = await act(stolen.headers, tradeId, 'confirm_payment');
    expect(none.statusCode).toBe(403);
    expect(none.json()).toMatchObject({
      code: 'TWO_FACTOR_REQUIRED',
      error: 'Введите код двухфакторной аутентификации, чтобы подтвердить получение оплаты',
      details: { reason: 'missing' },
    });
    for (const guess of ['000000', '123456', 'aaaaa-bbbbb']) {
      const wrong = await act(stolen.headers, tradeId, 'confirm_payment', { totpCode: guess });
      expect(wrong.statusCode).toBe(403);
      expect(wrong.json()).toMatchObject({
        error: 'Неверный код двухфакторной аутентификации',
        details: { reason: 'invalid' },
      });
    }
    expect((await act(stolen.headers, tradeId, 'release_crypto')).statusCode).toBe(409);
    const view = (await call(stolen.headers, 'GET', `/trades/${tradeId}`)).json().data;
    expect(view.trade.status).toBe('PAYMENT_PENDING');
    expect(view.escrow.status).toBe('locked');
    // The coins are held, not gone: escrow in the victim's locked balance, nothing with the accomplice.
    expect(await balance(t.ctx, victim.id)).toEqual({ available: 99_000_000n, locked: 1_000_000n });
    expect(await balance(t.ctx, accomplice.id)).toEqual({ available: 0n, locked: 0n });

    // Two more wrong guesses and code entry is locked for everyone, the owner included.
    for (let i = 0; i < 2; i++) await act(stolen.headers, tradeId, 'confirm_payment', { totpCode: '999999' });
    const right = await totpCodeAt(TEST_TOTP_SECRET, t.clock.now());
    const locked = await act(stolen.headers, tradeId, 'confirm_payment', { totpCode: right });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().code).toBe('RATE_LIMITED');
    t.clock.advance(15 * 60_000);
  });

  it('spends each time step once: a code seen over the shoulder cannot be replayed', async () => {
    const seller = await createUser(t.ctx);
    await fund(t.ctx, seller.id, 'BTC', '1');
    const { id: orderId } = await createOrder(t.ctx, seller.id, { amount_crypto: '1' });
    const session = await sessionOf(seller.id);
    const other = await sessionOf(seller.id);
    const trades = [];
    for (let i = 0; i < 2; i++) {
      const buyer = await createUser(t.ctx);
      const b = await sessionOf(buyer.id);
      const opened = await call(b.headers, 'POST', '/trades', {
        orderId,
        amountFiat: '50000',
        paymentMethod: 'sberbank',
      });
      const tradeId = opened.json().tradeId as string;
      expect((await act(b.headers, tradeId, 'mark_paid', PAID)).statusCode).toBe(200);
      trades.push(tradeId);
    }
    t.clock.advance(STEP_MS);
    const code = await totpCodeAt(TEST_TOTP_SECRET, t.clock.now());
    expect(
      (await act(session.headers, trades[0] as string, 'confirm_payment', { totpCode: code })).statusCode,
    ).toBe(200);
    // Another session (no window of its own) presents the same code: refused, named as used.
    const replay = await act(other.headers, trades[1] as string, 'confirm_payment', { totpCode: code });
    expect(replay.statusCode).toBe(403);
    expect(replay.json().details).toMatchObject({ reason: 'used' });
  });
});

describe('the step-up window', () => {
  /** A seller with `n` paid trades awaiting confirmation, and a session of theirs. */
  async function sellerWithPaidTrades(n: number) {
    const seller = await createUser(t.ctx);
    await fund(t.ctx, seller.id, 'BTC', '1');
    const { id: orderId } = await createOrder(t.ctx, seller.id, { amount_crypto: '1' });
    const ids: string[] = [];
    for (let i = 0; i < n; i++) {
      const buyer = await createUser(t.ctx);
      const b = await sessionOf(buyer.id);
      const opened = await call(b.headers, 'POST', '/trades', {
        orderId,
        amountFiat: '50000',
        paymentMethod: 'sberbank',
      });
      const tradeId = opened.json().tradeId as string;
      expect((await act(b.headers, tradeId, 'mark_paid', PAID)).statusCode).toBe(200);
      ids.push(tradeId);
    }
    return { seller, ids, session: await sessionOf(seller.id) };
  }

  it('lets a merchant confirm trade after trade on one code, in that session only, for STEP_UP_MINUTES', async () => {
    const { seller, ids, session } = await sellerWithPaidTrades(4);
    t.clock.advance(STEP_MS);
    const code = await totpCodeAt(TEST_TOTP_SECRET, t.clock.now());
    const first = await act(session.headers, ids[0] as string, 'confirm_payment', { totpCode: code });
    expect(first.statusCode).toBe(200);
    const until = new Date(t.clock.now().getTime() + 5 * 60_000).toISOString();
    expect((await call(session.headers, 'GET', '/users/2fa/status')).json().data.stepUpUntil).toBe(until);

    // Within the window: no code.
    t.clock.advance(4 * 60_000);
    expect((await act(session.headers, ids[1] as string, 'confirm_payment')).statusCode).toBe(200);
    // Another session of the same user has no window.
    const elsewhere = await sessionOf(seller.id);
    expect((await call(elsewhere.headers, 'GET', '/users/2fa/status')).json().data.stepUpUntil).toBeNull();
    const other = await act(elsewhere.headers, ids[2] as string, 'confirm_payment');
    expect(other.statusCode).toBe(403);
    expect(other.json().details).toMatchObject({ reason: 'missing' });
    // Past the window: a code again.
    t.clock.advance(60_001);
    expect((await call(session.headers, 'GET', '/users/2fa/status')).json().data.stepUpUntil).toBeNull();
    const late = await act(session.headers, ids[2] as string, 'confirm_payment');
    expect(late.statusCode).toBe(403);
    expect(late.json().details).toMatchObject({ reason: 'missing' });
    // POST /users/2fa/step-up opens it without a money action.
    const up = await call(session.headers, 'POST', '/users/2fa/step-up', {
      code: await totpCodeAt(TEST_TOTP_SECRET, t.clock.now()),
    });
    expect(up.statusCode, up.body).toBe(200);
    expect((await act(session.headers, ids[2] as string, 'confirm_payment')).statusCode).toBe(200);
    // A wrong code to step-up is refused and opens nothing.
    expect((await call(elsewhere.headers, 'POST', '/users/2fa/step-up', { code: '000000' })).statusCode).toBe(
      403,
    );
    expect((await act(elsewhere.headers, ids[3] as string, 'confirm_payment')).statusCode).toBe(403);
  });

  it('ends with the session (logout), and when two-factor is turned off', async () => {
    const { seller, ids, session } = await sellerWithPaidTrades(2);
    t.clock.advance(STEP_MS);
    const up = await call(session.headers, 'POST', '/users/2fa/step-up', {
      code: await totpCodeAt(TEST_TOTP_SECRET, t.clock.now()),
    });
    expect(up.statusCode).toBe(200);
    await call(session.headers, 'POST', '/auth/logout');
    expect((await act(session.headers, ids[0] as string, 'confirm_payment')).statusCode).toBe(401);

    const fresh = await sessionOf(seller.id);
    t.clock.advance(STEP_MS);
    await call(fresh.headers, 'POST', '/users/2fa/step-up', {
      code: await totpCodeAt(TEST_TOTP_SECRET, t.clock.now()),
    });
    t.clock.advance(STEP_MS);
    const off = await call(await withReauth(t.app, fresh.headers), 'POST', '/users/2fa/disable', {
      code: await totpCodeAt(TEST_TOTP_SECRET, t.clock.now()),
    });
    expect(off.statusCode).toBe(200);
    const refused = await act(fresh.headers, ids[1] as string, 'confirm_payment');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().details).toMatchObject({ reason: 'not_enabled' });
  });

  it('ends when a spent refresh token is replayed (the family is revoked)', async () => {
    const { ids, session } = await sellerWithPaidTrades(1);
    t.clock.advance(STEP_MS);
    await call(session.headers, 'POST', '/users/2fa/step-up', {
      code: await totpCodeAt(TEST_TOTP_SECRET, t.clock.now()),
    });
    const refresh = (token: string) =>
      t.app.inject({ method: 'POST', url: '/api/v1/auth/refresh', payload: { refreshToken: token } });
    expect((await refresh(session.refreshToken)).statusCode).toBe(200);
    expect((await refresh(session.refreshToken)).statusCode).toBe(401);
    expect((await act(session.headers, ids[0] as string, 'confirm_payment')).statusCode).toBe(401);
  });
});
