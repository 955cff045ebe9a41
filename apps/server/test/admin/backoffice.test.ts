import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totpCodeAt } from '../../src/modules/two-factor/totp.ts';
import {
  createUser,
  disputedTradeScenario,
  expectLedgerSound,
  fund,
  PAID,
  secondFactor,
  sellOrderScenario,
} from '../factories.ts';
import { createTestApp, servicesOf, type TestApp } from '../helpers.ts';
import { payloadOf } from '../trades/support.ts';
import { adminLogin, createStaffMember, signInStaff } from './factories.ts';

// Dashboard figures, the user page with notes, the facts beside a withdrawal, staff
// two-factor at sign-in, and staff management by admins.

let t: TestApp;
let admin: Awaited<ReturnType<typeof signInStaff>>;
let moderator: Awaited<ReturnType<typeof signInStaff>>;
const DAY = 86_400_000;
const ETH_OUT = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
/** An address nobody else in this file sends to (EIP-55 test vector). */
const ETH_FACTS = '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359';

beforeAll(async () => {
  t = await createTestApp();
  admin = await signInStaff(t, { role: 'admin' });
  moderator = await signInStaff(t, { role: 'moderator' });
});
afterAll(async () => {
  await expectLedgerSound(t.ctx);
  await t.close();
});

const get = (url: string, headers = admin.headers) => t.app.inject({ url: `/api/v1${url}`, headers });
const post = (url: string, payload: object, headers = admin.headers) =>
  t.app.inject({ method: 'POST', url: `/api/v1${url}`, headers, payload });
const fresh = async () => {
  admin = {
    ...admin,
    headers: { authorization: `Bearer ${(await t.ctx.sessions.start('staff', admin.staff.id)).accessToken}` },
  };
  moderator = {
    ...moderator,
    headers: {
      authorization: `Bearer ${(await t.ctx.sessions.start('staff', moderator.staff.id)).accessToken}`,
    },
  };
};

/** A completed 0.01 BTC / 50 000 RUB trade, now. */
async function completedTrade() {
  const { seller, buyer, orderId } = await sellOrderScenario(t.ctx, '1');
  const trades = servicesOf(t.ctx).trades;
  const { tradeId } = await trades.open(buyer.id, {
    orderId,
    amountFiat: '50000',
    paymentMethod: 'sberbank',
  });
  await trades.act(buyer.id, tradeId, 'mark_paid', PAID);
  await trades.act(
    seller.id,
    tradeId,
    'confirm_payment',
    await payloadOf(t.ctx, 'confirm_payment', seller.id),
  );
  const details = await trades.details(seller.id, tradeId);
  if (details.trade.status !== 'COMPLETED') await trades.act(seller.id, tradeId, 'release_crypto', {});
  return { seller, buyer, tradeId };
}

describe('dashboard', () => {
  it('counts users, disputes past the SLA, pending withdrawals, trades and volume, staff actions, 14 days', async () => {
    // Three days ago: a completed trade and a dispute opened.
    await completedTrade();
    await disputedTradeScenario(t.ctx, { details: 'Тишина' });
    t.clock.advance(3 * DAY);
    await fresh();
    // Today: two completed trades, one new user, a pending withdrawal, one staff action.
    const usersBefore = (await get('/admin/dashboard')).json().data.users.total;
    await completedTrade();
    await completedTrade();
    const lonely = await createUser(t.ctx);
    await fund(t.ctx, lonely.id, 'ETH', '1');
    await servicesOf(t.ctx).withdrawals.request(lonely.id, {
      totpCode: await secondFactor(t.ctx, lonely.id),
      cryptocurrency: 'ETH',
      amount: '0.2',
      toAddress: ETH_OUT,
    });
    await post(`/admin/users/${lonely.id}/notes`, { text: 'Первый вывод' });

    const res = await get('/admin/dashboard', moderator.headers);
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json().data;
    const today = t.clock.now().toISOString().slice(0, 10);
    expect(d.users.total).toBe(usersBefore + 5); // two trades x two users, one lonely user
    expect(d.users.newToday).toBe(5);
    expect(d.disputes).toMatchObject({ open: 1, overSla: 1, unassigned: 1, slaHours: 24 });
    expect(d.disputes.oldestAgeSeconds).toBe(3 * 86_400);
    expect(d.withdrawals).toEqual({
      pending: 1,
      byCurrency: [{ currency: 'ETH', count: 1, amount: '0.20000000' }],
    });
    expect(d.trades).toEqual({
      openedToday: 2,
      completedToday: 2,
      volumeToday: { BTC: '0.02000000' },
      volumeFiatToday: { RUB: '100000.00' },
    });
    expect(d.staffActionsToday).toBe(1);
    expect(d.daily).toHaveLength(14);
    expect(d.daily.at(-1)).toEqual({
      date: today,
      trades: 2,
      volume: { BTC: '0.02000000' },
      volumeFiat: { RUB: '100000.00' },
    });
    const threeDaysAgo = new Date(t.clock.now().getTime() - 3 * DAY).toISOString().slice(0, 10);
    expect(d.daily.find((x: { date: string }) => x.date === threeDaysAgo)).toMatchObject({ trades: 1 });
    expect(d.daily.reduce((n: number, x: { trades: number }) => n + x.trades, 0)).toBe(3);
  });
});

describe('user page and notes', () => {
  it('shows the profile, balances, trades, disputes, withdrawals and staff notes', async () => {
    await fresh();
    const { seller, buyer, tradeId } = await completedTrade();
    await fund(t.ctx, seller.id, 'ETH', '1');
    await servicesOf(t.ctx).withdrawals.request(seller.id, {
      totpCode: await secondFactor(t.ctx, seller.id),
      cryptocurrency: 'ETH',
      amount: '0.1',
      toAddress: ETH_OUT,
    });
    const note = await post(
      `/admin/users/${seller.id}/notes`,
      { text: 'Проверен по телефону' },
      moderator.headers,
    );
    expect(note.statusCode, note.body).toBe(200);
    expect(note.json().data).toMatchObject({
      text: 'Проверен по телефону',
      author: { id: moderator.staff.id },
    });

    const page = (await get(`/admin/users/${seller.id}`, moderator.headers)).json().data;
    expect(page.user).toMatchObject({ id: seller.id, blockedAt: null, tradesCount: 1 });
    expect(page.user.balances.map((b: { currency: string }) => b.currency)).toEqual(['BTC', 'ETH']);
    expect(page.trades).toEqual([
      expect.objectContaining({
        id: tradeId,
        role: 'seller',
        status: 'COMPLETED',
        counterparty: expect.objectContaining({ id: buyer.id }),
      }),
    ]);
    expect(page.history).toEqual({ completedTrades: 1, disputesOpened: 0, disputesLost: 0 });
    expect(page.withdrawals).toEqual([expect.objectContaining({ amount: '0.10000000', status: 'PENDING' })]);
    expect(page.notes.map((n: { text: string }) => n.text)).toEqual(['Проверен по телефону']);
    expect((await get(`/admin/users/${seller.id}/notes`)).json().data.notes).toHaveLength(1);
    expect((await post(`/admin/users/${seller.id}/notes`, { text: '' })).statusCode).toBe(400);
    expect((await get('/admin/users/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });
});

describe('withdrawal queue facts', () => {
  it('gives account age, completed trades, open disputes, deposits of 7 days and address reuse', async () => {
    await fresh();
    const { seller } = await completedTrade();
    const other = await createUser(t.ctx);
    await fund(t.ctx, seller.id, 'ETH', '1');
    await fund(t.ctx, other.id, 'ETH', '1');
    const service = servicesOf(t.ctx).withdrawals;
    await service.request(other.id, {
      totpCode: await secondFactor(t.ctx, other.id),
      cryptocurrency: 'ETH',
      amount: '0.1',
      toAddress: ETH_FACTS,
    });
    t.clock.advance(2 * DAY);
    await fresh();
    await service.request(seller.id, {
      totpCode: await secondFactor(t.ctx, seller.id),
      cryptocurrency: 'ETH',
      amount: '0.1',
      toAddress: ETH_FACTS,
    });
    const mine = await service.request(seller.id, {
      totpCode: await secondFactor(t.ctx, seller.id),
      cryptocurrency: 'ETH',
      amount: '0.2',
      toAddress: ETH_FACTS,
    });
    const queue = (await get('/admin/withdrawals?limit=200', moderator.headers)).json().data.withdrawals;
    const row = queue.find((w: { id: string }) => w.id === mine.id);
    expect(row.facts).toEqual({
      accountCreatedAt: expect.any(String),
      accountAgeDays: 2,
      completedTrades: 1,
      openDisputes: 0,
      deposits7d: [],
      addressUsedBefore: { byThisUser: 1, byOtherUsers: 1 },
      userBlocked: false,
    });
  });
});

describe('staff two-factor', () => {
  it('enrols with a code, then sign-in asks for the code and refuses a wrong one', async () => {
    const member = await createStaffMember(t, { role: 'moderator' });
    const login = (await adminLogin(t.app, member.email)).json().data;
    const headers = { authorization: `Bearer ${login.accessToken}` };
    expect(login.enrolmentRequired).toBe(false);
    const setup = await post('/admin/auth/2fa/setup', {}, headers);
    expect(setup.statusCode, setup.body).toBe(200);
    expect(setup.json().data.otpauthUri).toContain(encodeURIComponent(member.email).replace('%40', '%40'));
    const code = await totpCodeAt(setup.json().data.secret, t.clock.now());
    const enabled = await post('/admin/auth/2fa/enable', { code }, headers);
    expect(enabled.statusCode, enabled.body).toBe(200);
    expect(enabled.json().data.recoveryCodes.length).toBeGreaterThan(0);
    expect((await get('/admin/auth/2fa', headers)).json().data).toMatchObject({
      enabled: true,
      required: false,
    });

    const bare = await adminLogin(t.app, member.email);
    expect(bare.statusCode).toBe(403);
    expect(bare.json().code).toBe('TWO_FACTOR_REQUIRED');
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/auth/login',
      payload: { email: member.email, password: 'correct horse battery', code: '000000' },
    });
    expect(wrong.statusCode).toBe(403);
    t.clock.advance(30_000);
    const right = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/auth/login',
      payload: {
        email: member.email,
        password: 'correct horse battery',
        code: await totpCodeAt(setup.json().data.secret, t.clock.now()),
      },
    });
    expect(right.statusCode, right.body).toBe(200);
    expect(right.json().data.admin.twoFactorEnabled).toBe(true);
    const audit = (await get(`/admin/audit-logs?action=staff.2fa_enable`)).json().data.logs;
    expect(audit.map((l: { entityId: string }) => l.entityId)).toContain(member.id);
  });

  it('in production staff of every role without two-factor get an enrolment-only session', async () => {
    const prod = await createTestApp({
      NODE_ENV: 'production',
      AUTH_DEV_LOGIN: '0',
      DEMO_DATA: '0',
      JWT_SECRET: 'x'.repeat(40),
      TOTP_ENCRYPTION_KEY: 'ab'.repeat(32),
    });
    try {
      const member = await createStaffMember(prod, { role: 'admin' });
      const res = await adminLogin(prod.app, member.email);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({ enrolmentRequired: true, admin: { twoFactorRequired: true } });
      const headers = { authorization: `Bearer ${res.json().data.accessToken}` };
      const refused = await prod.app.inject({ url: '/api/v1/admin/dashboard', headers });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().code).toBe('TWO_FACTOR_REQUIRED');
      expect((await prod.app.inject({ url: '/api/v1/admin/auth/me', headers })).statusCode).toBe(200);
      const setup = await prod.app.inject({ method: 'POST', url: '/api/v1/admin/auth/2fa/setup', headers });
      const code = await totpCodeAt(setup.json().data.secret, prod.clock.now());
      const enable = await prod.app.inject({
        method: 'POST',
        url: '/api/v1/admin/auth/2fa/enable',
        headers,
        payload: { code },
      });
      expect(enable.statusCode, enable.body).toBe(200);
      expect((await prod.app.inject({ url: '/api/v1/admin/dashboard', headers })).statusCode).toBe(200);
      // A moderator must enrol too: a moderator's resolution moves escrow (docs/decisions/023).
      const mod = await createStaffMember(prod, { role: 'moderator' });
      const modLogin = await adminLogin(prod.app, mod.email);
      expect(modLogin.json().data).toMatchObject({
        enrolmentRequired: true,
        admin: { role: 'moderator', twoFactorRequired: true },
      });
      const modHeaders = { authorization: `Bearer ${modLogin.json().data.accessToken}` };
      for (const url of ['/api/v1/admin/disputes', '/api/v1/admin/dashboard']) {
        const modRefused = await prod.app.inject({ url, headers: modHeaders });
        expect(modRefused.statusCode, url).toBe(403);
        expect(modRefused.json()).toMatchObject({
          code: 'TWO_FACTOR_REQUIRED',
          details: { reason: 'enrol' },
        });
      }
      expect((await prod.app.inject({ url: '/api/v1/admin/auth/me', headers: modHeaders })).statusCode).toBe(
        200,
      );
      const modSetup = await prod.app.inject({
        method: 'POST',
        url: '/api/v1/admin/auth/2fa/setup',
        headers: modHeaders,
      });
      expect(modSetup.statusCode, modSetup.body).toBe(200);
      const modEnable = await prod.app.inject({
        method: 'POST',
        url: '/api/v1/admin/auth/2fa/enable',
        headers: modHeaders,
        payload: { code: await totpCodeAt(modSetup.json().data.secret, prod.clock.now()) },
      });
      expect(modEnable.statusCode, modEnable.body).toBe(200);
      expect((await prod.app.inject({ url: '/api/v1/admin/disputes', headers: modHeaders })).statusCode).toBe(
        200,
      );
    } finally {
      await prod.close();
    }
  });
});

describe('staff management', () => {
  it('admins create staff, change roles and disable accounts (never their own); moderators only list', async () => {
    await fresh();
    const body = {
      email: 'New.Mod@Example.com',
      password: 'надежный-пароль',
      role: 'moderator',
      firstName: 'Иван',
    };
    expect((await post('/admin/staff', body, moderator.headers)).statusCode).toBe(403);
    const created = await post('/admin/staff', body);
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().data.id;
    expect(created.json().data).toMatchObject({
      email: 'new.mod@example.com',
      role: 'moderator',
      disabledAt: null,
    });
    expect((await post('/admin/staff', body)).statusCode).toBe(409);
    const session = await adminLogin(t.app, 'new.mod@example.com', 'надежный-пароль');
    const headers = { authorization: `Bearer ${session.json().data.accessToken}` };
    expect((await get('/admin/auth/me', headers)).statusCode).toBe(200);

    const patch = (target: string, payload: object) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/v1/admin/staff/${target}`,
        headers: admin.headers,
        payload,
      });
    expect((await patch(admin.staff.id, { role: 'moderator' })).statusCode).toBe(403);
    expect((await patch(id, { role: 'admin' })).json().data.role).toBe('admin');
    expect((await patch(id, { disabled: true })).json().data.disabledAt).not.toBeNull();
    expect((await get('/admin/auth/me', headers)).statusCode).toBe(401); // sessions ended
    const list = (await get('/admin/staff', moderator.headers)).json().data.staff;
    expect(list.find((s: { id: string }) => s.id === id)).toMatchObject({
      role: 'admin',
      twoFactorEnabled: false,
    });
    const audit = (await get('/admin/audit-logs?entityType=staff&limit=200')).json().data.logs;
    const mine = audit
      .filter((l: { entityId: string }) => l.entityId === id)
      .map((l: { action: string }) => l.action);
    expect(mine).toEqual(['staff.update', 'staff.update', 'staff.create']);
  });
});
