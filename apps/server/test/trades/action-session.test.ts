import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client.ts';
import { createUser, expectLedgerSound, openTrade, PAID, sellOrderScenario } from '../factories.ts';
import { createTestApp, type TestApp } from '../helpers.ts';

/**
 * A trade action checks the caller's session inside the statement that locks the trade
 * (docs/decisions/021): logging out must still stop every action at once, and a dead session
 * must change nothing and be told apart from a missing trade.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await expectLedgerSound(t.ctx);
  await t.close();
});

const SESSION_EXPIRED = 'Сессия истекла, войдите снова';
const MISSING = '00000000-0000-4000-8000-000000000000';

async function session(audience: 'user' | 'staff', id: string) {
  const { accessToken } = await t.ctx.sessions.start(audience, id);
  const claims = await t.ctx.tokens.verifyAccess(audience, accessToken);
  if (!claims) throw new Error('fresh token did not verify');
  return { authorization: `Bearer ${accessToken}`, sessionId: claims.sessionId };
}

const act = (tradeId: string, authorization: string, action: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/trades/${tradeId}/actions`,
    headers: { authorization },
    // «Я оплатил» names the paying account; the session is what these tests are about.
    payload: { action, payload: action === 'mark_paid' ? PAID : {} },
  });

/** What an action would change: the trade's status and how many history lines it has. */
async function footprint(tradeId: string) {
  const [row] = await queryRows<{ status: string; lines: number }>(
    t.ctx.db,
    sql`SELECT status, (SELECT COUNT(*)::int FROM trade_actions WHERE trade_id = ${tradeId}) AS lines
        FROM trades WHERE id = ${tradeId}`,
  );
  return row;
}

describe('the session check of a trade action', () => {
  it('a logged-out session is 401 for every action, settling or not, and changes nothing', async () => {
    const { seller, buyer, orderId } = await sellOrderScenario(t.ctx);
    const tradeId = await openTrade(t.ctx, buyer.id, orderId);
    const buyerSession = await session('user', buyer.id);
    const sellerSession = await session('user', seller.id);
    // Live: the action goes through.
    const paid = await act(tradeId, buyerSession.authorization, 'mark_paid');
    expect(paid.statusCode, paid.body).toBe(200);

    await t.ctx.sessions.revoke(buyerSession.sessionId, 'logout');
    await t.ctx.sessions.revoke(sellerSession.sessionId, 'logout');
    const before = await footprint(tradeId);
    for (const [who, action] of [
      [buyerSession, 'cancel_trade'],
      [buyerSession, 'dispute_trade'],
      [sellerSession, 'confirm_payment'],
      [sellerSession, 'release_crypto'],
    ] as const) {
      const res = await act(tradeId, who.authorization, action);
      expect(res.statusCode, `${action}: ${res.body}`).toBe(401);
      expect(res.json().error).toBe(SESSION_EXPIRED);
    }
    expect(await footprint(tradeId)).toEqual(before);
    expect(before?.status).toBe('PAYMENT_PENDING');
  });

  it('a dead session is 401, not 404, for a trade that does not exist', async () => {
    const user = await createUser(t.ctx);
    const s = await session('user', user.id);
    expect((await act(MISSING, s.authorization, 'mark_paid')).statusCode).toBe(404);
    await t.ctx.sessions.revoke(s.sessionId, 'logout');
    const res = await act(MISSING, s.authorization, 'mark_paid');
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe(SESSION_EXPIRED);
  });

  it('a session revoked for all of a user (block, password-style reset) stops actions too', async () => {
    const { buyer, orderId } = await sellOrderScenario(t.ctx);
    const tradeId = await openTrade(t.ctx, buyer.id, orderId);
    const s = await session('user', buyer.id);
    await t.ctx.sessions.revokeAll('user', buyer.id, 'blocked');
    expect((await act(tradeId, s.authorization, 'mark_paid')).statusCode).toBe(401);
    expect((await footprint(tradeId))?.status).toBe('ESCROW_LOCKED');
  });

  it('refuses a staff token and a missing token before reading anything', async () => {
    const { buyer, orderId } = await sellOrderScenario(t.ctx);
    const tradeId = await openTrade(t.ctx, buyer.id, orderId);
    const staff = await session('staff', buyer.id);
    expect((await act(tradeId, staff.authorization, 'mark_paid')).statusCode).toBe(401);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: `/api/v1/trades/${tradeId}/actions`,
      payload: { action: 'mark_paid', payload: {} },
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await footprint(tradeId))?.status).toBe('ESCROW_LOCKED');
  });

  it('a live session of someone who is not a party still gets 404', async () => {
    const { buyer, orderId } = await sellOrderScenario(t.ctx);
    const tradeId = await openTrade(t.ctx, buyer.id, orderId);
    const stranger = await createUser(t.ctx);
    const res = await act(tradeId, (await session('user', stranger.id)).authorization, 'mark_paid');
    expect(res.statusCode).toBe(404);
  });
});

/**
 * Opening checks its session before the admission (requireUser), not inside it as the actions
 * do: its budget of 30 openings a minute is the user's, which takes a live session (app.ts,
 * rateLimitKey); an unconfirmed one would spend the address's, shared behind one router.
 */
describe('the session check of opening a trade', () => {
  const open = (orderId: string, authorization: string, idempotencyKey?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/trades',
      headers: { authorization, ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}) },
      payload: { orderId, amountFiat: '5000', paymentMethod: 'sberbank' },
    });
  /** What an opening would change: the order's trades and its available amount. */
  async function orderFootprint(orderId: string) {
    const [row] = await queryRows<{ trades: number; available: string }>(
      t.ctx.db,
      sql`SELECT (SELECT COUNT(*)::int FROM trades WHERE order_id = ${orderId}) AS trades,
          available_amount::text AS available FROM orders WHERE id = ${orderId}`,
    );
    return row;
  }

  it('a logged-out session is 401 and opens nothing, whether the order exists or not; a live one opens', async () => {
    const { buyer, orderId } = await sellOrderScenario(t.ctx);
    const s = await session('user', buyer.id);
    await t.ctx.sessions.revoke(s.sessionId, 'logout');
    const before = await orderFootprint(orderId);
    for (const [target, key] of [
      [orderId, undefined],
      [orderId, 'open-after-logout'],
      [MISSING, undefined],
    ] as const) {
      const res = await open(target, s.authorization, key);
      expect(res.statusCode, res.body).toBe(401);
      expect(res.json().error).toBe(SESSION_EXPIRED);
    }
    expect(await orderFootprint(orderId)).toEqual(before);
    expect(before?.trades).toBe(0);
    // A staff token is no user's.
    expect((await open(orderId, (await session('staff', buyer.id)).authorization)).statusCode).toBe(401);
    // The same key with a live session opens the trade: the refused call kept nothing under it.
    const live = await session('user', buyer.id);
    const opened = await open(orderId, live.authorization, 'open-after-logout');
    expect(opened.statusCode, opened.body).toBe(200);
    expect((await orderFootprint(orderId))?.trades).toBe(1);
    // A live session for an order that does not exist is 404.
    expect((await open(MISSING, live.authorization)).statusCode).toBe(404);
  });
});
