import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { recordEvents } from '../deposits/support.ts';
import { balance, disputedTradeScenario, expectLedgerSound } from '../factories.ts';
import { createTestApp, servicesOf, type TestApp } from '../helpers.ts';
import { jpegWithGps, multipart } from '../uploads/images.ts';
import { signInStaff } from './factories.ts';

// The dispute desk: queue, one owner per case, case file, moderator chat lines, evidence
// requests answered by a message or a receipt, and resolution by the owner with a written outcome.

let t: TestApp;
let dataDir: string;
let mod1: Record<string, string>;
let mod2: Record<string, string>;
let admin: Record<string, string>;
let mod1Id: string;
let staffIds: string[];
beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'p2p-desk-'));
  t = await createTestApp({ DATA_DIR: dataDir, DISPUTE_SLA_HOURS: '24' });
  staffIds = [
    (await signInStaff(t, { role: 'moderator' })).staff.id,
    (await signInStaff(t, { role: 'moderator' })).staff.id,
    (await signInStaff(t, { role: 'admin' })).staff.id,
  ];
  mod1Id = staffIds[0] as string;
});
// Fresh staff sessions for every test: some tests move the clock past a token's life.
beforeEach(async () => {
  const bearer = async (id: string | undefined): Promise<Record<string, string>> => ({
    authorization: `Bearer ${(await t.ctx.sessions.start('staff', id ?? '')).accessToken}`,
  });
  mod1 = await bearer(staffIds[0]);
  mod2 = await bearer(staffIds[1]);
  admin = await bearer(staffIds[2]);
});
afterAll(async () => {
  await expectLedgerSound(t.ctx);
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const userHeaders = async (userId: string) => ({
  authorization: `Bearer ${(await t.ctx.sessions.start('user', userId)).accessToken}`,
});

/** A 0.01 BTC trade on a 1 BTC sell order: details sent, paid, disputed by the buyer. */
async function disputedTrade() {
  const { seller, buyer, tradeId } = await disputedTradeScenario(t.ctx, {
    beforePaid: async ({ sellerId, tradeId }) => {
      const template = await servicesOf(t.ctx).paymentTemplates.create(sellerId, {
        name: 'Сбер',
        type: 'SBP',
        isDefault: true,
        isActive: true,
        details: { phone: '+79123456789', bankName: 'Сбербанк' },
      });
      await t.app.inject({
        method: 'PUT',
        url: `/api/v1/trades/${tradeId}/payment-template`,
        headers: await userHeaders(sellerId),
        payload: { templateId: template.id },
      });
    },
  });
  return { seller, buyer, tradeId };
}

const post = (url: string, headers: Record<string, string>, payload?: object) =>
  t.app.inject({ method: 'POST', url: `/api/v1${url}`, headers, ...(payload ? { payload } : {}) });
const get = (url: string, headers: Record<string, string>) => t.app.inject({ url: `/api/v1${url}`, headers });

describe('the queue and ownership', () => {
  it('lists open disputes oldest first with age, SLA, parties, reason and owner', async () => {
    const first = await disputedTrade();
    t.clock.advance(3_600_000);
    const second = await disputedTrade();
    t.clock.advance(23 * 3_600_000 + 60_000); // the first is now past 24 h, the second is not
    const fresh = async (id: string) => ({
      authorization: `Bearer ${(await t.ctx.sessions.start('staff', id)).accessToken}`,
    });
    mod1 = await fresh(mod1Id);
    mod2 = await fresh(staffIds[1] as string);
    expect((await post(`/admin/disputes/${second.tradeId}/take`, mod1)).statusCode).toBe(200);

    const res = await get('/admin/disputes?limit=100', mod2);
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json().data.disputes as { tradeId: string }[];
    const mine = rows.filter((r) => [first.tradeId, second.tradeId].includes(r.tradeId));
    expect(mine.map((r) => r.tradeId)).toEqual([first.tradeId, second.tradeId]);
    expect(mine[0]).toMatchObject({
      ageSeconds: 24 * 3600 + 60,
      overSla: true,
      amountCrypto: '0.01000000',
      amountFiat: '50000.00',
      openedBy: 'buyer',
      reason: 'seller_not_responding',
      owner: null,
      buyer: { id: first.buyer.id },
      seller: { id: first.seller.id },
    });
    expect(mine[1]).toMatchObject({ overSla: false, owner: { id: mod1Id, role: 'moderator' } });
    expect(res.json().data.slaHours).toBe(24);

    const onlyMine = (await get('/admin/disputes?owner=mine', mod1)).json().data.disputes;
    expect(onlyMine.map((r: { tradeId: string }) => r.tradeId)).toContain(second.tradeId);
    expect(onlyMine.map((r: { tradeId: string }) => r.tradeId)).not.toContain(first.tradeId);
  });

  it('gives a case one owner: another moderator is refused until it is released', async () => {
    const { tradeId } = await disputedTrade();
    expect((await post(`/admin/disputes/${tradeId}/take`, mod1)).json().data.owner.id).toBe(mod1Id);
    const second = await post(`/admin/disputes/${tradeId}/take`, mod2);
    expect(second.statusCode).toBe(409);
    expect(second.json().error).toBe('Дело уже взял другой модератор');
    expect((await post(`/admin/disputes/${tradeId}/release`, mod2)).statusCode).toBe(403);
    const released = await post(`/admin/disputes/${tradeId}/release`, mod1);
    expect(released.json().data.owner).toBeNull();
    expect((await post(`/admin/disputes/${tradeId}/take`, mod2)).statusCode).toBe(200);
    // An admin may take a case back to the queue.
    expect((await post(`/admin/disputes/${tradeId}/release`, admin)).json().data.owner).toBeNull();
    const audit = (await get(`/admin/audit-logs?entityType=trade&limit=200`, admin)).json().data.logs;
    const actions = audit
      .filter((l: { entityId: string }) => l.entityId === tradeId)
      .map((l: { action: string }) => l.action);
    expect(actions.sort()).toEqual(['dispute.release', 'dispute.release', 'dispute.take', 'dispute.take']);
  });

  it('refuses to take a trade that is not in dispute', async () => {
    const { tradeId } = await disputedTrade();
    await post(`/admin/disputes/${tradeId}/take`, admin);
    await post(`/admin/trades/${tradeId}/resolve`, admin, { outcome: 'release', note: 'Оплата пришла' });
    expect((await post(`/admin/disputes/${tradeId}/take`, mod2)).statusCode).toBe(409);
  });
});

describe('the case', () => {
  it('shows the timeline, both parties with history, the details sent, the receipts and the chat', async () => {
    const { seller, buyer, tradeId } = await disputedTrade();
    await t.app.inject({
      method: 'POST',
      url: `/api/v1/trades/${tradeId}/messages`,
      headers: await userHeaders(buyer.id),
      payload: { content: 'Я оплатил' },
    });
    const res = await get(`/admin/disputes/${tradeId}`, mod1);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.trade.actions.map((a: { action: string }) => a.action)).toEqual(
      expect.arrayContaining(['mark_paid', 'dispute_trade']),
    );
    expect(data.buyer).toMatchObject({
      id: buyer.id,
      history: { completedTrades: 0, disputesOpened: 1, disputesLost: 0 },
    });
    expect(data.seller).toMatchObject({ id: seller.id, history: { disputesOpened: 0 } });
    expect(data.paymentDetails).toEqual([
      expect.objectContaining({ name: 'Сбер', details: { phone: '+79123456789', bankName: 'Сбербанк' } }),
    ]);
    expect(data.messages.map((m: { content: string }) => m.content)).toContain('Я оплатил');
    expect(data).toMatchObject({ openedBy: 'buyer', owner: null, canAct: false });
    expect((await get(`/admin/disputes/${tradeId}`, admin)).json().data.canAct).toBe(true);
  });

  it('counts a lost dispute for the party the decision went against', async () => {
    const { seller, buyer, tradeId } = await disputedTrade();
    await post(`/admin/disputes/${tradeId}/take`, mod1);
    await post(`/admin/trades/${tradeId}/resolve`, mod1, { outcome: 'refund', note: 'Оплаты не было' });
    const data = (await get(`/admin/disputes/${tradeId}`, mod1)).json().data;
    expect(data.buyer.history).toEqual({ completedTrades: 0, disputesOpened: 1, disputesLost: 1 });
    expect(data.seller.history.disputesLost).toBe(0);
    expect(data.canAct).toBe(false);
    expect(seller.id).not.toBe(buyer.id);
  });
});

describe('moderator in the chat and evidence requests', () => {
  it('writes into the trade chat as the moderator, seen live by both parties; only the owner', async () => {
    const { seller, buyer, tradeId } = await disputedTrade();
    const refused = await post(`/admin/disputes/${tradeId}/messages`, mod1, { content: 'Здравствуйте' });
    expect(refused.statusCode).toBe(403);
    await post(`/admin/disputes/${tradeId}/take`, mod1);
    const live = recordEvents(t.ctx);
    const res = await post(`/admin/disputes/${tradeId}/messages`, mod1, { content: 'Пришлите выписку' });
    live.stop();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ type: 'MODERATOR', senderId: null, content: 'Пришлите выписку' });
    expect(live.named('message:new')).toEqual([
      { room: `trade:${tradeId}`, event: 'message:new', payload: { tradeId, message: res.json().data } },
    ]);
    expect(
      live
        .named('trade:message')
        .map((e) => e.room)
        .sort(),
    ).toEqual([`user:${buyer.id}`, `user:${seller.id}`].sort());
    const chat = await get(`/trades/${tradeId}/messages`, await userHeaders(seller.id));
    expect(chat.json().data.messages.at(-1)).toMatchObject({
      type: 'MODERATOR',
      content: 'Пришлите выписку',
    });
    // Both parties find the moderator's word in their inbox, whether or not they are online.
    await t.app.notifications.feed.idle();
    for (const party of [buyer, seller]) {
      const inbox = await get('/notifications?limit=10', await userHeaders(party.id));
      expect(inbox.json().data.notifications[0]).toMatchObject({
        kind: 'moderator_message',
        message: 'Пришлите выписку',
        link: `/trade/${tradeId}`,
      });
    }
  });

  it('asks a party for evidence with a deadline; the party sees it and answers with a message', async () => {
    const { seller, buyer, tradeId } = await disputedTrade();
    await post(`/admin/disputes/${tradeId}/take`, mod1);
    const live = recordEvents(t.ctx);
    const res = await post(`/admin/disputes/${tradeId}/evidence`, mod1, {
      party: 'seller',
      text: 'Выписка по счету за день сделки',
      hours: 12,
    });
    live.stop();
    expect(res.statusCode, res.body).toBe(200);
    const request = res.json().data;
    expect(request).toMatchObject({
      party: 'seller',
      userId: seller.id,
      deadline: new Date(t.clock.now().getTime() + 12 * 3_600_000).toISOString(),
      answeredAt: null,
      overdue: false,
    });
    expect(
      live
        .named('trade:evidence_requested')
        .map((e) => e.room)
        .sort(),
    ).toEqual([`user:${buyer.id}`, `user:${seller.id}`].sort());
    const sellerHeaders = await userHeaders(seller.id);
    const view = (await get(`/trades/${tradeId}`, sellerHeaders)).json().data;
    expect(view.evidenceRequests).toEqual([request]);
    // The buyer's message does not answer a request to the seller; the seller's does.
    await post(`/trades/${tradeId}/messages`, await userHeaders(buyer.id), { content: 'Жду решения' });
    expect(
      (await get(`/trades/${tradeId}`, sellerHeaders)).json().data.evidenceRequests[0].answeredAt,
    ).toBeNull();
    await post(`/trades/${tradeId}/messages`, sellerHeaders, { content: 'Выписку приложу позже' });
    const answered = (await get(`/trades/${tradeId}`, sellerHeaders)).json().data.evidenceRequests[0];
    expect(answered).toMatchObject({ answer: 'message', answeredAt: t.clock.now().toISOString() });
  });

  it('marks an unanswered request overdue after its deadline, and a receipt upload answers it', async () => {
    const { buyer, tradeId } = await disputedTrade();
    await post(`/admin/disputes/${tradeId}/take`, mod1);
    await post(`/admin/disputes/${tradeId}/evidence`, mod1, {
      party: 'buyer',
      text: 'Чек перевода',
      hours: 1,
    });
    t.clock.advance(3_600_000);
    const buyerHeaders = await userHeaders(buyer.id);
    expect((await get(`/trades/${tradeId}`, buyerHeaders)).json().data.evidenceRequests[0].overdue).toBe(
      true,
    );
    const upload = multipart('proof', 'receipt.jpg', 'image/jpeg', await jpegWithGps());
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/trades/${tradeId}/payment-proof`,
      headers: { ...buyerHeaders, ...upload.headers },
      payload: upload.payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    const request = (await get(`/trades/${tradeId}`, buyerHeaders)).json().data.evidenceRequests[0];
    expect(request).toMatchObject({ answer: 'receipt', overdue: false });
    // The access token of the morning has expired by now: a fresh staff session reads the case.
    const staff = { authorization: `Bearer ${(await t.ctx.sessions.start('staff', mod1Id)).accessToken}` };
    const file = (await get(`/admin/disputes/${tradeId}`, staff)).json().data;
    expect(file.trade.paymentProofFiles).toHaveLength(1);
    expect(file.evidenceRequests[0]).toMatchObject({ answer: 'receipt' });
  });

  it('validates the request: party, text and a deadline of 1 to 168 hours', async () => {
    const { tradeId } = await disputedTrade();
    await post(`/admin/disputes/${tradeId}/take`, mod1);
    for (const body of [
      { party: 'judge', text: 'Документы', hours: 2 },
      { party: 'buyer', text: '', hours: 2 },
      { party: 'buyer', text: 'Документы', hours: 0 },
      { party: 'buyer', text: 'Документы', hours: 169 },
    ]) {
      expect((await post(`/admin/disputes/${tradeId}/evidence`, mod1, body)).statusCode).toBe(400);
    }
  });
});

describe('resolution on the desk', () => {
  it('only the case owner or an admin resolves; the written outcome reaches both parties in the chat', async () => {
    const { seller, buyer, tradeId } = await disputedTrade();
    const body = { outcome: 'release', note: 'Банк подтвердил перевод' };
    expect((await post(`/admin/trades/${tradeId}/resolve`, mod1, body)).statusCode).toBe(403);
    await post(`/admin/disputes/${tradeId}/take`, mod1);
    expect((await post(`/admin/trades/${tradeId}/resolve`, mod2, body)).statusCode).toBe(403);
    expect(await balance(t.ctx, buyer.id)).toEqual({ available: 0n, locked: 0n });

    const live = recordEvents(t.ctx);
    const res = await post(`/admin/trades/${tradeId}/resolve`, mod1, body);
    live.stop();
    expect(res.statusCode, res.body).toBe(200);
    expect(await balance(t.ctx, buyer.id)).toEqual({ available: 999_000n, locked: 0n });
    const outcome = 'Решение по спору: средства переданы покупателю. Банк подтвердил перевод';
    const lines = live.named('message:new').map((e) => (e.payload as { message: { type: string } }).message);
    expect(lines).toContainEqual(expect.objectContaining({ type: 'MODERATOR', content: outcome }));
    expect(
      live
        .named('trade:updated')
        .map((e) => e.room)
        .sort(),
    ).toEqual([`user:${buyer.id}`, `user:${seller.id}`].sort());
    for (const party of [buyer.id, seller.id]) {
      const chat = (await get(`/trades/${tradeId}/messages`, await userHeaders(party))).json().data.messages;
      expect(chat.map((m: { content: string }) => m.content)).toContain(outcome);
    }
  });

  it('an admin resolves a case nobody took', async () => {
    const { seller, tradeId } = await disputedTrade();
    const res = await post(`/admin/trades/${tradeId}/resolve`, admin, {
      outcome: 'refund',
      note: 'Оплаты не было',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await balance(t.ctx, seller.id)).toEqual({ available: 0n, locked: 100_000_000n });
  });
});
