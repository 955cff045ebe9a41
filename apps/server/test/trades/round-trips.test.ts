import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totpCodeAt } from '../../src/modules/two-factor/totp.ts';
import { createOrder, createUser, expectLedgerSound, fund, TEST_TOTP_SECRET } from '../factories.ts';
import { createTestApp, type TestApp } from '../helpers.ts';
import { countStatements } from '../statements.ts';
import { api } from './support.ts';

/**
 * SQL round trips per trade request, everything the HTTP request runs: the session check,
 * BEGIN/COMMIT, locks, writes and the response's reads (docs/decisions/020). A change that
 * adds a statement to these paths fails here; raise a ceiling only with a reason.
 */
// Before (both engines, notifications included as they then ran in the request's path):
// open 25-27, mark_paid 22-23, confirm_payment 20-23, release_crypto 30-31, cancel_trade 25-26.
// Then (decision 020): open 6, mark_paid 6, confirm_payment 6, release_crypto 7, cancel_trade 7.
// Then (decision 041): + 1 each, the transaction's events written to the outbox in one insert.
// Then (decision 052): - 1 each, the answer read in the statement that writes the events; and on
// PostgreSQL the BEGIN goes with the statement after it (one round trip less again, below).
const CEILINGS = {
  // admission: order + users + partner rule + the trade limits' counts and buyer lock (decision
  // 023); write: + the buyer's open trades recounted in its RETURNING
  open: 6, // session, BEGIN, admission, write, outbox with the view, COMMIT
  // the web app's: + the key claimed with its answer, the trade's id chosen up front (decision
  // 053: before it the answer was stored after the view, and the COMMIT could not ride)
  open_with_key: 7,
  mark_paid: 5, // BEGIN, lock with the session check (decision 021), transition write, outbox with the view, COMMIT
  // + the second factor (decision 023): its row locked, the spent step written, the window opened;
  // + the code's attempt taken before the transaction and given back after it (decision 035);
  // the security hold (decision 033: money-out is refused while it lasts) is read by the lock's
  // statement (decision 049; it was a statement of its own)
  confirm_payment: 10,
  confirm_in_window: 5, // the session's step-up window and the hold are read by the lock's statement
  // + the ledger posting; + the parties' counted trades recounted from their pair rows after the
  // completing write (decision 035: it cannot share that statement, which already upserts the
  // same counter rows)
  release_crypto: 7,
  cancel_trade: 6, // + the (empty-movement) refund posting
} as const;

/** A BEGIN that rides with the next statement (PostgreSQL: db/prepared-statements.ts) is not a round trip. */
const BEGIN_RIDES = process.env.DATABASE_URL ? 1 : 0;
/** Nor is the COMMIT that a request's last statement carries (PostgreSQL: docs/decisions/053). */
const COMMIT_RIDES = process.env.DATABASE_URL ? 1 : 0;
/**
 * Nor, on PostgreSQL, a statement that rides ahead of the next (docs/decisions/060): the write of
 * a transition that moves no money, ahead of the statement that writes the events and reads the
 * answer; a settling transition's write, ahead of the counted trades' refresh (a release) and of
 * the ledger posting.
 */
const PG = process.env.DATABASE_URL ? 1 : 0;
const RIDES_AHEAD: Partial<Record<keyof typeof CEILINGS, number>> = {
  mark_paid: PG,
  confirm_payment: PG,
  confirm_in_window: PG,
  release_crypto: 2 * PG,
  cancel_trade: PG,
};

/**
 * The notifications' statements after the response: per party told, its trade read and its
 * insert, and for the kinds the bot sends (a bot is configured here) its claim of the user's
 * chat, only for a user with one (decision 063: the insert says who has one; nobody here does).
 * A party told nothing (the one who acted, mostly) costs nothing: the event carries its side
 * (`recipientRole`), so its trade is not read. Before that: 4 for each action. Plus one for the
 * webhook outbox (docs/decisions/025): all of a request's events in one insert, which writes
 * nothing for users without webhooks. Plus one since decision 041: the request's outbox rows
 * marked done (deleted since decision 058), in one statement, once every consumer made its effects. Minus the webhook outbox
 * since decision 049: the outbox's own insert, in the transaction, writes the deliveries.
 */
const AFTER_RESPONSE = {
  open: 4, // the owner: read + insert; the owner's auto-reply looked up; done
  open_with_key: 4,
  mark_paid: 3, // the seller only: read + insert; done
  confirm_payment: 3, // the buyer only; done
  confirm_in_window: 3,
  release_crypto: 3, // the buyer only; done
  cancel_trade: 3, // the seller only; done
} as const;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await expectLedgerSound(t.ctx);
  await t.close();
});

describe('round trips of the trade actions', () => {
  it('stay within their ceilings on a sell order, and the request still does its work', async () => {
    const http = api(t);
    const seller = await createUser(t.ctx);
    const buyer = await createUser(t.ctx);
    await fund(t.ctx, seller.id, 'BTC', '1');
    const { id: orderId } = await createOrder(t.ctx, seller.id, { amount_crypto: '0.5' });
    // Sign both in and let the once-a-minute "last seen" write happen outside the counts.
    for (const id of [seller.id, buyer.id]) expect((await http.get('/trades', id)).statusCode).toBe(200);
    // What the setup published is delivered before anything is counted (the relay gathers for
    // 10 ms: docs/decisions/061).
    await t.app.notifications.feed.idle();

    const counts: Record<string, number> = {};
    const deferredCounts: Record<string, number> = {};
    const measure = async (
      name: keyof typeof CEILINGS,
      run: () => Promise<{ statusCode: number; body: string }>,
    ) => {
      let res: { statusCode: number; body: string } | undefined;
      let statements: string[] = [];
      // The work after the response (notifications, the auto-reply), counted on its own: the
      // relay starts none of it while held.
      const release = t.app.eventOutbox.hold();
      try {
        statements = await countStatements(t.database, async () => {
          res = await run();
        });
      } finally {
        release();
      }
      const deferred = await countStatements(t.database, async () => {
        await t.app.notifications.feed.idle();
        await t.app.notifications.autoReply.idle();
        await t.app.notifications.bot?.idle();
        await t.app.webhooks.outbox.idle();
      });
      expect(res?.statusCode, res?.body).toBe(200);
      counts[name] = statements.length;
      deferredCounts[name] = deferred.length;
      expect(deferred.length, `${name} after the response:\n${deferred.join('\n---\n')}`).toBeLessThanOrEqual(
        process.env.ROUND_TRIPS_REPORT ? Number.POSITIVE_INFINITY : AFTER_RESPONSE[name],
      );
      expect(statements.length, `${name}:\n${statements.join('\n---\n')}`).toBeLessThanOrEqual(
        process.env.ROUND_TRIPS_REPORT
          ? Number.POSITIVE_INFINITY
          : CEILINGS[name] - BEGIN_RIDES - COMMIT_RIDES - (RIDES_AHEAD[name] ?? 0),
      );
      return JSON.parse(res?.body ?? '{}') as { tradeId?: string; data: { trade: { status: string } } };
    };

    const opened = await measure('open', () =>
      http.post('/trades', buyer.id, { orderId, amountFiat: '50000', paymentMethod: 'sberbank' }),
    );
    const tradeId = opened.tradeId as string;
    expect(opened.data.trade.status).toBe('ESCROW_LOCKED');
    expect(
      (await measure('mark_paid', () => http.act(tradeId, buyer.id, 'mark_paid'))).data.trade.status,
    ).toBe('PAYMENT_PENDING');
    // The seller's authenticator shows the code of this moment.
    const totpCode = await totpCodeAt(TEST_TOTP_SECRET, t.clock.now());
    expect(
      (await measure('confirm_payment', () => http.act(tradeId, seller.id, 'confirm_payment', { totpCode })))
        .data.trade.status,
    ).toBe('PAYMENT_CONFIRMED');
    expect(
      (await measure('release_crypto', () => http.act(tradeId, seller.id, 'release_crypto'))).data.trade
        .status,
    ).toBe('COMPLETED');

    const withKey = () =>
      http.post(
        '/trades',
        buyer.id,
        { orderId, amountFiat: '50000', paymentMethod: 'sberbank' },
        { 'idempotency-key': 'round-trips-open' },
      );
    const second = await measure('open_with_key', withKey);
    expect(second.data.trade.status).toBe('ESCROW_LOCKED');
    // Its replay answers the same trade, and opened no other.
    const replay = await withKey();
    expect(replay.statusCode, replay.body).toBe(200);
    expect(replay.json().tradeId).toBe(second.tradeId);
    await t.app.notifications.feed.idle();
    const cancelled = await measure('cancel_trade', () =>
      http.act(second.tradeId as string, buyer.id, 'cancel_trade'),
    );
    expect(cancelled.data.trade.status).toBe('CANCELLED');

    // The seller's next confirmation, inside the window the code opened: no code, no more work.
    const third = await http.post('/trades', buyer.id, {
      orderId,
      amountFiat: '50000',
      paymentMethod: 'sberbank',
    });
    const thirdId = third.json().tradeId as string;
    expect((await http.act(thirdId, buyer.id, 'mark_paid')).statusCode).toBe(200);
    await t.app.notifications.feed.idle();
    const inWindow = await measure('confirm_in_window', () =>
      http.act(thirdId, seller.id, 'confirm_payment', { totpCode: undefined }),
    );
    expect(inWindow.data.trade.status).toBe('PAYMENT_CONFIRMED');
    console.log(`SQL statements per request (${t.database.engine}): ${JSON.stringify(counts)}`);
    console.log(`after the response: ${JSON.stringify(deferredCounts)}`);
  });
});
