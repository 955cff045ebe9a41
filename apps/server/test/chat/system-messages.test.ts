import { readFileSync } from 'node:fs';
import { type ChatMessage, isMessageKey, type MessageList, translate } from '@p2p/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client.ts';
import { expectLedgerSound } from '../factories.ts';
import { createTestApp, schedulerOf, type TestApp } from '../helpers.ts';
import { tradeScene } from './support.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await expectLedgerSound(t.ctx);
  await t.close();
});

const CREATED = 'Сделка создана. Криптовалюта продавца заблокирована в эскроу';
const DISPUTE = { reasonId: 'other', details: 'Деньги не пришли' };

async function systemLines(scene: Awaited<ReturnType<typeof tradeScene>>) {
  const res = await scene.api.list(scene.buyer.id, scene.tradeId);
  const messages = (res.body.data as MessageList).messages.filter((m: ChatMessage) => m.type === 'SYSTEM');
  for (const m of messages) {
    expect(m).toMatchObject({ senderId: null, sender: null, readAt: null });
    // Each line carries its catalogue key: a reader sees it in their language by the key.
    expect(isMessageKey(m.contentKey) && translate('ru', m.contentKey)).toBe(m.content);
  }
  return messages.map((m) => m.content);
}

describe('SYSTEM lines of trade transitions', () => {
  it('records creation, payment, confirmation and release, in order', async () => {
    const sc = await tradeScene(t);
    expect(await systemLines(sc)).toEqual([CREATED]);
    expect((await sc.api.act(sc.buyer.id, sc.tradeId, 'mark_paid')).status).toBe(200);
    expect((await sc.api.act(sc.seller.id, sc.tradeId, 'confirm_payment')).status).toBe(200);
    expect((await sc.api.act(sc.seller.id, sc.tradeId, 'release_funds')).status).toBe(200);
    expect(await systemLines(sc)).toEqual([
      CREATED,
      'Покупатель отметил оплату',
      'Продавец подтвердил получение оплаты',
      'Продавец отправил криптовалюту покупателю. Сделка завершена',
    ]);
    // SYSTEM lines are never unread for anyone.
    expect(await sc.api.unread(sc.buyer.id, sc.tradeId)).toBe(0);
    expect(await sc.api.unread(sc.seller.id, sc.tradeId)).toBe(0);
  });

  it('names who cancelled or disputed', async () => {
    const bySeller = await tradeScene(t);
    expect((await bySeller.api.act(bySeller.seller.id, bySeller.tradeId, 'cancel_trade')).status).toBe(200);
    expect((await systemLines(bySeller)).at(-1)).toBe('Продавец отменил сделку');

    const byBuyer = await tradeScene(t);
    expect((await byBuyer.api.act(byBuyer.buyer.id, byBuyer.tradeId, 'cancel_trade')).status).toBe(200);
    expect((await systemLines(byBuyer)).at(-1)).toBe('Покупатель отменил сделку');

    const disputed = await tradeScene(t);
    await disputed.api.act(disputed.buyer.id, disputed.tradeId, 'mark_paid');
    expect(
      (await disputed.api.act(disputed.seller.id, disputed.tradeId, 'dispute_trade', DISPUTE)).status,
    ).toBe(200);
    expect((await systemLines(disputed)).at(-1)).toBe(
      'Продавец открыл спор. Сделка заморожена до решения модератора',
    );
  });

  it('writes nothing when the action is refused or rolled back', async () => {
    const sc = await tradeScene(t);
    await sc.api.act(sc.buyer.id, sc.tradeId, 'mark_paid');
    expect((await sc.api.act(sc.seller.id, sc.tradeId, 'cancel_trade')).status).toBe(409);
    expect((await sc.api.act(sc.buyer.id, sc.tradeId, 'dispute_trade', { reasonId: 'x' })).status).toBe(400);
    expect(await systemLines(sc)).toEqual([CREATED, 'Покупатель отметил оплату']);
  });

  it('records scheduler expiry and auto-release', async () => {
    const unpaid = await tradeScene(t);
    const confirmed = await tradeScene(t);
    await confirmed.api.act(confirmed.buyer.id, confirmed.tradeId, 'mark_paid');
    await confirmed.api.act(confirmed.seller.id, confirmed.tradeId, 'confirm_payment');
    t.clock.advance(31 * 60_000);
    const tick = await schedulerOf(t.ctx).tick();
    expect(tick.expired).toBeGreaterThanOrEqual(1);
    expect(tick.released).toBeGreaterThanOrEqual(1);
    expect((await systemLines(unpaid)).at(-1)).toBe('Время на оплату истекло. Сделка отменена автоматически');
    expect((await systemLines(confirmed)).at(-1)).toBe(
      'Криптовалюта отправлена покупателю автоматически. Сделка завершена',
    );
  });

  it('keeps exactly one SYSTEM line per recorded transition', async () => {
    const rows = await queryRows<{ trade_id: string; actions: string; lines: string }>(
      t.ctx.db,
      sql`SELECT t.id AS trade_id,
                 (SELECT COUNT(*) FROM trade_actions a WHERE a.trade_id = t.id) AS actions,
                 (SELECT COUNT(*) FROM chat_messages m WHERE m.trade_id = t.id AND m.type = 'SYSTEM') AS lines
            FROM trades t`,
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) expect(Number(r.lines), r.trade_id).toBe(Number(r.actions));
  });

  it('gives the lines written before keys existed their key (migration 0027)', async () => {
    const sc = await tradeScene(t);
    await t.ctx.db.execute(sql`UPDATE chat_messages SET content_key = NULL WHERE trade_id = ${sc.tradeId}`);
    const script = readFileSync(
      new URL('../../src/db/migrations/0027_system_line_keys.sql', import.meta.url),
      'utf8',
    );
    const backfill = script.slice(script.indexOf('UPDATE chat_messages'));
    await t.ctx.db.execute(sql.raw(backfill));
    const res = await sc.api.list(sc.buyer.id, sc.tradeId);
    const [line] = (res.body.data as MessageList).messages;
    expect(line).toMatchObject({ type: 'SYSTEM', content: CREATED, contentKey: 'chat.system.create' });
  });
});
