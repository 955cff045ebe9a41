import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client.ts';
import { findTrade } from '../../src/modules/trade-access/trade-access.repository.ts';
import { createTestApp, schedulerOf, type TestApp } from '../helpers.ts';
import { type Call, startBotApi, telegramUser } from '../notifications/bot-api-stub.ts';
import { bankCard, createTemplate, tradeScenario } from '../payment-templates/setup.ts';

/**
 * The transactional outbox (docs/decisions/041): a state change's events are rows of its own
 * transaction, and what they cause (inbox entries, bot messages, webhook deliveries) arrives
 * even when the instance that committed never delivered them, once and only once to the user.
 */
let api: Awaited<ReturnType<typeof startBotApi>>;
let calls: Call[];

beforeAll(async () => {
  api = await startBotApi();
  calls = api.calls;
});
afterAll(async () => {
  await api?.close();
});

const count = async (t: TestApp, query: ReturnType<typeof sql>) =>
  Number((await queryRows<{ n: string | number }>(t.ctx.db, query))[0]?.n ?? 0);

/** The durable effects so far: inbox entries, webhook delivery rows, bot messages. */
async function effects(t: TestApp) {
  return {
    notifications: await count(t, sql`SELECT count(*) AS n FROM notifications`),
    deliveries: await count(t, sql`SELECT count(*) AS n FROM webhook_deliveries`),
    botMessages: calls.filter((c) => c.method === 'sendMessage').length,
  };
}

/** Dispatcher passes, each a little later than the last, until nothing is left to deliver. */
async function drain(t: TestApp): Promise<number> {
  let total = 0;
  for (let pass = 0; pass < 20; pass++) {
    t.clock.advance(3_000);
    const n = await t.app.eventOutbox.redeliver();
    total += n;
    if (n === 0) return total;
  }
  throw new Error('the outbox did not drain');
}

/** A webhook of `userId` on every trade event (its sending is the delivery worker's, tested in merchant-api). */
async function webhookOf(t: TestApp, userId: string): Promise<void> {
  await t.ctx.db.execute(sql`INSERT INTO webhooks (user_id, url, events, secret_sealed, created_at)
    VALUES (${userId}::uuid, 'https://example.com/hook',
      ARRAY['trade:created', 'trade:updated', 'trade:payment_template_attached'], 'sealed', now())`);
}

/**
 * The outbox rows `where` picks, as they are now; `again()` writes them back, not done, as a
 * dispatcher that died before its done mark would have left them (a delivered event's row is
 * deleted: docs/decisions/058). Writing back a row that was never deleted fails on its key.
 */
async function keep(t: TestApp, where: SQL) {
  const [row] = await queryRows<{ rows: unknown }>(
    t.ctx.db,
    sql`SELECT COALESCE(json_agg(o), '[]'::json) AS rows FROM event_outbox o WHERE ${where}`,
  );
  const json = typeof row?.rows === 'string' ? row.rows : JSON.stringify(row?.rows ?? []);
  const rows = JSON.parse(json) as { id: string; event: string }[];
  return {
    rows,
    again: () =>
      t.ctx.db.execute(sql`INSERT INTO event_outbox (id, room, event, payload, recipient_role, created_at)
        SELECT id, room, event, payload, recipient_role, created_at
        FROM json_populate_recordset(NULL::event_outbox, ${json}::json)`),
  };
}

/** Events of the outbox not yet done. */
const pending = (t: TestApp) => count(t, sql`SELECT count(*) AS n FROM event_outbox WHERE done_at IS NULL`);

/** A fresh app with an open trade whose events were delivered; closed after `run`. */
async function withTrade(run: (t: TestApp, s: Awaited<ReturnType<typeof tradeScenario>>) => Promise<void>) {
  const t = await createTestApp();
  try {
    const s = await tradeScenario(t);
    await t.app.eventOutbox.idle();
    await run(t, s);
  } finally {
    await t.close();
  }
}

describe('the transactional outbox', () => {
  it('delivers after a crash right after the commits, and a second delivery changes nothing', async () => {
    const t = await createTestApp({ TELEGRAM_API_ROOT: api.root, PUBLIC_URL: 'https://p2p.example' });
    try {
      const tg = telegramUser(t, calls);
      const s = await tradeScenario(t);
      await tg.connect(s.buyer, 7001);
      await tg.connect(s.seller, 7002);
      await webhookOf(t, s.seller.userId);
      await webhookOf(t, s.buyer.userId);
      await tg.settle();
      await drain(t);
      const before = await effects(t);

      // The instance "dies" right after each commit: its relay hears nothing more.
      t.app.eventOutbox.close();
      const { id: templateId } = await createTemplate(t.app, s.seller, bankCard());
      const attached = await t.app.inject({
        method: 'PUT',
        url: `/api/v1/trades/${s.tradeId}/payment-template`,
        headers: s.seller.headers,
        payload: { templateId },
      });
      expect(attached.statusCode, attached.body).toBe(200);
      await tg.settle();
      // The webhook deliveries committed with the change (docs/decisions/049); the inbox and
      // the bot have heard nothing yet.
      expect(await effects(t)).toEqual({ ...before, deliveries: before.deliveries + 2 });
      // Details attached: both parties' events wait in the outbox.
      expect(await pending(t)).toBe(2);
      const waiting = sql`done_at IS NULL`;
      const attachedRows = await keep(t, waiting);
      // Another instance's dispatcher (or this one after its restart) delivers them.
      expect(await drain(t)).toBe(2);
      // A second commit, a second crash: the same again.
      await s.act(s.buyer.userId, 'mark_paid');
      expect(await pending(t)).toBe(2);
      const paidRows = await keep(t, waiting);
      expect(await drain(t)).toBe(2);
      await t.app.notifications.bot?.idle();
      const after = await effects(t);
      // The buyer hears of the details, the seller of the payment: one inbox entry and one bot
      // message each; every event to a user with a webhook on it is one delivery row.
      expect(after.notifications - before.notifications).toBe(2);
      expect(after.botMessages - before.botMessages).toBe(2);
      expect(after.deliveries - before.deliveries).toBe(4);
      const events = [...attachedRows.rows, ...paidRows.rows].filter((e) =>
        ['trade:updated', 'trade:payment_template_attached'].includes(e.event),
      );
      expect(events).toHaveLength(4);
      // Delivered, their rows are gone.
      expect(await count(t, sql`SELECT count(*) AS n FROM event_outbox`)).toBe(0);
      const delivered = await queryRows<{ event_id: string }>(
        t.ctx.db,
        sql`SELECT event_id FROM webhook_deliveries`,
      );
      const deliveredIds = new Set(delivered.map((d) => d.event_id));
      for (const e of events) expect(deliveredIds.has(e.id)).toBe(true);

      // Delivered once more (a dispatcher that died before marking them done): nothing new.
      await attachedRows.again();
      await paidRows.again();
      expect(await drain(t)).toBe(4);
      await t.app.notifications.bot?.idle();
      expect(await effects(t)).toEqual(after);
      expect(await pending(t)).toBe(0);
    } finally {
      await t.close();
    }
  });

  it("sends a reminder's bot message from its outbox row: a crash after the reminder's commit only delays it", async () => {
    const t = await createTestApp({ TELEGRAM_API_ROOT: api.root, PUBLIC_URL: 'https://p2p.example' });
    try {
      const tg = telegramUser(t, calls);
      const s = await tradeScenario(t);
      await tg.connect(s.buyer, 7101);
      await tg.settle();
      await drain(t);
      const deadline = (await findTrade(t.ctx.db, s.tradeId))?.paymentDeadline;
      if (!deadline) throw new Error('no payment deadline');
      const before = tg.sentTo(7101).length;

      // The reminder commits (inbox entry and its outbox row together); the instance dies then.
      t.app.eventOutbox.close();
      t.clock.set(new Date(deadline.getTime() - 10 * 60_000));
      expect((await schedulerOf(t.ctx).tick()).reminded).toBe(1);
      await tg.settle();
      expect(tg.sentTo(7101).length).toBe(before);
      expect(
        await count(
          t,
          sql`SELECT count(*) AS n FROM event_outbox WHERE done_at IS NULL AND event = 'notification:new'`,
        ),
      ).toBe(1);
      const reminder = await keep(t, sql`event = 'notification:new'`);

      // The dispatcher (another instance, or this one restarted) sends it, once.
      expect(await drain(t)).toBe(1);
      await t.app.notifications.bot?.idle();
      expect(
        tg
          .sentTo(7101)
          .slice(before)
          .map((m) => String((m as Record<string, unknown>).text)),
      ).toEqual([expect.stringContaining(`Сделка #${s.tradeId.slice(-8)}: срок оплаты скоро истечёт`)]);
      await reminder.again();
      expect(await drain(t)).toBe(1);
      await t.app.notifications.bot?.idle();
      expect(tg.sentTo(7101).length).toBe(before + 1);
    } finally {
      await t.close();
    }
  });

  it('a shutdown right after a commit delivers its events before the consumers go', () =>
    withTrade(async (t, s) => {
      const before = await count(t, sql`SELECT count(*) AS n FROM notifications`);
      await s.act(s.buyer.userId, 'mark_paid');
      // A SIGTERM the moment the answer is out: its events are still the relay's to deliver.
      await t.app.close();
      // The seller's notice of the payment was made, and its event marked done only then.
      expect(await count(t, sql`SELECT count(*) AS n FROM notifications`)).toBe(before + 1);
      expect(await pending(t)).toBe(0);
    }));

  it('leaves a batch no consumer took to the dispatcher: done means delivered', () =>
    withTrade(async (t, s) => {
      // The consumers gone (as at the end of a shutdown), the relay still hears an event.
      t.app.notifications.feed.close();
      t.app.notifications.autoReply.close();
      t.app.webhooks.outbox.close();
      await s.act(s.buyer.userId, 'mark_paid');
      await t.app.eventOutbox.idle();
      expect(await pending(t)).toBeGreaterThan(0);
    }));

  it('forgets the events on the fast path once delivered: the dispatcher finds nothing to do', () =>
    withTrade(async (t, s) => {
      const notices = () => count(t, sql`SELECT count(*) AS n FROM notifications`);
      const before = await notices();
      const rows = () => count(t, sql`SELECT count(*) AS n FROM event_outbox`);
      // The payment's events are rows of its commit while the consumers make their effects.
      let written = 0;
      t.app.eventOutbox.consume(async () => {
        written = Math.max(written, await rows());
      });
      await s.act(s.buyer.userId, 'mark_paid');
      await t.app.eventOutbox.idle();
      expect(await notices()).toBe(before + 1);
      expect(await rows()).toBe(0);
      expect(await drain(t)).toBe(0);
      // A rolled-back change leaves no row: a wrong action is refused and writes nothing.
      await expect(s.act(s.buyer.userId, 'release_crypto')).rejects.toThrow();
      expect(await rows()).toBe(0);
      expect(written).toBeGreaterThan(0);
    }));

  it('leaves a batch whose consumer failed to the dispatcher, which delivers it again', () =>
    withTrade(async (t, s) => {
      let failures = 1;
      const seen: string[] = [];
      t.app.eventOutbox.consume(async (events) => {
        if (failures-- > 0) throw new Error('the consumer is down');
        seen.push(...events.map((e) => e.id));
      });
      await s.act(s.buyer.userId, 'mark_paid');
      await t.app.eventOutbox.idle();
      // The payment's batch failed once, so its rows wait.
      const waiting = await queryRows<{ id: string }>(
        t.ctx.db,
        sql`SELECT id FROM event_outbox WHERE done_at IS NULL ORDER BY id`,
      );
      expect(waiting.length).toBeGreaterThan(0);
      // (The consumer hears the inbox's own `notification:new` meanwhile, an event with no row.)
      expect(seen.filter((id) => waiting.some((w) => w.id === id))).toEqual([]);
      expect(await drain(t)).toBe(waiting.length);
      expect(seen.filter((id) => waiting.some((w) => w.id === id)).sort()).toEqual(waiting.map((w) => w.id));
      expect(await pending(t)).toBe(0);
      // The seller's inbox entry of the payment exists once, though the feed heard it twice.
      expect(await count(t, sql`SELECT count(*) AS n FROM notifications WHERE kind = 'trade_paid'`)).toBe(1);
    }));

  it('sends a bot message again when its claim was never marked sent, once the claim is stale', async () => {
    const t = await createTestApp({ TELEGRAM_API_ROOT: api.root, PUBLIC_URL: 'https://p2p.example' });
    try {
      const tg = telegramUser(t, calls);
      const s = await tradeScenario(t);
      await tg.connect(s.seller, 7102);
      await tg.settle();
      await drain(t);
      // This instance hears nothing more: the payment is delivered by a dispatcher, and its row
      // is kept here as its commit wrote it, to be written back as if never marked done.
      t.app.eventOutbox.close();
      await s.act(s.buyer.userId, 'mark_paid');
      const paidRow = await keep(t, sql`event = 'trade:updated' AND room = ${`user:${s.seller.userId}`}`);
      expect(paidRow.rows).toHaveLength(1);
      await drain(t);
      await t.app.notifications.bot?.idle();
      const toSeller = () =>
        calls.filter((c) => c.method === 'sendMessage' && c.body.chat_id === 7102).length;
      const sentBefore = toSeller();
      // The instance that sent the payment's message died before Telegram's answer was marked,
      // and before its event was marked done: the claim holds, unsent.
      // The inbox entry takes its event's id (docs/decisions/041).
      const [paid] = await queryRows<{ id: string; event_id: string }>(
        t.ctx.db,
        sql`SELECT n.id, n.id AS event_id FROM notifications n WHERE n.kind = 'trade_paid'`,
      );
      expect(paid?.event_id).toBe(paidRow.rows[0]?.id);
      await t.ctx.db.execute(
        sql`UPDATE telegram_sent SET sent_at = NULL WHERE notification_id = ${paid?.id}::uuid`,
      );
      await paidRow.again();

      // Delivered again while the claim may still be in flight: no message, and the event waits
      // until the claim is stale (the send deadline and a margin), not a whole lease.
      await drain(t);
      await t.app.notifications.bot?.idle();
      expect(toSeller()).toBe(sentBefore);
      const [held] = await queryRows<{ done_at: Date | null; lease_until: Date | string }>(
        t.ctx.db,
        sql`SELECT done_at, lease_until FROM event_outbox WHERE id = ${paid?.event_id}::uuid`,
      );
      expect(held?.done_at).toBeNull();
      const [claim] = await queryRows<{ claimed_at: Date | string }>(
        t.ctx.db,
        sql`SELECT claimed_at FROM telegram_sent WHERE notification_id = ${paid?.id}::uuid`,
      );
      const holdMs = (t.ctx.config.telegram?.sendDeadlineMs ?? 0) + 2_000;
      expect(new Date(held?.lease_until ?? 0).getTime()).toBe(
        new Date(claim?.claimed_at ?? 0).getTime() + holdMs,
      );

      // Once stale, the next delivery sends it, marks it sent, and a further one sends nothing.
      t.clock.advance(holdMs);
      expect(await drain(t)).toBe(1);
      await t.app.notifications.bot?.idle();
      expect(toSeller()).toBe(sentBefore + 1);
      expect(
        await count(
          t,
          sql`SELECT count(*) AS n FROM telegram_sent WHERE notification_id = ${paid?.id}::uuid
          AND sent_at IS NOT NULL`,
        ),
      ).toBe(1);
      await paidRow.again();
      expect(await drain(t)).toBe(1);
      await t.app.notifications.bot?.idle();
      expect(toSeller()).toBe(sentBefore + 1);
    } finally {
      await t.close();
    }
  });
});
