import { type ChildProcess, spawn } from 'node:child_process';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { createContext } from '../../src/context.ts';
import { queryRows } from '../../src/db/client.ts';
import { systemClock } from '../../src/lib/clock.ts';
import { createOrder, fund, secondFactor } from '../factories.ts';
import {
  createTestDatabase,
  LAX_TRADE_LIMITS,
  signInEnrolled,
  type TestApp,
  testConfig,
  withReauth,
} from '../helpers.ts';
import { startReceiver } from '../merchant-api/support.ts';
import { startBotApi } from '../notifications/bot-api-stub.ts';

/**
 * The outbox's crash test (docs/decisions/041), on PostgreSQL only: the real server runs as a
 * child process; each round trades through its API and kills it with SIGKILL as soon as the
 * round's answers are in (their commits done, their effects mostly not), then starts it again.
 * At the end every committed event's webhook delivery, inbox entry and bot message must have
 * arrived; inbox entries once each, bot messages at most one repeat per kill. `npm run crash:outbox` runs 12 rounds; the PostgreSQL suite runs 3.
 */
const ROUNDS = Number(process.env.OUTBOX_CRASH_ROUNDS ?? 3);
const BUYERS = 3;
const PORT = 39_000 + (process.pid % 1000);
const base = `http://127.0.0.1:${PORT}`;

const count = async (t: TestApp, query: ReturnType<typeof sql>) =>
  Number((await queryRows<{ n: string | number }>(t.ctx.db, query))[0]?.n ?? 0);

async function until(what: string, check: () => Promise<boolean>, ms = 60_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

function startServer(env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

async function killHard(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGKILL');
  await exited;
}

const call = (path: string, token: string, body?: unknown) =>
  fetch(`${base}/api/v1${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

describe.skipIf(!process.env.DATABASE_URL)('the outbox across kill -9', () => {
  let t: TestApp;
  let env: Record<string, string>;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let botApi: Awaited<ReturnType<typeof startBotApi>>;

  beforeAll(async () => {
    receiver = await startReceiver();
    botApi = await startBotApi();
    const { database, url, dispose } = await createTestDatabase();
    env = {
      ...LAX_TRADE_LIMITS,
      TELEGRAM_API_ROOT: botApi.root,
      // The stub answers at once: a message claimed by a killed instance is sent again 3 s on.
      TELEGRAM_SEND_DEADLINE_MS: '3000',
      PUBLIC_URL: 'https://p2p.example',
      DATABASE_URL: url ?? '',
    };
    const ctx = createContext(testConfig(env), database, systemClock);
    const app = await buildApp(ctx, { logger: false });
    await app.ready();
    t = {
      app,
      ctx,
      clock: undefined as never,
      database,
      close: async () => {
        await app.close();
        await dispose();
      },
    };
  });
  afterAll(async () => {
    await t?.close();
    await receiver?.close();
    await botApi?.close();
  });

  it(`loses nothing and repeats no inbox entry over ${ROUNDS} rounds, a bot message at most once a kill`, {
    timeout: 600_000,
  }, async () => {
    const seller = await signInEnrolled(t, 'crash_seller');
    const buyers = await Promise.all(
      Array.from({ length: BUYERS }, async (_, i) => {
        const session = await signInEnrolled(t, `crash_buyer_${i}`);
        // «Я оплатил» names the account paid from, in the buyer's own name.
        const [user] = await queryRows<{ first_name: string; last_name: string | null }>(
          t.ctx.db,
          sql`SELECT first_name, last_name FROM users WHERE id = ${session.userId}::uuid`,
        );
        return { ...session, payerName: `${user?.first_name ?? ''} ${user?.last_name ?? ''}`.trim() };
      }),
    );
    // Every party has a Telegram chat before anything tells them of something: each of their
    // notifications is a bot message. (Linked after the webhook's creation, its security notice
    // could reach the bot while the seller had no chat yet, and was never sent.)
    for (const [i, who] of [seller, ...buyers].entries()) {
      await t.ctx.db.execute(
        sql`INSERT INTO telegram_chats (user_id, chat_id) VALUES (${who.userId}::uuid, ${9000 + i})`,
      );
    }
    await fund(t.ctx, seller.userId, 'BTC', '100');
    const { id: orderId } = await createOrder(t.ctx, seller.userId, { amount_crypto: '50' });
    const hook = await t.app.inject({
      method: 'POST',
      url: '/api/v1/webhooks',
      headers: await withReauth(t.app, seller.headers),
      payload: {
        url: receiver.url,
        events: ['trade:created', 'trade:updated'],
        totpCode: await secondFactor(t.ctx, seller.userId),
      },
    });
    expect(hook.statusCode, hook.body).toBe(200);
    await t.app.close();

    const childEnv = { ...testConfigEnv(), ...env, PORT: String(PORT), HOST: '127.0.0.1' };
    let opened: { tradeId: string; buyer: (typeof buyers)[number] }[] = [];
    let committed = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const child = startServer(childEnv);
      await until('the server', async () => (await fetch(`${base}/healthz`).catch(() => null))?.ok === true);
      // Each buyer opens a trade; the trades of the round before are marked paid.
      const requests = [
        ...buyers.map(async (buyer) => {
          const res = await call('/trades', buyer.accessToken, {
            orderId,
            amountFiat: '5000',
            paymentMethod: 'sberbank',
          });
          if (!res.ok) return null;
          // The answer: the trade's view, its id beside it.
          const body = (await res.json()) as { tradeId?: string; data: { trade: { id: string } } };
          return { tradeId: body.tradeId ?? body.data.trade.id, buyer };
        }),
        ...opened.map(async ({ tradeId, buyer }) => {
          const res = await call(`/trades/${tradeId}/actions`, buyer.accessToken, {
            action: 'mark_paid',
            payload: { payer: { bank: 'sberbank', last4: '1234', name: buyer.payerName } },
          });
          if (res.ok) committed++;
          else console.error(`mark_paid refused: ${res.status} ${await res.text()}`);
          return null;
        }),
      ];
      const results = await Promise.all(requests);
      // Killed the moment the answers are in: their commits are done, their effects racing.
      await killHard(child);
      opened = results.filter((r) => r !== null);
      committed += opened.length;
    }
    // The last start: it (and nothing else) delivers what every killed instance left.
    const child = startServer(childEnv);
    try {
      await until('the server', async () => (await fetch(`${base}/healthz`).catch(() => null))?.ok === true);
      await until(
        'the outbox drained',
        async () => (await count(t, sql`SELECT count(*) AS n FROM event_outbox WHERE done_at IS NULL`)) === 0,
      );
      await until(
        'the webhooks sent',
        async () =>
          (await count(t, sql`SELECT count(*) AS n FROM webhook_deliveries WHERE status <> 'delivered'`)) ===
          0,
      );
    } finally {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }

    // Webhooks: every committed event of the merchant arrived (at least once, by event id). Its
    // delivery row commits with the event (docs/decisions/049); the event's own row is deleted
    // once delivered (docs/decisions/058), and none is left.
    expect(await count(t, sql`SELECT count(*) AS n FROM event_outbox`)).toBe(0);
    const events = await queryRows<{ id: string }>(
      t.ctx.db,
      sql`SELECT d.event_id AS id FROM webhook_deliveries d JOIN webhooks w ON w.id = d.webhook_id
        WHERE w.user_id = ${seller.userId}::uuid AND d.event_type IN ('trade:created', 'trade:updated')`,
    );
    const received = receiver.received.map((r) => (JSON.parse(r.body) as { id: string }).id);
    const receivedIds = new Set(received);
    const lost = events.filter((e) => !receivedIds.has(e.id)).length;
    const webhookRepeats = received.length - receivedIds.size;
    // Inbox: one per notified event (the id is the event's); bot: one message per notification.
    const notifications = await count(
      t,
      sql`SELECT count(*) AS n FROM notifications WHERE entity_type = 'trade'`,
    );
    // Every notification, a security notice of a sign-in included, goes to its chat.
    const allNotifications = await count(t, sql`SELECT count(*) AS n FROM notifications`);
    const claimed = await count(t, sql`SELECT count(*) AS n FROM telegram_sent`);
    const sent = await count(t, sql`SELECT count(*) AS n FROM telegram_sent WHERE sent_at IS NOT NULL`);
    const messages = botApi.calls.filter((c) => c.method === 'sendMessage');
    const botMessages = messages.length;
    // One message per notification: its chat, text and buttons (the buttons name the trade).
    const distinct = new Set(
      messages.map((c) => JSON.stringify([c.body.chat_id, c.body.text, c.body.reply_markup])),
    ).size;
    const trades = await count(t, sql`SELECT count(*) AS n FROM trades`);
    const paid = await count(t, sql`SELECT count(*) AS n FROM trades WHERE status = 'PAYMENT_PENDING'`);
    console.log(
      `outbox crash test: ${ROUNDS} rounds, ${trades} trades opened and ${paid} marked paid (${committed} answered), ` +
        `${events.length} webhook events (${lost} lost, ${webhookRepeats} repeated), ${notifications} inbox entries, ` +
        `${allNotifications} notifications to chats: ${distinct} bot messages arrived (${botMessages - distinct} twice, ` +
        `${allNotifications - distinct} lost)`,
    );
    expect(committed).toBeGreaterThan(ROUNDS);
    expect(committed).toBe(trades + paid);
    // The merchant hears of each trade opened on their order and of each marked paid.
    expect(events.length).toBe(trades + paid);
    expect(lost).toBe(0);
    // So does their inbox (the taker hears nothing of their own opening): once each, by event id.
    expect(notifications).toBe(trades + paid);
    // Every notification reached its chat and was marked sent: one claimed by an instance killed
    // before Telegram answered is sent again once its claim is stale (docs/decisions/041, "Bot
    // messages"). Twice only when a kill falls between Telegram's answer and the mark, and an
    // instance sends one message at a time, so a kill repeats at most one.
    // Beside the trades' notices, the seller's security notice of the webhook: made by the
    // in-process app, which closed right after creating it (its shutdown delivers first).
    expect(allNotifications).toBe(notifications + 1);
    expect(claimed).toBe(allNotifications);
    expect(sent).toBe(allNotifications);
    expect(distinct).toBe(allNotifications);
    expect(botMessages - distinct).toBeLessThanOrEqual(ROUNDS);
  });
});

/** The test configuration's variables, for the child (the same secrets sign and read tokens). */
function testConfigEnv(): Record<string, string> {
  return {
    NODE_ENV: 'test',
    JWT_SECRET: 'test-secret-test-secret-test-secret-0123456789',
    TOTP_ENCRYPTION_KEY: '00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff',
    AUTH_DEV_LOGIN: '1',
    TELEGRAM_BOT_TOKEN: '123456789:TESTtokenTESTtokenTESTtokenTEST12345',
    TELEGRAM_BOT_USERNAME: 'p2p_test_bot',
    RATE_LIMIT: '0',
    TELEGRAM_THROTTLE: '0',
    DATA_DIR: '/tmp/p2p-test-data',
    PRICE_API_URL: 'http://127.0.0.1:9/simple/price',
    SECURITY_HOLD_HOURS: '0',
  };
}
