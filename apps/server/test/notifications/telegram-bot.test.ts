import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findTrade } from '../../src/modules/trades/trades.repository.ts';
import { createTestApp, type TestApp } from '../helpers.ts';
import { bankCard, createTemplate, tradeScenario } from '../payment-templates/setup.ts';

/** A local Bot API server: records every call and answers like Telegram. */
interface Call {
  method: string;
  body: Record<string, unknown>;
}
let stub: Server;
const calls: Call[] = [];
let t: TestApp;

beforeAll(async () => {
  stub = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => {
      raw += chunk;
    });
    req.on('end', () => {
      const method = (req.url ?? '').split('/').pop() ?? '';
      const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
      calls.push({ method, body });
      const result =
        method === 'sendMessage'
          ? {
              message_id: calls.length,
              date: 0,
              chat: { id: body.chat_id, type: 'private' },
              text: body.text,
            }
          : true;
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ ok: true, result }));
    });
  });
  await new Promise<void>((resolve) => stub.listen(0, '127.0.0.1', resolve));
  const port = (stub.address() as AddressInfo).port;
  t = await createTestApp({
    TELEGRAM_API_ROOT: `http://127.0.0.1:${port}`,
    PUBLIC_URL: 'https://p2p.example',
  });
});
afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => stub?.close(resolve));
});

let updateId = 1;
function webhook(update: Record<string, unknown>, secret = t.ctx.config.telegram?.webhookSecret ?? '') {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/telegram/webhook',
    headers: { 'x-telegram-bot-api-secret-token': secret },
    payload: { update_id: updateId++, ...update },
  });
}
const from = (chatId: number) => ({ id: chatId, is_bot: false, first_name: 'T' });
const message = (chatId: number, text: string) =>
  webhook({
    message: {
      message_id: updateId,
      date: 0,
      chat: { id: chatId, type: 'private' },
      from: from(chatId),
      text,
      ...(text.startsWith('/')
        ? { entities: [{ type: 'bot_command', offset: 0, length: text.split(' ')[0]?.length }] }
        : {}),
    },
  });
const press = (chatId: number, data: string) =>
  webhook({
    callback_query: {
      id: String(updateId),
      chat_instance: 'x',
      from: from(chatId),
      data,
      message: { message_id: 1, date: 0, chat: { id: chatId, type: 'private' } },
    },
  });

async function settle() {
  await t.app.notifications.feed.idle();
  await t.app.notifications.bot?.idle();
}
const sentTo = (chatId: number) =>
  calls.filter((c) => c.method === 'sendMessage' && c.body.chat_id === chatId).map((c) => c.body);
const answers = () => calls.filter((c) => c.method === 'answerCallbackQuery').map((c) => c.body);
const buttons = (body: Record<string, unknown>) =>
  ((body.reply_markup as { inline_keyboard: Record<string, string>[][] }).inline_keyboard ?? []).flat();

async function connect(headers: Record<string, string>, chatId: number) {
  const link = await t.app.inject({ method: 'POST', url: '/api/v1/telegram/link', headers });
  expect(link.statusCode).toBe(200);
  const { token, url } = link.json().data;
  expect(url).toBe(`https://t.me/p2p_test_bot?start=${token}`);
  expect((await message(chatId, `/start ${token}`)).statusCode).toBe(200);
  return token as string;
}

describe('Telegram bot against a local Bot API server', () => {
  it('connects by one-time link, sends the notifications with links, acts with confirmation, ignores strangers', async () => {
    const s = await tradeScenario(t);
    const token = await connect(s.seller.headers, 111);
    expect(sentTo(111).at(-1)?.text).toContain('Бот подключён к аккаунту');
    // The token works once.
    await message(999, `/start ${token}`);
    expect(sentTo(999).at(-1)?.text).toContain('недействительна');
    await connect(s.buyer.headers, 222);
    const status = await t.app.inject({ url: '/api/v1/telegram/link', headers: s.buyer.headers });
    expect(status.json().data).toMatchObject({ botEnabled: true, connected: true });

    // The seller already has "new trade" in the inbox from before connecting; new events go out.
    const { id: templateId } = await createTemplate(t.app, s.seller, bankCard());
    await t.app.inject({
      method: 'PUT',
      url: `/api/v1/trades/${s.tradeId}/payment-template`,
      headers: s.seller.headers,
      payload: { templateId },
    });
    await settle();
    const details = sentTo(222).at(-1) as Record<string, unknown>;
    expect(details.text).toContain(`Реквизиты получены: сделка #${s.tradeId.slice(-8)}`);
    expect(details.text).toContain('Срок: до');
    expect(buttons(details)).toEqual([
      { text: 'Открыть сделку', url: `https://p2p.example/trade/${s.tradeId}` },
      { text: 'Я оплатил', callback_data: `a:mp:${s.tradeId}` },
    ]);

    // A stranger's chat (not connected) and the seller pressing the buyer's action do nothing.
    await press(333, `y:mp:${s.tradeId}`);
    await press(111, `y:mp:${s.tradeId}`);
    expect(
      answers()
        .slice(-2)
        .map((a) => a.text),
    ).toEqual(['Действие недоступно.', 'Действие недоступно.']);
    expect((await findTrade(t.ctx.db, s.tradeId))?.status).toBe('ESCROW_LOCKED');

    // The buyer: first tap asks, the second acts.
    await press(222, `a:mp:${s.tradeId}`);
    const ask = sentTo(222).at(-1) as Record<string, unknown>;
    expect(ask.text).toContain('Подтвердите: вы перевели');
    expect(buttons(ask).map((b) => b.callback_data)).toEqual([`y:mp:${s.tradeId}`, 'n']);
    expect((await findTrade(t.ctx.db, s.tradeId))?.status).toBe('ESCROW_LOCKED');
    await press(222, `y:mp:${s.tradeId}`);
    expect((await findTrade(t.ctx.db, s.tradeId))?.status).toBe('PAYMENT_PENDING');
    await settle();
    const paid = sentTo(111).at(-1) as Record<string, unknown>;
    expect(paid.text).toContain('Покупатель оплатил');
    expect(buttons(paid).at(-1)).toEqual({
      text: 'Подтвердить получение',
      callback_data: `a:cr:${s.tradeId}`,
    });

    // The buyer cannot confirm receipt; nor can the seller's chat without the second factor
    // (a press alone is what a stolen or stale link could do: docs/decisions/023).
    await press(222, `y:cr:${s.tradeId}`);
    expect((await findTrade(t.ctx.db, s.tradeId))?.status).toBe('PAYMENT_PENDING');
    await press(111, `y:cr:${s.tradeId}`);
    expect((await findTrade(t.ctx.db, s.tradeId))?.status).toBe('PAYMENT_PENDING');
    // Release stays on the website: no button for it anywhere.
    expect(
      calls.flatMap((c) => (c.body.reply_markup ? buttons(c.body) : [])).map((b) => b.text),
    ).not.toContain('Отправить криптовалюту');
  });

  it('refuses a webhook call without the secret token and sends nothing when Telegram is off for the user', async () => {
    expect(
      (
        await webhook(
          { message: { message_id: 1, date: 0, chat: { id: 1, type: 'private' }, text: 'x' } },
          'wrong-secret-value-0000',
        )
      ).statusCode,
    ).toBe(401);
    const s = await tradeScenario(t);
    await settle();
    await connect(s.seller.headers, 444);
    await t.app.inject({
      method: 'PUT',
      url: '/api/v1/users/settings',
      headers: s.seller.headers,
      payload: { notifications: { telegram: false } },
    });
    const before = sentTo(444).length;
    await s.act(s.buyer.userId, 'mark_paid');
    await settle();
    expect(sentTo(444).length).toBe(before);
    // ...while the inbox still has it.
    const inbox = await t.app.inject({ url: '/api/v1/notifications', headers: s.seller.headers });
    expect(inbox.json().data.notifications[0].kind).toBe('trade_paid');
  });
});
