import type { CreateOrderRequest } from '@p2p/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, staff, staffApprovals, trades as tradesTable } from '../../src/db/schema.ts';
import { PendingEvents } from '../../src/events/notifier.ts';
import { lockTrade } from '../../src/modules/trade-access/trade-access.repository.ts';
import { balance, expectLedgerSound, openTrade, sellOrderScenario } from '../factories.ts';
import { createTestApp, servicesOf, signIn, type TestApp } from '../helpers.ts';
import { balanceOperation, signInStaff } from './factories.ts';

// Four eyes (docs/decisions/023-trust-and-safety.md, "Staff are bounded"): a resolution or an
// admin credit worth more than FOUR_EYES_USD (default 1000) is a proposal until a second admin
// approves it. The price feed is offline here, so coins are valued at the fallback table:
// BTC $65 000, USDT $1.

type Staff = Awaited<ReturnType<typeof signInStaff>>;
let t: TestApp;
let moderator: Staff;
let otherModerator: Staff;
let adminA: Staff;
let adminB: Staff;
let adminC: Staff;

beforeAll(async () => {
  t = await createTestApp();
  moderator = await signInStaff(t, { role: 'moderator' });
  otherModerator = await signInStaff(t, { role: 'moderator' });
  adminA = await signInStaff(t, { role: 'admin' });
  adminB = await signInStaff(t, { role: 'admin' });
  adminC = await signInStaff(t, { role: 'admin' });
});
afterAll(async () => {
  await expectLedgerSound(t.ctx);
  await t.close();
});

const FROM = { remoteAddress: '198.51.100.23' };
/** «Я оплатил» names the paying account (docs/decisions/023); ignored where it is not asked. */
const PAID = { payer: { bank: 'sberbank', last4: '1234', name: 'Тест Т.' } };
const withAgent = (who: Staff, agent: string) => ({ ...who.headers, 'user-agent': agent });

/**
 * A paid and disputed trade of `fiat` rubles on a sell order of `order` (BTC at 2 500 000 ₽ by
 * default, so 50 000 ₽ is 0.02 BTC = $1 300; new accounts trade at most 50 000 ₽).
 */
async function disputed(fiat = '50000', order: Partial<CreateOrderRequest> = { price_per_unit: '2500000' }) {
  const coin = order.cryptocurrency ?? 'BTC';
  const { seller, buyer, orderId } = await sellOrderScenario(t.ctx, coin === 'USDT' ? '5000' : '1', order);
  const tradeId = await openTrade(t.ctx, buyer.id, orderId, fiat);
  const trades = servicesOf(t.ctx).trades;
  await trades.act(buyer.id, tradeId, 'mark_paid', PAID);
  await trades.act(buyer.id, tradeId, 'dispute_trade', {
    reasonId: 'seller_not_responding',
    details: 'Тишина',
  });
  return { seller, buyer, tradeId, coin };
}

const post = (url: string, headers: Record<string, string>, payload?: object) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/admin${url}`,
    headers,
    ...FROM,
    ...(payload ? { payload } : {}),
  });
const get = (url: string, headers: Record<string, string>) =>
  t.app.inject({ url: `/api/v1/admin${url}`, headers });

async function take(tradeId: string, who: Staff) {
  const res = await post(`/disputes/${tradeId}/take`, who.headers);
  expect(res.statusCode, res.body).toBe(200);
}
const resolve = (tradeId: string, who: Staff, outcome = 'release', note = 'Оплата подтверждена выпиской') =>
  post(`/trades/${tradeId}/resolve`, withAgent(who, 'Desk/2.0 (proposer)'), { outcome, note });
const approve = (id: string, who: Staff, note?: string) =>
  post(`/approvals/${id}/approve`, withAgent(who, 'Desk/2.0 (approver)'), note ? { note } : {});
const reject = (id: string, who: Staff, note = 'Выписка не совпадает с суммой') =>
  post(`/approvals/${id}/reject`, who.headers, { note });

const tradeStatus = async (id: string) =>
  (await t.ctx.db.select().from(tradesTable).where(eq(tradesTable.id, id)))[0]?.status;
const auditOf = (entityId: string) =>
  t.ctx.db.select().from(auditLogs).where(eq(auditLogs.entityId, entityId)).orderBy(auditLogs.id);

/** Everyone's BTC (or `coin`) balances on a trade: what must not move before an approval. */
const books = async (d: { seller: { id: string }; buyer: { id: string }; coin: string }) => ({
  seller: await balance(t.ctx, d.seller.id, d.coin),
  buyer: await balance(t.ctx, d.buyer.id, d.coin),
});

describe('dispute resolutions', () => {
  it('at the threshold a resolution is applied at once, as before', async () => {
    // 50 000 ₽ at 50 ₽ = 1000 USDT = $1000.00: not more than FOUR_EYES_USD.
    const d = await disputed('50000', { cryptocurrency: 'USDT', price_per_unit: '50' });
    await take(d.tradeId, moderator);
    const res = await resolve(d.tradeId, moderator);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ tradeId: d.tradeId, status: 'COMPLETED', settlement: 'released' });
    expect(await t.ctx.db.select().from(staffApprovals).where(eq(staffApprovals.tradeId, d.tradeId))).toEqual(
      [],
    );
  });

  it('above it the resolution is a proposal: 202, nothing moves, the case and the audit log say so', async () => {
    // 50 000 ₽ at 49.99 ₽ = 1000.20004 USDT: a cent above the threshold.
    const d = await disputed('50000', { cryptocurrency: 'USDT', price_per_unit: '49.99' });
    await take(d.tradeId, moderator);
    const before = await books(d);
    const res = await resolve(d.tradeId, moderator);
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json().data).toEqual({
      pendingApproval: true,
      approvalId: expect.any(String),
      kind: 'dispute.resolve',
      cryptocurrency: 'USDT',
      amount: '1000.20004000',
      usdValue: '1000.20',
      thresholdUsd: 1000,
    });
    expect(await tradeStatus(d.tradeId)).toBe('DISPUTED');
    expect(await books(d)).toEqual(before);
    const { approvalId } = res.json().data;
    const [row] = await t.ctx.db.select().from(staffApprovals).where(eq(staffApprovals.id, approvalId));
    expect(row).toMatchObject({
      kind: 'dispute.resolve',
      tradeId: d.tradeId,
      status: 'pending',
      proposedBy: moderator.staff.id,
      payload: { outcome: 'release', note: 'Оплата подтверждена выпиской' },
      amount: 100_020_004_000n,
      usdCents: 100_020n,
      decidedBy: null,
    });
    const file = (await get(`/disputes/${d.tradeId}`, moderator.headers)).json().data;
    expect(file.pendingApproval).toMatchObject({
      id: approvalId,
      outcome: 'release',
      usdValue: '1000.20',
      proposedBy: { id: moderator.staff.id },
    });
    const audit = await auditOf(d.tradeId);
    expect(audit.map((a) => a.action)).toEqual(['dispute.take', 'approval.propose']);
    expect(audit[1]).toMatchObject({
      staffId: moderator.staff.id,
      ipAddress: '198.51.100.23',
      userAgent: 'Desk/2.0 (proposer)',
      note: 'Оплата подтверждена выпиской',
      metadata: { approvalId, outcome: 'release', usdValue: '1000.20', thresholdUsd: 1000 },
    });
    // Resolving again while the proposal waits is refused, whoever tries, either way.
    const again = await resolve(d.tradeId, moderator, 'refund', 'Передумал, возврат продавцу');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'CONFLICT', details: { approvalId } });
    expect((await resolve(d.tradeId, adminB, 'refund', 'Возврат продавцу')).statusCode).toBe(409);
    expect(await tradeStatus(d.tradeId)).toBe('DISPUTED');
    expect(await books(d)).toEqual(before);
  });

  it('the proposer can neither approve nor reject their own (403); nothing moves', async () => {
    const d = await disputed();
    await take(d.tradeId, adminA);
    const res = await resolve(d.tradeId, adminA);
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json().data.usdValue).toBe('1300.00');
    const before = await books(d);
    const { approvalId } = res.json().data;
    const own = await approve(approvalId, adminA);
    expect(own.statusCode).toBe(403);
    expect(own.json().code).toBe('FORBIDDEN');
    expect((await reject(approvalId, adminA)).statusCode).toBe(403);
    expect(await tradeStatus(d.tradeId)).toBe('DISPUTED');
    expect(await books(d)).toEqual(before);
    const [row] = await t.ctx.db.select().from(staffApprovals).where(eq(staffApprovals.id, approvalId));
    expect(row?.status).toBe('pending');
    // The list says why the buttons are off.
    const mine = (await get('/approvals', adminA.headers))
      .json()
      .data.approvals.find((a: { id: string }) => a.id === approvalId);
    expect(mine).toMatchObject({ mayDecide: false, refusal: 'own', mayCancel: true });
  });

  it('a moderator cannot approve (403), even one who did not propose', async () => {
    const d = await disputed();
    await take(d.tradeId, moderator);
    const { approvalId } = (await resolve(d.tradeId, moderator)).json().data;
    const before = await books(d);
    const res = await approve(approvalId, otherModerator);
    expect(res.statusCode).toBe(403);
    expect((await reject(approvalId, otherModerator)).statusCode).toBe(403);
    expect(await tradeStatus(d.tradeId)).toBe('DISPUTED');
    expect(await books(d)).toEqual(before);
    const seen = (await get('/approvals', otherModerator.headers))
      .json()
      .data.approvals.find((a: { id: string }) => a.id === approvalId);
    expect(seen).toMatchObject({ mayDecide: false, refusal: 'admins_only', mayCancel: false });
  });

  it("a second admin's approval moves the money in their transaction, once, audited step by step", async () => {
    const d = await disputed();
    await take(d.tradeId, moderator);
    const { approvalId } = (await resolve(d.tradeId, moderator)).json().data;
    const listed = (await get('/approvals', adminB.headers)).json().data;
    expect(listed.thresholdUsd).toBe(1000);
    expect(listed.pendingCount).toBeGreaterThanOrEqual(1);
    expect(listed.approvals.find((a: { id: string }) => a.id === approvalId)).toMatchObject({
      kind: 'dispute.resolve',
      status: 'pending',
      trade: { id: d.tradeId, status: 'DISPUTED', outcome: 'release', amountFiat: '50000.00' },
      beneficiary: { id: d.buyer.id },
      cryptocurrency: 'BTC',
      amount: '0.02000000',
      usdValue: '1300.00',
      reason: 'Оплата подтверждена выпиской',
      proposedBy: { id: moderator.staff.id },
      mayDecide: true,
      refusal: null,
    });

    const res = await approve(approvalId, adminB, 'Проверил выписку');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      id: approvalId,
      status: 'approved',
      decidedBy: { id: adminB.staff.id },
      decisionNote: 'Проверил выписку',
      trade: { status: 'COMPLETED' },
    });
    expect(await tradeStatus(d.tradeId)).toBe('COMPLETED');
    // 0.02 BTC to the buyer minus the 0.1% fee; the seller's escrow is spent.
    expect(await balance(t.ctx, d.buyer.id)).toEqual({ available: 1_998_000n, locked: 0n });
    expect(await balance(t.ctx, d.seller.id)).toEqual({ available: 0n, locked: 98_000_000n });

    const again = await approve(approvalId, adminC);
    expect(again.statusCode).toBe(409);
    expect(await balance(t.ctx, d.buyer.id)).toEqual({ available: 1_998_000n, locked: 0n });

    const audit = await auditOf(d.tradeId);
    expect(audit.map((a) => a.action)).toEqual([
      'dispute.take',
      'approval.propose',
      'trade.resolve_release',
      'approval.approve',
    ]);
    expect(audit[2]).toMatchObject({
      staffId: adminB.staff.id,
      ipAddress: '198.51.100.23',
      userAgent: 'Desk/2.0 (approver)',
      afterState: { status: 'COMPLETED', settlement: 'released' },
      metadata: { approvalId, proposedBy: moderator.staff.id },
    });
    expect(audit[3]).toMatchObject({
      staffId: adminB.staff.id,
      note: 'Проверил выписку',
      userAgent: 'Desk/2.0 (approver)',
      metadata: { approvalId, proposedBy: moderator.staff.id },
    });
    // The outcome line in the chat is the proposer's.
    const chat = (await get(`/disputes/${d.tradeId}`, adminB.headers)).json().data.messages;
    expect(chat.at(-1)).toMatchObject({
      type: 'MODERATOR',
      content: expect.stringContaining('Оплата подтверждена'),
    });
  });

  it('an approval after the trade left DISPUTED is refused (409) and moves nothing', async () => {
    const d = await disputed();
    await take(d.tradeId, moderator);
    const { approvalId } = (await resolve(d.tradeId, moderator)).json().data;
    // The case is settled some other way meanwhile (a refund written past the desk's rules).
    await t.ctx.db.transaction(async (tx) => {
      const trade = await lockTrade(tx, d.tradeId);
      const actor = { staffId: adminC.staff.id, ipAddress: null, userAgent: null };
      await servicesOf(t.ctx).disputes.settle(tx, {
        trade: trade!,
        decision: { outcome: 'refund', note: 'Возврат по другому решению' },
        actor,
        authorId: adminC.staff.id,
        now: t.clock.now(),
        events: new PendingEvents(),
      });
    });
    const after = await books(d);
    const res = await approve(approvalId, adminB);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'ACTION_NOT_AVAILABLE', details: { status: 'CANCELLED' } });
    expect(await tradeStatus(d.tradeId)).toBe('CANCELLED');
    expect(await books(d)).toEqual(after);
    const [row] = await t.ctx.db.select().from(staffApprovals).where(eq(staffApprovals.id, approvalId));
    expect(row?.status).toBe('pending');
    // It can still be closed.
    expect((await reject(approvalId, adminB)).statusCode).toBe(200);
  });

  it('an approval after the case changed hands is refused (409): the proposer may no longer decide', async () => {
    const d = await disputed();
    await take(d.tradeId, moderator);
    const { approvalId } = (await resolve(d.tradeId, moderator)).json().data;
    expect((await post(`/disputes/${d.tradeId}/release`, moderator.headers)).statusCode).toBe(200);
    await take(d.tradeId, otherModerator);
    const before = await books(d);
    const res = await approve(approvalId, adminB);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('CONFLICT');
    expect(await tradeStatus(d.tradeId)).toBe('DISPUTED');
    expect(await books(d)).toEqual(before);
  });

  it('a rejection leaves the dispute open; its owner may propose again, and withdraw their own', async () => {
    const d = await disputed();
    await take(d.tradeId, moderator);
    const first = (await resolve(d.tradeId, moderator)).json().data.approvalId;
    expect((await post(`/approvals/${first}/reject`, adminB.headers, { note: 'нет' })).statusCode).toBe(400);
    const rejected = await reject(first, adminB);
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json().data).toMatchObject({
      status: 'rejected',
      decidedBy: { id: adminB.staff.id },
      decisionNote: 'Выписка не совпадает с суммой',
    });
    expect(await tradeStatus(d.tradeId)).toBe('DISPUTED');
    expect((await get(`/disputes/${d.tradeId}`, moderator.headers)).json().data.pendingApproval).toBeNull();
    expect((await approve(first, adminC)).statusCode).toBe(409);

    const second = await resolve(d.tradeId, moderator, 'refund', 'Покупатель не доказал оплату');
    expect(second.statusCode).toBe(202);
    const secondId = second.json().data.approvalId;
    expect(secondId).not.toBe(first);
    // Only the proposer withdraws.
    expect((await post(`/approvals/${secondId}/cancel`, adminB.headers)).statusCode).toBe(403);
    const cancelled = await post(`/approvals/${secondId}/cancel`, moderator.headers);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().data).toMatchObject({
      status: 'cancelled',
      decidedBy: { id: moderator.staff.id },
    });
    expect((await approve(secondId, adminB)).statusCode).toBe(409);
    expect(await tradeStatus(d.tradeId)).toBe('DISPUTED');
    expect((await auditOf(d.tradeId)).map((a) => a.action)).toEqual([
      'dispute.take',
      'approval.propose',
      'approval.reject',
      'approval.propose',
      'approval.cancel',
    ]);
    const decided = (await get('/approvals?state=decided', adminB.headers)).json().data.approvals;
    expect(decided.map((a: { id: string }) => a.id)).toEqual(expect.arrayContaining([first, secondId]));
  });

  it('the data refuses an approval by its proposer, whatever the code does', async () => {
    const d = await disputed();
    await take(d.tradeId, adminA);
    const { approvalId } = (await resolve(d.tradeId, adminA)).json().data;
    await expect(
      t.ctx.db
        .update(staffApprovals)
        .set({ status: 'approved', decidedBy: adminA.staff.id, decidedAt: t.clock.now() })
        .where(eq(staffApprovals.id, approvalId)),
    ).rejects.toThrow();
    await reject(approvalId, adminB);
  });
});

describe('admin credits', () => {
  it('up to the threshold a credit is applied at once; above it a second admin approves it', async () => {
    const user = await signIn(t.app, 'four_eyes_credit');
    const at = await balanceOperation(t, adminA.headers, 'credit', user.userId, {
      cryptocurrency: 'USDT',
      amount: '1000',
    });
    expect(at.statusCode, at.body).toBe(200);
    expect(at.json().data.balance.available).toBe('1000.00000000');

    const above = await balanceOperation(t, withAgent(adminA, 'Console/1 (credit)'), 'credit', user.userId, {
      cryptocurrency: 'USDT',
      amount: '1000.00000001',
      reason: 'Компенсация по обращению 7',
    });
    expect(above.statusCode, above.body).toBe(202);
    expect(above.json().data).toMatchObject({
      pendingApproval: true,
      kind: 'balance.credit',
      amount: '1000.00000001',
      usdValue: '1000.00',
      thresholdUsd: 1000,
    });
    const { approvalId } = above.json().data;
    expect(await balance(t.ctx, user.userId, 'USDT')).toEqual({ available: 100_000_000_000n, locked: 0n });
    // Debits are not four-eyed: they take money away from a user.
    const debit = await balanceOperation(t, adminA.headers, 'debit', user.userId, {
      cryptocurrency: 'USDT',
      amount: '1000',
    });
    expect(debit.statusCode).toBe(200);

    expect((await approve(approvalId, adminA)).statusCode).toBe(403);
    expect((await approve(approvalId, moderator)).statusCode).toBe(403);
    expect(await balance(t.ctx, user.userId, 'USDT')).toEqual({ available: 0n, locked: 0n });
    const ok = await approve(approvalId, adminB);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toMatchObject({ status: 'approved', beneficiary: { id: user.userId } });
    expect(await balance(t.ctx, user.userId, 'USDT')).toEqual({ available: 100_000_000_001n, locked: 0n });
    expect((await approve(approvalId, adminC)).statusCode).toBe(409);
    expect(await balance(t.ctx, user.userId, 'USDT')).toEqual({ available: 100_000_000_001n, locked: 0n });

    const audit = (await auditOf(user.userId)).filter(
      (a) => a.metadata && 'approvalId' in (a.metadata as object),
    );
    expect(audit.map((a) => [a.action, a.staffId])).toEqual([
      ['approval.propose', adminA.staff.id],
      ['balance.credit', adminB.staff.id],
      ['approval.approve', adminB.staff.id],
    ]);
    expect(audit[0]).toMatchObject({ userAgent: 'Console/1 (credit)', note: 'Компенсация по обращению 7' });
    expect(audit[1]).toMatchObject({
      note: 'Компенсация по обращению 7',
      beforeState: { available: '0.00000000' },
      afterState: { available: '1000.00000001' },
      metadata: { approvalId, proposedBy: adminA.staff.id },
    });
  });

  it('a repeated request with the same Idempotency-Key answers the same proposal', async () => {
    const user = await signIn(t.app, 'four_eyes_idem');
    const send = () =>
      balanceOperation(
        t,
        { ...adminA.headers, 'idempotency-key': 'four-eyes-credit-1' },
        'credit',
        user.userId,
        {
          amount: '1',
        },
      );
    const [a, b] = [await send(), await send()];
    expect([a.statusCode, b.statusCode]).toEqual([202, 202]);
    expect(b.json().data.approvalId).toBe(a.json().data.approvalId);
    const rows = await t.ctx.db.select().from(staffApprovals).where(eq(staffApprovals.userId, user.userId));
    expect(rows).toHaveLength(1);
    await reject(a.json().data.approvalId, adminB);
  });

  it('a proposal whose proposer lost the right to make it is refused on approval (409)', async () => {
    const user = await signIn(t.app, 'four_eyes_demoted');
    const proposer = await signInStaff(t, { role: 'admin' });
    const res = await balanceOperation(t, proposer.headers, 'credit', user.userId, { amount: '0.5' });
    expect(res.statusCode).toBe(202);
    await t.ctx.db.update(staff).set({ role: 'moderator' }).where(eq(staff.id, proposer.staff.id));
    const refused = await approve(res.json().data.approvalId, adminB);
    expect(refused.statusCode).toBe(409);
    expect(await balance(t.ctx, user.userId)).toEqual({ available: 0n, locked: 0n });
  });
});

describe('value at the price feed', () => {
  it("uses the feed's live USD rate, not the fallback table", async () => {
    const { startPriceStub } = await import('../market/price-stub.ts');
    const stub = await startPriceStub();
    const priced = await createTestApp({ PRICE_API_URL: stub.url });
    try {
      const admin = await signInStaff(priced, { role: 'admin' });
      const user = await signIn(priced.app, 'four_eyes_feed');
      // 0.012 BTC: $780 at the fallback $65 000, $1 165.48 at the feed's $97 123.45.
      const res = await balanceOperation(priced, admin.headers, 'credit', user.userId, { amount: '0.012' });
      expect(res.statusCode, res.body).toBe(202);
      expect(res.json().data.usdValue).toBe('1165.48');
      const small = await balanceOperation(priced, admin.headers, 'credit', user.userId, {
        amount: '0.0102',
      });
      expect(small.statusCode, small.body).toBe(200); // $990.65
    } finally {
      await priced.close();
      await stub.close();
    }
  });
});

describe('two admins approve one proposal at once', () => {
  it('money moves once; the other is told it is decided (10 rounds)', async () => {
    for (let round = 0; round < 10; round++) {
      const d = await disputed();
      await take(d.tradeId, moderator);
      const { approvalId } = (await resolve(d.tradeId, moderator)).json().data;
      const user = await signIn(t.app, `four_eyes_race_${round}`);
      const credit = await balanceOperation(t, adminA.headers, 'credit', user.userId, { amount: '1' });
      const creditId = credit.json().data.approvalId;
      const results = await Promise.all([
        approve(approvalId, adminB),
        approve(approvalId, adminC),
        approve(creditId, adminB),
        approve(creditId, adminC),
      ]);
      const codes = results.map((r) => r.statusCode);
      expect(codes.slice(0, 2).sort(), results[0]?.body).toEqual([200, 409]);
      expect(codes.slice(2).sort(), results[2]?.body).toEqual([200, 409]);
      expect(await balance(t.ctx, d.buyer.id)).toEqual({ available: 1_998_000n, locked: 0n });
      expect(await balance(t.ctx, user.userId)).toEqual({ available: 100_000_000n, locked: 0n });
      const moved = await t.ctx.db.select().from(auditLogs).where(eq(auditLogs.entityId, d.tradeId));
      expect(moved.filter((a) => a.action === 'trade.resolve_release')).toHaveLength(1);
    }
    await expectLedgerSound(t.ctx);
  });
});
