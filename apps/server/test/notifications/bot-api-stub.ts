import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { secondFactor } from '../factories.ts';
import type { signIn, TestApp } from '../helpers.ts';
import { withReauth } from '../helpers.ts';

/** One call the bot made to the Bot API. */
export interface Call {
  method: string;
  body: Record<string, unknown>;
}

/** A local Bot API server: records every call and answers like Telegram. */
export async function startBotApi(): Promise<{ calls: Call[]; root: string; close(): Promise<void> }> {
  const calls: Call[] = [];
  const stub: Server = createServer((req, res) => {
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
  return {
    calls,
    root: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => stub.close(() => resolve())),
  };
}

export type Session = Awaited<ReturnType<typeof signIn>>;

let updateId = 1;
let messageId = 100_000;

/**
 * Telegram's side of the conversation: updates posted to an instance's webhook (any instance
 * of the same database), and what the bot answered, read from the stub's calls.
 */
export function telegramUser(t: TestApp, calls: Call[]) {
  const webhook = (update: Record<string, unknown>, app: FastifyInstance = t.app) =>
    app.inject({
      method: 'POST',
      url: '/api/v1/telegram/webhook',
      headers: { 'x-telegram-bot-api-secret-token': t.ctx.config.telegram?.webhookSecret ?? '' },
      payload: { update_id: updateId++, ...update },
    });
  const from = (id: number) => ({ id, is_bot: false, first_name: 'T' });
  /** A message in the private chat `chatId` (whose Telegram user is `chatId` too, as in Telegram). */
  const message = (chatId: number, text: string, opts: { replyTo?: number; app?: FastifyInstance } = {}) => {
    const id = messageId++;
    return {
      id,
      sent: webhook(
        {
          message: {
            message_id: id,
            date: 0,
            chat: { id: chatId, type: 'private' },
            from: from(chatId),
            text,
            ...(opts.replyTo
              ? {
                  reply_to_message: {
                    message_id: opts.replyTo,
                    date: 0,
                    chat: { id: chatId, type: 'private' },
                    text: 'prompt',
                  },
                }
              : {}),
            ...(text.startsWith('/')
              ? { entities: [{ type: 'bot_command', offset: 0, length: text.split(' ')[0]?.length }] }
              : {}),
          },
        },
        opts.app,
      ),
    };
  };
  const say = async (
    chatId: number,
    text: string,
    opts: { replyTo?: number; app?: FastifyInstance } = {},
  ) => {
    const m = message(chatId, text, opts);
    expect((await m.sent).statusCode).toBe(200);
    return m.id;
  };
  const press = (chatId: number, data: string, app: FastifyInstance = t.app) =>
    webhook(
      {
        callback_query: {
          id: String(updateId),
          chat_instance: 'x',
          from: from(chatId),
          data,
          message: { message_id: 1, date: 0, chat: { id: chatId, type: 'private' } },
        },
      },
      app,
    );
  const sentTo = (chatId: number) =>
    calls
      .filter((c) => c.method === 'sendMessage' && c.body.chat_id === chatId)
      .map((c) => ({ ...c.body, message_id: calls.indexOf(c) + 1 }));
  const lastTo = (chatId: number) =>
    sentTo(chatId).at(-1) as Record<string, unknown> & { message_id: number };
  const answers = () => calls.filter((c) => c.method === 'answerCallbackQuery').map((c) => c.body);
  const deleted = (chatId: number) =>
    calls
      .filter((c) => c.method === 'deleteMessage' && c.body.chat_id === chatId)
      .map((c) => c.body.message_id);
  const buttons = (body: Record<string, unknown>) =>
    ((body.reply_markup as { inline_keyboard?: Record<string, string>[][] }).inline_keyboard ?? []).flat();

  /** Connects `who`'s account to the chat through a link the web app asked for (with a code). */
  async function connect(who: Session, chatId: number) {
    const link = await t.app.inject({
      method: 'POST',
      url: '/api/v1/telegram/link',
      headers: await withReauth(t.app, who.headers),
      payload: { code: await secondFactor(t.ctx, who.userId) },
    });
    expect(link.statusCode, link.body).toBe(200);
    const { token, url } = link.json().data;
    expect(url).toBe(`https://t.me/p2p_test_bot?start=${token}`);
    await say(chatId, `/start ${token}`);
    return token as string;
  }

  async function settle() {
    await t.app.notifications.feed.idle();
    await t.app.notifications.bot?.idle();
  }

  return { webhook, message, say, press, sentTo, lastTo, answers, deleted, buttons, connect, settle };
}
