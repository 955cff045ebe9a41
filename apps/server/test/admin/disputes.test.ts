import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balance, disputedTradeScenario, expectLedgerSound, PAID, sellOrderScenario } from '../factories.ts';
import { createTestApp, servicesOf, signIn, type TestApp } from '../helpers.ts';
import { jpegWithGps, multipart } from '../uploads/images.ts';
import { signInStaff } from './factories.ts';

// POST /api/v1/admin/trades/{id}/resolve: a moderator settles a dispute (docs/decisions/010, 016).

let t: TestApp;
let staffHeaders: Record<string, string>;
let dataDir: string;
beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'p2p-disputes-'));
  t = await createTestApp({ DATA_DIR: dataDir });
  staffHeaders = (await signInStaff(t, { role: 'moderator' })).headers;
});
afterAll(async () => {
  await expectLedgerSound(t.ctx);
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** A trade on a 1 BTC sell order, paid by the buyer and disputed by them. */
async function disputedTrade() {
  return disputedTradeScenario(t.ctx);
}

/** Only the case owner resolves: the moderator takes the case (when it can be taken), then resolves. */
async function resolve(tradeId: string, body: unknown, headers = staffHeaders) {
  await t.app.inject({ method: 'POST', url: `/api/v1/admin/disputes/${tradeId}/take`, headers });
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/admin/trades/${tradeId}/resolve`,
    headers,
    payload: body as object,
  });
}

describe('moderator resolution', () => {
  it('releases escrow to the buyer minus the fee, once, and audits it', async () => {
    const { seller, buyer, tradeId, trades } = await disputedTrade();
    const res = await resolve(tradeId, { outcome: 'release', note: 'Оплата подтверждена банком' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ tradeId, status: 'COMPLETED', settlement: 'released' });
    // 50 000 ₽ at 5 000 000 ₽/BTC = 0.01 BTC; fee 0.1% = 0.00001 BTC
    expect(await balance(t.ctx, buyer.id)).toEqual({ available: 999_000n, locked: 0n });
    expect(await balance(t.ctx, seller.id)).toEqual({ available: 0n, locked: 99_000_000n });
    const view = await trades.details(buyer.id, tradeId);
    expect(view.trade.actions.at(-1)).toMatchObject({ actor: 'moderator', action: 'resolve_release' });
    expect(view.trade.notes).toContain('Оплата подтверждена банком');

    const again = await resolve(tradeId, { outcome: 'refund', note: 'Повторное решение' });
    expect(again.statusCode).toBe(409);
    expect(await balance(t.ctx, buyer.id)).toEqual({ available: 999_000n, locked: 0n });

    const logs = await t.app.inject({
      url: '/api/v1/admin/audit-logs?entityType=trade',
      headers: staffHeaders,
    });
    const entry = logs.json().data.logs.find((l: { entityId: string }) => l.entityId === tradeId);
    expect(entry).toMatchObject({
      action: 'trade.resolve_release',
      note: 'Оплата подтверждена банком',
      beforeState: { status: 'DISPUTED' },
      afterState: { status: 'COMPLETED', settlement: 'released' },
    });
  });

  it('refunds escrow to the live order reserve', async () => {
    const { seller, buyer, tradeId } = await disputedTrade();
    const res = await resolve(tradeId, { outcome: 'refund', note: 'Оплата не поступила' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.status).toBe('CANCELLED');
    expect(await balance(t.ctx, seller.id)).toEqual({ available: 0n, locked: 100_000_000n });
    expect(await balance(t.ctx, buyer.id)).toEqual({ available: 0n, locked: 0n });
  });

  it('refuses trades not in dispute, users, bad input — and changes nothing', async () => {
    const { seller, buyer, orderId } = await sellOrderScenario(t.ctx, '1');
    const { tradeId } = await servicesOf(t.ctx).trades.open(buyer.id, {
      orderId,
      amountFiat: '50000',
      paymentMethod: 'sberbank',
    });
    const open = await resolve(tradeId, { outcome: 'release', note: 'Слишком рано' });
    expect(open.statusCode).toBe(409);
    expect(open.json().error).toBe('Действие недоступно');

    const user = await signIn(t.app, 'notstaff');
    expect(
      (await resolve(tradeId, { outcome: 'release', note: 'Я не модератор' }, user.headers)).statusCode,
    ).toBe(401);
    expect((await resolve(tradeId, { outcome: 'keep', note: 'Неизвестное решение' })).statusCode).toBe(400);
    expect((await resolve(tradeId, { outcome: 'release', note: 'нет' })).statusCode).toBe(400);
    expect(
      (
        await resolve('00000000-0000-4000-8000-000000000000', {
          outcome: 'release',
          note: 'Нет такой сделки',
        })
      ).statusCode,
    ).toBe(404);
    expect(await balance(t.ctx, seller.id)).toEqual({ available: 0n, locked: 100_000_000n });
  });
});

describe('moderators observe disputed trades', () => {
  it('see the trade without actions, its chat and its receipt; never an undisputed trade', async () => {
    const { seller, buyer, orderId } = await sellOrderScenario(t.ctx, '1');
    const trades = servicesOf(t.ctx).trades;
    const { tradeId } = await trades.open(buyer.id, {
      orderId,
      amountFiat: '50000',
      paymentMethod: 'sberbank',
    });
    const b = await signIn(t.app, buyer.username as string);
    const file = multipart('proof', 'receipt.jpg', 'image/jpeg', await jpegWithGps());
    const uploaded = await t.app.inject({
      method: 'POST',
      url: `/api/v1/trades/${tradeId}/payment-proof`,
      headers: { ...b.headers, ...file.headers },
      payload: file.payload,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const receiptId = (uploaded.json().data.url as string).split('/').pop();
    await t.app.inject({
      method: 'POST',
      url: `/api/v1/trades/${tradeId}/messages`,
      headers: b.headers,
      payload: { content: 'Оплатил, чек приложил' },
    });

    // Before the dispute staff learn nothing about the trade, its chat or its receipts, while
    // the parties see the receipt.
    const staffGet = (url: string) => t.app.inject({ url, headers: staffHeaders });
    const receiptUrl = `/api/v1/admin/uploads/receipts/${receiptId}`;
    expect((await staffGet(`/api/v1/admin/trades/${tradeId}`)).statusCode).toBe(404);
    expect((await staffGet(`/api/v1/admin/trades/${tradeId}/messages`)).statusCode).toBe(404);
    const hidden = await staffGet(receiptUrl);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toMatchObject({ success: false, code: 'NOT_FOUND', error: 'Чек не найден' });
    expect(
      (await t.app.inject({ url: `/api/v1/uploads/receipts/${receiptId}`, headers: b.headers })).statusCode,
    ).toBe(200);

    await trades.act(buyer.id, tradeId, 'mark_paid', PAID);
    await trades.act(seller.id, tradeId, 'dispute_trade', {
      reasonId: 'fake_proof',
      details: 'Денег нет на счете',
    });
    const view = await t.app.inject({ url: `/api/v1/admin/trades/${tradeId}`, headers: staffHeaders });
    expect(view.statusCode, view.body).toBe(200);
    expect(view.json().data.trade).toMatchObject({
      status: 'DISPUTED',
      userRole: 'observer',
      disputeReason: 'fake_proof',
    });
    expect(view.json().data.availableActions).toEqual([]);
    const chat = await t.app.inject({
      url: `/api/v1/admin/trades/${tradeId}/messages`,
      headers: staffHeaders,
    });
    expect(chat.statusCode).toBe(200);
    const texts = (chat.json().data.messages as { content: string }[]).map((m) => m.content);
    expect(texts).toContain('Оплатил, чек приложил');
    const receipt = await staffGet(receiptUrl);
    expect(receipt.statusCode).toBe(200);
    expect(receipt.headers['content-type']).toBe('image/jpeg');
    expect(receipt.headers['x-content-type-options']).toBe('nosniff');
    // A user token is not a staff token.
    expect(
      (await t.app.inject({ url: `/api/v1/admin/uploads/receipts/${receiptId}`, headers: b.headers }))
        .statusCode,
    ).toBe(401);
  });

  it('keep seeing a trade, its chat and its receipt after the dispute was resolved', async () => {
    const { seller, buyer, orderId } = await sellOrderScenario(t.ctx, '1');
    const trades = servicesOf(t.ctx).trades;
    const { tradeId } = await trades.open(buyer.id, {
      orderId,
      amountFiat: '50000',
      paymentMethod: 'sberbank',
    });
    const b = await signIn(t.app, buyer.username as string);
    const file = multipart('proof', 'receipt.jpg', 'image/jpeg', await jpegWithGps());
    const uploaded = await t.app.inject({
      method: 'POST',
      url: `/api/v1/trades/${tradeId}/payment-proof`,
      headers: { ...b.headers, ...file.headers },
      payload: file.payload,
    });
    const receiptId = (uploaded.json().data.url as string).split('/').pop();
    await trades.act(buyer.id, tradeId, 'mark_paid', PAID);
    await trades.act(seller.id, tradeId, 'dispute_trade', {
      reasonId: 'fake_proof',
      details: 'Чек поддельный',
    });
    const resolved = await resolve(tradeId, { outcome: 'refund', note: 'Банк не подтвердил перевод' });
    expect(resolved.statusCode, resolved.body).toBe(200);

    for (const url of [
      `/api/v1/admin/trades/${tradeId}`,
      `/api/v1/admin/trades/${tradeId}/messages`,
      `/api/v1/admin/uploads/receipts/${receiptId}`,
    ]) {
      expect((await t.app.inject({ url, headers: staffHeaders })).statusCode, url).toBe(200);
    }
    const view = await t.app.inject({ url: `/api/v1/admin/trades/${tradeId}`, headers: staffHeaders });
    expect(view.json().data.trade).toMatchObject({ status: 'CANCELLED', userRole: 'observer' });
  });
});
