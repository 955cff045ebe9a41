import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signLoginWidget } from '../../src/modules/auth/telegram.ts';
import {
  balance,
  createOrder,
  expectLedgerSound,
  fund,
  orderInput,
  PAID,
  secondFactor,
  sellOrderScenario,
  TEST_TOTP_SECRET,
} from '../factories.ts';
import { createTestApp, servicesOf, signInEnrolled, TEST_BOT_TOKEN, type TestApp } from '../helpers.ts';
import { signInStaff } from './factories.ts';

// A blocked user is refused everywhere it matters: every sign-in path, refresh, the sessions
// they had, new trades (as taker or as order owner), new orders, withdrawals. Their open
// trade continues and a moderator can resolve it. Only admins block; it is audited.

let t: TestApp;
let admin: Record<string, string>;
let moderator: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await signInStaff(t, { role: 'admin' })).headers;
  moderator = (await signInStaff(t, { role: 'moderator' })).headers;
});
afterAll(async () => {
  await expectLedgerSound(t.ctx);
  await t.close();
});

const block = (userId: string, headers = admin, reason = 'Подозрение на мошенничество') =>
  t.app.inject({ method: 'POST', url: `/api/v1/admin/users/${userId}/block`, headers, payload: { reason } });
const unblock = (userId: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/admin/users/${userId}/unblock`,
    headers: admin,
    payload: { reason: 'Проверка пройдена' },
  });
const BLOCKED = 'Аккаунт заблокирован. Обратитесь в поддержку';

describe('blocking a user', () => {
  it('is refused everywhere it matters while open trades continue and can be resolved', async () => {
    // A user with a Telegram identity, a live session, money, an order and an open trade.
    const widget = { id: '7700991', first_name: 'Блок', username: 'blocked_user', auth_date: '0' };
    // Each sign-in is a fresh payload from Telegram (one is accepted once: docs/decisions/023).
    let signIns = 0;
    const signTelegram = () => {
      const fields = { ...widget, auth_date: String(Math.floor(t.clock.now().getTime() / 1000) - signIns++) };
      return { ...fields, hash: signLoginWidget(fields, TEST_BOT_TOKEN) };
    };
    const first = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/telegram',
      payload: signTelegram(),
    });
    expect(first.statusCode, first.body).toBe(200);
    const session = first.json().data;
    const userId: string = session.user.id;
    const headers = { authorization: `Bearer ${session.tokens.accessToken}` };
    await fund(t.ctx, userId, 'BTC', '1');
    await servicesOf(t.ctx).twoFactor.enrolKnownSecret(t.ctx.db, userId, TEST_TOTP_SECRET);
    const { id: orderId } = await createOrder(t.ctx, userId, { amount_crypto: '0.5' });
    const buyer = await signInEnrolled(t, 'buyer_of_blocked');
    const { tradeId } = await servicesOf(t.ctx).trades.open(buyer.userId, {
      orderId,
      amountFiat: '50000',
      paymentMethod: 'sberbank',
    });

    expect((await block(userId, moderator)).statusCode).toBe(403); // moderators do not block
    const blocked = await block(userId);
    expect(blocked.statusCode, blocked.body).toBe(200);
    expect(blocked.json().data).toMatchObject({ id: userId, blockReason: 'Подозрение на мошенничество' });
    expect(blocked.json().data.blockedAt).toBe(t.clock.now().toISOString());
    expect((await block(userId)).statusCode).toBe(409);

    // Sessions ended: the access token and the refresh token no longer work.
    expect((await t.app.inject({ url: '/api/v1/auth/me', headers })).statusCode).toBe(401);
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/refresh',
      payload: { refreshToken: session.tokens.refreshToken },
    });
    expect(refresh.statusCode).toBe(401);
    // Every sign-in path refuses.
    const telegram = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/telegram',
      payload: signTelegram(),
    });
    expect(telegram.statusCode).toBe(403);
    expect(telegram.json().error).toBe(BLOCKED);
    const dev = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/dev-login',
      payload: { username: 'blocked_user' },
    });
    expect(dev.statusCode).toBe(403);
    // Service level (a request already past authentication when the block landed).
    const stranger = await signInEnrolled(t, 'taker_of_blocked');
    const trades = servicesOf(t.ctx).trades;
    await expect(
      trades.open(stranger.userId, { orderId, amountFiat: '50000', paymentMethod: 'sberbank' }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN', message: BLOCKED });
    const other = await sellOrderScenario(t.ctx, '1');
    await expect(
      trades.open(userId, { orderId: other.orderId, amountFiat: '50000', paymentMethod: 'sberbank' }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(createOrder(t.ctx, userId, orderInput({ amount_crypto: '0.1' }))).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    const before = await balance(t.ctx, userId);
    await expect(
      servicesOf(t.ctx).withdrawals.request(userId, {
        totpCode: await secondFactor(t.ctx, userId),
        cryptocurrency: 'BTC',
        amount: '0.01',
        toAddress: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
      }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect(await balance(t.ctx, userId)).toEqual(before);

    // The open trade continues: the buyer pays, disputes, and an admin resolves it.
    await trades.act(buyer.userId, tradeId, 'mark_paid', PAID);
    await trades.act(buyer.userId, tradeId, 'dispute_trade', {
      reasonId: 'seller_not_responding',
      details: 'Тишина',
    });
    const resolved = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/trades/${tradeId}/resolve`,
      headers: admin,
      payload: { outcome: 'release', note: 'Оплата подтверждена банком' },
    });
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect((await balance(t.ctx, buyer.userId)).available).toBe(999_000n);

    // Unblocked, the user signs in again; both actions are in the audit log with before/after.
    expect((await unblock(userId)).json().data.blockedAt).toBeNull();
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/v1/auth/telegram', payload: signTelegram() }))
        .statusCode,
    ).toBe(200);
    const logs = (
      await t.app.inject({ url: `/api/v1/admin/audit-logs?entityType=user&limit=200`, headers: admin })
    )
      .json()
      .data.logs.filter((l: { entityId: string }) => l.entityId === userId);
    expect(logs.map((l: { action: string }) => l.action)).toEqual(['user.unblock', 'user.block']);
    expect(logs[1]).toMatchObject({
      note: 'Подозрение на мошенничество',
      beforeState: { blocked: false },
      afterState: { blocked: true },
      userAgent: 'lightMyRequest',
      ipAddress: '127.0.0.1',
    });
  });

  it('refuses a reason shorter than 5 characters and an unknown user', async () => {
    const user = await signInEnrolled(t, 'short_reason');
    expect((await block(user.userId, admin, 'нет')).statusCode).toBe(400);
    expect((await block('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });
});
