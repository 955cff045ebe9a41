import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client.ts';
import { PendingEvents } from '../../src/events/notifier.ts';
import { lockTrade } from '../../src/modules/trade-access/trade-access.repository.ts';
import { transition } from '../../src/modules/trades/settlement.ts';
import type { TradesService } from '../../src/modules/trades/trades.service.ts';
import {
  countedColumnsFromRows,
  REPUTATION_COLUMNS,
  type ShownFigures,
  timeOf,
} from '../../src/modules/users/reputation.repository.ts';
import { reputationSummaries, toReputationSummary } from '../../src/modules/users/reputation.ts';
import {
  REBUILD_PAYMENT_STATS,
  REBUILD_USER_STATS,
} from '../../src/modules/users/reputation-counters.repository.ts';
import {
  auditReputationCounters,
  rebuildReputationCounters,
} from '../../src/modules/users/reputation-counters.ts';
import { createOrder, createUser, expectLedgerSound, fund, openTrade } from '../factories.ts';
import { createTestApp, servicesOf, type TestApp } from '../helpers.ts';
import { payloadOf } from '../trades/support.ts';

// The reputation counters (docs/decisions/019) must equal the recomputation from history
// after every kind of ending a trade can have. Durations include odd milliseconds, so a
// counter that rounded, or counted a step twice, shows in the averages.

let t: TestApp;
let trades: TradesService;
const users: Record<'ann' | 'bob' | 'cat', string> = { ann: '', bob: '', cat: '' };

async function sellTrade(seller: string, buyer: string, fiat = '50000') {
  await fund(t.ctx, seller, 'BTC', '0.1');
  const { id: orderId } = await createOrder(t.ctx, seller, { amount_crypto: '0.1' });
  return { orderId, tradeId: await openTrade(t.ctx, buyer, orderId, fiat) };
}

async function step(userId: string, tradeId: string, action: string, ms: number) {
  t.clock.advance(ms);
  await trades.act(userId, tradeId, action, await payloadOf(t.ctx, action, userId));
}

/** A moderator's decision, through the one transition function the back office calls. */
async function resolve(tradeId: string, action: 'resolve_release' | 'resolve_refund') {
  t.clock.advance(60_000);
  await t.ctx.db.transaction(async (tx) => {
    const trade = await lockTrade(tx, tradeId);
    if (!trade) throw new Error('no trade');
    const events = new PendingEvents();
    await transition({
      tx,
      trade,
      action,
      actor: 'moderator',
      actorId: null,
      now: t.clock.now(),
      feePpm: t.ctx.config.feePpm,
      events,
    });
    expect(events.size).toBeGreaterThan(0);
  });
}

/** The figures users see, straight from history (the pre-counter query). */
async function recomputed(userId: string) {
  const [row] = await queryRows<ShownFigures>(
    t.ctx.db,
    sql`SELECT ${sql.raw(REPUTATION_COLUMNS)}, ${countedColumnsFromRows(timeOf(t.clock.now()))}
        FROM users u WHERE u.id = ${userId}`,
  );
  if (!row) throw new Error('no user');
  return toReputationSummary(row);
}

beforeAll(async () => {
  t = await createTestApp();
  trades = servicesOf(t.ctx).trades;
  for (const name of Object.keys(users) as (keyof typeof users)[]) users[name] = (await createUser(t.ctx)).id;
  const { ann, bob, cat } = users;

  // 1. ann sells to bob, completed, both review.
  const done = await sellTrade(ann, bob);
  await step(bob, done.tradeId, 'mark_paid', 61_237);
  await step(ann, done.tradeId, 'confirm_payment', 30_001);
  await step(ann, done.tradeId, 'release_crypto', 12_345);
  await trades.review(bob, done.tradeId, 5, 'Отлично');
  await trades.review(ann, done.tradeId, 4, 'Хорошо');
  // 2. bob cancels after paying; 3. ann (seller) cancels before payment.
  const buyerCancel = await sellTrade(ann, bob);
  await step(bob, buyerCancel.tradeId, 'mark_paid', 7_777);
  await step(bob, buyerCancel.tradeId, 'cancel_trade', 1_000);
  const sellerCancel = await sellTrade(ann, cat);
  await step(ann, sellerCancel.tradeId, 'cancel_trade', 2_500);
  // 4. cat lets the payment deadline pass: expired by the scheduler job.
  await sellTrade(ann, cat);
  t.clock.advance(31 * 60_000);
  expect(await trades.runDue('payment', t.clock.now())).toBe(true);
  // 5. disputes: one released by the moderator after confirming, one refunded.
  const released = await sellTrade(cat, bob);
  await step(bob, released.tradeId, 'mark_paid', 45_005);
  await step(cat, released.tradeId, 'confirm_payment', 3_333);
  await step(cat, released.tradeId, 'dispute_trade', 1_000);
  await resolve(released.tradeId, 'resolve_release');
  const refunded = await sellTrade(cat, ann);
  await step(ann, refunded.tradeId, 'mark_paid', 9_999);
  await step(ann, refunded.tradeId, 'dispute_trade', 1_000);
  await resolve(refunded.tradeId, 'resolve_refund');
  await trades.review(bob, released.tradeId, 2, 'Долго');
  // 6. roles reversed on a buy order: bob buys from cat, auto-released by the scheduler.
  await fund(t.ctx, cat, 'BTC', '0.05');
  const { id: buyOrder } = await createOrder(t.ctx, bob, { type: 'buy', amount_crypto: '0.1' });
  const auto = await openTrade(t.ctx, cat, buyOrder, '50000');
  await step(bob, auto, 'mark_paid', 100_501);
  await step(cat, auto, 'confirm_payment', 8_008);
  t.clock.advance(16 * 60_000);
  expect(await trades.runDue('release', t.clock.now())).toBe(true);
  // 7. still open: paid, not confirmed.
  const open = await sellTrade(ann, bob);
  await step(bob, open.tradeId, 'mark_paid', 4_321);
});

afterAll(async () => {
  await expectLedgerSound(t.ctx);
  await t.close();
});

describe('reputation counters', () => {
  it('equal the recomputation from history for every user', async () => {
    expect(await auditReputationCounters(t.ctx.db)).toEqual([]);
    const stored = await reputationSummaries(t.ctx.db, Object.values(users), t.clock.now());
    for (const id of Object.values(users)) expect(stored.get(id), id).toEqual(await recomputed(id));
  });

  it('hold the expected figures (counted trades: once a pair and month, 72 hours on)', async () => {
    const before = await reputationSummaries(t.ctx.db, Object.values(users), t.clock.now());
    // Within 72 hours of their first trade nobody's trades count yet (docs/decisions/035).
    for (const id of Object.values(users)) expect(before.get(id)?.completedTrades).toBe(0);
    const later = new Date(t.clock.now().getTime() + 73 * 3_600_000);
    const stored = await reputationSummaries(t.ctx.db, Object.values(users), later);
    // ann: completed 1 as seller; failed: her own cancel; disputed once (as buyer, refunded).
    expect(stored.get(users.ann)).toEqual({
      rating: 5,
      reviewsCount: 1,
      completedTrades: 1,
      completionRate: 50,
      avgReleaseSeconds: 42, // 30.001 + 12.345 s
      avgResponseSeconds: 20, // seller 30.001 s, buyer 9.999 s
      disputeCount: 1,
      avgPaymentSeconds: 10, // as buyer 9.999 s
    });
    // bob: completed 3 (ann's, cat's dispute released, his buy order from cat), counted 2 (cat
    // once this month); failed: his cancel.
    expect(stored.get(users.bob)).toEqual({
      rating: 4,
      reviewsCount: 1,
      completedTrades: 2,
      completionRate: 66.7,
      avgReleaseSeconds: null,
      // as buyer: 61.237, 7.777, 45.005, 100.501, 4.321 s
      avgResponseSeconds: 44,
      disputeCount: 1,
      // only ever the buyer: the same steps
      avgPaymentSeconds: 44,
    });
    // cat: the expiry counts against her as buyer; her sales: one released by the moderator
    // (paid -> done 64.333 s), the auto-release (paid -> done 968.008 s).
    expect(stored.get(users.cat)).toEqual({
      rating: 2,
      reviewsCount: 1,
      completedTrades: 1, // both sales to bob: one pair, one month
      completionRate: 50,
      avgReleaseSeconds: 516,
      avgResponseSeconds: 6, // as seller 3.333 and 8.008 s
      disputeCount: 2,
      avgPaymentSeconds: null, // never paid as buyer
    });
  });

  it('are caught by the ledger audit when wrong, and rebuilt from history', async () => {
    await t.ctx.db.execute(sql`UPDATE user_stats SET response_seconds = response_seconds + 0.000001
                               WHERE user_id = ${users.bob}`);
    await t.ctx.db.execute(sql`UPDATE orders SET completed_trades = completed_trades + 1
                               WHERE id = (SELECT id FROM orders LIMIT 1)`);
    await t.ctx.db.execute(sql`UPDATE user_stats SET payment_count = payment_count + 1
                               WHERE user_id = ${users.ann}`);
    await t.ctx.db.execute(sql`UPDATE user_stats SET counted_reviews = counted_reviews + 1
                               WHERE user_id = ${users.cat}`);
    const problems = await auditReputationCounters(t.ctx.db);
    expect(problems.some((p) => p.startsWith(`counted trades and reviews of ${users.cat}`))).toBe(true);
    expect(problems.some((p) => p.includes(users.bob))).toBe(true);
    expect(problems.some((p) => p.includes(users.ann))).toBe(true);
    expect(problems.some((p) => p.startsWith('order '))).toBe(true);
    await rebuildReputationCounters(t.ctx.db);
    expect(await auditReputationCounters(t.ctx.db)).toEqual([]);
    expect((await reputationSummaries(t.ctx.db, [users.bob], t.clock.now())).get(users.bob)).toEqual(
      await recomputed(users.bob),
    );
  });

  it('read as empty for a user with no history', async () => {
    const fresh = (await createUser(t.ctx)).id;
    expect((await reputationSummaries(t.ctx.db, [fresh], t.clock.now())).get(fresh)).toEqual(
      await recomputed(fresh),
    );
  });

  it('are backfilled by migration 0016 with the statement of the rebuild', () => {
    const file = fileURLToPath(
      new URL('../../src/db/migrations/0016_reputation_counters.sql', import.meta.url),
    );
    const squash = (s: string) => s.replace(/\s+/g, ' ').trim();
    expect(squash(readFileSync(file, 'utf8'))).toContain(squash(REBUILD_USER_STATS));
  });

  it('gain the payment times backfilled by migration 0031 with the statement of the rebuild', () => {
    const file = fileURLToPath(new URL('../../src/db/migrations/0031_ad_conditions.sql', import.meta.url));
    const squash = (s: string) => s.replace(/\s+/g, ' ').trim();
    expect(squash(readFileSync(file, 'utf8'))).toContain(squash(REBUILD_PAYMENT_STATS));
  });
});
