import { ChatMessage, type MessageList } from '@p2p/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatMessages } from '../../src/db/schema.ts';
import { findMessage } from '../../src/modules/chat/chat.repository.ts';
import { expectLedgerSound } from '../factories.ts';
import { createTestApp, type TestApp } from '../helpers.ts';
import { recordEvents, tradeScene } from './support.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await expectLedgerSound(t.ctx);
  await t.close();
});

const TOO_LONG = 'Сообщение слишком длинное (максимум 2000 символов)';
const EMPTY = 'Сообщение не может быть пустым';

describe('sending', () => {
  it('accepts 1..2000 characters, trimmed, and refuses empty, blank and 2001', async () => {
    const { buyer, tradeId, api } = await tradeScene(t);
    const one = await api.send(buyer.id, tradeId, 'a');
    expect(one.status).toBe(200);
    expect(ChatMessage.parse(one.body.data)).toMatchObject({
      content: 'a',
      type: 'TEXT',
      senderId: buyer.id,
    });

    const max = 'я'.repeat(2000);
    const atMax = await api.send(buyer.id, tradeId, `  ${max}\n`);
    expect(atMax.status, JSON.stringify(atMax.body)).toBe(200);
    expect(atMax.body.data.content).toBe(max);

    const over = await api.send(buyer.id, tradeId, 'я'.repeat(2001));
    expect(over.status).toBe(400);
    expect(over.body).toMatchObject({ success: false, code: 'VALIDATION_ERROR', error: TOO_LONG });

    for (const blank of ['', '   ', '\n\t  \n']) {
      const res = await api.send(buyer.id, tradeId, blank);
      expect(res.status).toBe(400);
      expect(res.body.error).toBe(EMPTY);
    }
    const missing = await api.call('POST', `/trades/${tradeId}/messages`, buyer.id, {});
    expect(missing.status).toBe(400);
    expect(missing.body.error).toBe(EMPTY);
    for (const bad of ['a\u0000b', 'a\ud800b', 'a\u001b[2Jb']) {
      const refused = await api.send(buyer.id, tradeId, bad);
      expect(refused.status).toBe(400);
      expect(refused.body.error).toBe('Сообщение содержит недопустимые символы');
    }

    const list = await api.list(buyer.id, tradeId);
    const texts = list.body.data.messages.filter((m: ChatMessage) => m.type === 'TEXT');
    expect(texts.map((m: ChatMessage) => m.content)).toEqual(['a', max]);
  });

  it('lets users send TEXT only', async () => {
    const { buyer, tradeId, api } = await tradeScene(t);
    const res = await api.call('POST', `/trades/${tradeId}/messages`, buyer.id, {
      content: 'x',
      type: 'SYSTEM',
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('Можно отправлять только текстовые сообщения');
    const text = await api.call('POST', `/trades/${tradeId}/messages`, buyer.id, {
      content: 'x',
      type: 'TEXT',
    });
    expect(text.status).toBe(200);
  });

  it('stores and returns markup verbatim as plain text', async () => {
    const { buyer, seller, tradeId, api } = await tradeScene(t);
    const payload = '<img src=x onerror=alert(1)> & &amp; "quotes" <script>alert(2)</script>';
    const sent = await api.send(buyer.id, tradeId, payload);
    expect(sent.status).toBe(200);
    expect(sent.body.data.content).toBe(payload);
    expect(sent.raw.headers['content-type']).toMatch(/^application\/json/);
    const [row] = await t.ctx.db.select().from(chatMessages).where(eq(chatMessages.id, sent.body.data.id));
    expect(row?.content).toBe(payload);
    const seen = await api.list(seller.id, tradeId);
    expect(seen.body.data.messages.at(-1).content).toBe(payload);
  });

  it('returns the sender profile and announces the message after it is stored', async () => {
    const { buyer, seller, tradeId, api } = await tradeScene(t);
    // Read the message back the moment it is announced: it must already be committed.
    const stored: Promise<unknown>[] = [];
    const watch = t.ctx.notifier.subscribe((e) => {
      const id = (e.payload as { message?: { id?: string } }).message?.id;
      if (e.event === 'message:new' && id) stored.push(findMessage(t.ctx.db, id).then((m) => m?.content));
    });
    const rec = recordEvents(t);
    const sent = await api.send(buyer.id, tradeId, 'Здравствуйте');
    rec.stop();
    watch();
    expect(await Promise.all(stored)).toEqual(['Здравствуйте']);
    expect(sent.body.data.sender).toEqual({
      id: buyer.id,
      displayName: null,
      firstName: 'Покупатель',
      lastName: null,
      customAvatarUrl: null,
      useCustomProfile: false,
    });
    expect(rec.events).toEqual([
      { room: `trade:${tradeId}`, event: 'message:new', payload: { tradeId, message: sent.body.data } },
      {
        room: `user:${seller.id}`,
        event: 'trade:message',
        payload: { tradeId, messageId: sent.body.data.id, senderName: 'Покупатель', message: 'Здравствуйте' },
      },
    ]);
  });

  it('honours Idempotency-Key: a retry returns the first message and stores nothing new', async () => {
    const { buyer, tradeId, api } = await tradeScene(t);
    const key = { 'idempotency-key': 'chat-retry-1' };
    const rec = recordEvents(t);
    const first = await api.send(buyer.id, tradeId, 'один раз', key);
    const again = await api.send(buyer.id, tradeId, 'один раз', key);
    rec.stop();
    expect(again.status).toBe(200);
    expect(again.body.data).toEqual(first.body.data);
    const texts = (await api.list(buyer.id, tradeId)).body.data.messages.filter(
      (m: ChatMessage) => m.type === 'TEXT',
    );
    expect(texts).toHaveLength(1);
    expect(rec.events.filter((e) => e.event === 'message:new')).toHaveLength(1);
    const other = await api.send(buyer.id, tradeId, 'другое', key);
    expect(other.status).toBe(422);
  });
});

describe('access', () => {
  it('answers 404 to anyone but the two parties, and 401 without a token', async () => {
    const { buyer, stranger, tradeId, api } = await tradeScene(t);
    const sent = await api.send(buyer.id, tradeId, 'секрет');
    const calls = [
      api.list(stranger.id, tradeId),
      api.send(stranger.id, tradeId, 'я тоже тут'),
      api.call('GET', `/trades/${tradeId}/messages/unread-count`, stranger.id),
      api.readAll(stranger.id, tradeId),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ success: false, code: 'NOT_FOUND', error: 'Сделка не найдена' });
    }
    const read = await api.read(stranger.id, sent.body.data.id);
    expect(read.status).toBe(404);
    expect(JSON.stringify(read.body)).not.toContain('секрет');
    const missing = await api.list(buyer.id, '00000000-0000-4000-8000-000000000000');
    expect(missing.status).toBe(404);
    expect((await api.list(null as unknown as string, tradeId)).status).toBe(401);
    // Nothing the stranger tried reached the chat.
    const texts = (await api.list(buyer.id, tradeId)).body.data.messages.filter(
      (m: ChatMessage) => m.type === 'TEXT',
    );
    expect(texts.map((m: ChatMessage) => m.content)).toEqual(['секрет']);
    expect((await api.read(buyer.id, sent.body.data.id)).body.data.readAt).toBeNull();
  });
});

describe('read receipts and unread counts', () => {
  it('counts counterparty text only and lets only the recipient mark it read', async () => {
    const { buyer, seller, tradeId, api } = await tradeScene(t);
    const ids: string[] = [];
    for (const text of ['раз', 'два', 'три'])
      ids.push((await api.send(buyer.id, tradeId, text)).body.data.id);
    await api.send(seller.id, tradeId, 'ответ');
    expect(await api.unread(seller.id, tradeId)).toBe(3);
    expect(await api.unread(buyer.id, tradeId)).toBe(1);
    const details = await api.call('GET', `/trades/${tradeId}`, seller.id);
    expect(details.body.data.trade.chatUnreadCount).toBe(3);
    const listed = await api.call('GET', '/trades', seller.id);
    expect(listed.body.data.trades.find((x: { id: string }) => x.id === tradeId).chatUnreadCount).toBe(3);

    // The sender cannot mark their own message read: 200, nothing changes.
    const own = await api.read(buyer.id, ids[0]!);
    expect(own.status).toBe(200);
    expect(own.body.data.readAt).toBeNull();
    expect(await api.unread(seller.id, tradeId)).toBe(3);

    const rec = recordEvents(t);
    t.clock.advance(1_000);
    const read = await api.read(seller.id, ids[0]!);
    expect(read.status).toBe(200);
    expect(read.body.data.readAt).toBe(t.clock.now().toISOString());
    // Reading again keeps the first receipt and announces nothing new.
    t.clock.advance(1_000);
    expect((await api.read(seller.id, ids[0]!)).body.data.readAt).toBe(read.body.data.readAt);
    rec.stop();
    expect(rec.events).toEqual([
      {
        room: `trade:${tradeId}`,
        event: 'message:read',
        payload: { tradeId, messageId: ids[0], readAt: read.body.data.readAt, readerId: seller.id },
      },
    ]);
    expect(await api.unread(seller.id, tradeId)).toBe(2);

    // SYSTEM lines are nobody's to read: no-op.
    const list = (await api.list(seller.id, tradeId)).body.data as MessageList;
    const system = list.messages.find((m) => m.type === 'SYSTEM');
    expect(system).toBeDefined();
    const sysRead = await api.read(seller.id, system!.id);
    expect(sysRead.status).toBe(200);
    expect(sysRead.body.data.readAt).toBeNull();

    const all = await api.readAll(seller.id, tradeId);
    expect(all.body.data).toEqual({ updated: 2, readAt: t.clock.now().toISOString() });
    expect(await api.unread(seller.id, tradeId)).toBe(0);
    expect(await api.unread(buyer.id, tradeId)).toBe(1);
    expect((await api.readAll(seller.id, tradeId)).body.data).toEqual({ updated: 0, readAt: null });
    const after = (await api.list(buyer.id, tradeId)).body.data as MessageList;
    const mine = after.messages.filter((m) => m.senderId === buyer.id);
    expect(mine.every((m) => m.readAt !== null)).toBe(true);
    expect(after.messages.find((m) => m.senderId === seller.id)?.readAt).toBeNull();
  });
});

describe('history paging', () => {
  it('returns the newest 100 by default, oldest first, and pages back in time', async () => {
    const { buyer, tradeId, api } = await tradeScene(t);
    for (let i = 0; i < 150; i++) await api.send(buyer.id, tradeId, `m${i}`);
    // 151 messages: the SYSTEM line of the creation, then m0..m149.
    const first = (await api.list(buyer.id, tradeId)).body.data as MessageList;
    expect(first).toMatchObject({ total: 151, limit: 100, offset: 0, hasNext: true });
    expect(first.messages).toHaveLength(100);
    expect(first.messages[0]!.content).toBe('m50');
    expect(first.messages.at(-1)!.content).toBe('m149');

    const older = (await api.list(buyer.id, tradeId, '?offset=100')).body.data as MessageList;
    expect(older).toMatchObject({ total: 151, limit: 100, offset: 100, hasNext: false });
    expect(older.messages).toHaveLength(51);
    expect(older.messages[0]!.type).toBe('SYSTEM');
    expect(older.messages[1]!.content).toBe('m0');
    expect(older.messages.at(-1)!.content).toBe('m49');

    const small = (await api.list(buyer.id, tradeId, '?limit=3&offset=1')).body.data as MessageList;
    expect(small.messages.map((m) => m.content)).toEqual(['m146', 'm147', 'm148']);
    expect(small.hasNext).toBe(true);
    expect((await api.list(buyer.id, tradeId, '?limit=101')).status).toBe(400);
    expect((await api.list(buyer.id, tradeId, '?offset=-1')).status).toBe(400);
  });
});
