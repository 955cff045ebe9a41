import { readFileSync } from 'node:fs';
import type { PayerAccountView } from '@p2p/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client.ts';
import { findTrade } from '../../src/modules/trade-access/trade-access.repository.ts';
import { payerNameMatches } from '../../src/modules/trades/payer-account.ts';
import { tradeViewContext } from '../../src/modules/trades/trade-view.repository.ts';
import { createStaffMember } from '../admin/factories.ts';
import { createOrder, createUser, expectLedgerSound, fund, openTrade } from '../factories.ts';
import { createTestApp, servicesOf, type TestApp } from '../helpers.ts';
import { api, DISPUTE } from '../trades/support.ts';

/**
 * The payer account named at «Я оплатил» (docs/decisions/023): required, recognised across
 * trades by its fingerprint, shown to the seller and to staff in a dispute with its history and
 * the warnings of a third-party payment and of a name that is not the buyer's.
 */

let t: TestApp;
let http: ReturnType<typeof api>;
beforeAll(async () => {
  t = await createTestApp();
  http = api(t);
});
afterAll(async () => {
  await expectLedgerSound(t.ctx);
  await t.close();
});

const SBER = { bank: 'sberbank', last4: '4821', name: 'Иван Петрович С.' };

/** A seller with a 1 BTC sell order; `buyers` open a 50 000 ₽ trade each. */
async function market(buyers: { firstName: string; lastName?: string }[]) {
  const seller = await createUser(t.ctx, { firstName: 'Продавец' });
  await fund(t.ctx, seller.id, 'BTC', '1');
  const { id: orderId } = await createOrder(t.ctx, seller.id, { amount_crypto: '1' });
  const opened = [];
  for (const b of buyers) {
    const buyer = await createUser(t.ctx, { firstName: b.firstName });
    if (b.lastName) {
      await queryRows(t.ctx.db, sql`UPDATE users SET last_name = ${b.lastName} WHERE id = ${buyer.id}::uuid`);
    }
    opened.push({ buyer, tradeId: await openTrade(t.ctx, buyer.id, orderId, '50000') });
  }
  return { seller, orderId, opened };
}

/** The payer account of a trade as `userId` sees it (asserted present). */
async function payerSeen(tradeId: string, userId: string): Promise<PayerAccountView> {
  const payer = (await http.trade(tradeId, userId)).trade.payer;
  expect(payer).not.toBeNull();
  return payer as PayerAccountView;
}

describe('«Я оплатил» names the paying account', () => {
  it('is refused without it, or with a bad one, and nothing changes', async () => {
    const { opened } = await market([{ firstName: 'Иван' }]);
    const [{ buyer, tradeId }] = opened as [(typeof opened)[number]];
    const cases: [Record<string, unknown>, string, string][] = [
      [{ payer: undefined }, 'payer', 'Укажите, с какого счета вы оплатили'],
      [
        { payer: { ...SBER, last4: '12' } },
        'payer.last4',
        'Последние 4 цифры карты или телефона: ровно 4 цифры',
      ],
      [
        { payer: { ...SBER, last4: '12ab' } },
        'payer.last4',
        'Последние 4 цифры карты или телефона: ровно 4 цифры',
      ],
      [{ payer: { ...SBER, bank: 'Monobank' } }, 'payer.bank', 'Неизвестный способ оплаты'],
      [{ payer: { ...SBER, name: ' ' } }, 'payer.name', 'Укажите имя плательщика, как его показывает банк'],
    ];
    for (const [payload, path, message] of cases) {
      const res = await http.act(tradeId, buyer.id, 'mark_paid', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'VALIDATION_ERROR',
        error: message,
        details: { issues: [{ path }] },
      });
    }
    const trade = await findTrade(t.ctx.db, tradeId);
    expect(trade).toMatchObject({ status: 'ESCROW_LOCKED', paidAt: null, payerFingerprint: null });
  });

  it('shows the seller the account with its history; the buyer sees what they named, no more', async () => {
    const { seller, opened } = await market([{ firstName: 'Иван' }]);
    const [{ buyer, tradeId }] = opened as [(typeof opened)[number]];
    const paid = await http.act(tradeId, buyer.id, 'mark_paid', { payer: { ...SBER, bank: 'Сбербанк' } });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().data.trade.payer).toEqual({
      bank: 'sberbank',
      last4: '4821',
      name: 'Иван Петрович С.',
      history: null,
      warnings: [],
    });
    const forSeller = (await http.trade(tradeId, seller.id)).trade.payer;
    expect(forSeller).toEqual({
      bank: 'sberbank',
      last4: '4821',
      name: 'Иван Петрович С.',
      history: {
        completedTrades: 0,
        distinctSellers: 0,
        otherBuyers: 0,
        firstSeenAt: t.clock.now().toISOString(),
      },
      warnings: [],
    });
    // Only what the seller is shown is stored: bank, last four digits, name, and the keyed hash.
    const [row] = await queryRows<Record<string, unknown>>(
      t.ctx.db,
      sql`SELECT payer_bank, payer_last4, payer_name, payer_fingerprint FROM trades WHERE id = ${tradeId}::uuid`,
    );
    expect(row).toMatchObject({
      payer_bank: 'sberbank',
      payer_last4: '4821',
      payer_name: 'Иван Петрович С.',
    });
    expect(row?.payer_fingerprint).toMatch(/^[0-9a-f]{64}$/);
    // A stranger is told the trade does not exist.
    const stranger = await createUser(t.ctx);
    expect((await http.get(`/trades/${tradeId}`, stranger.id)).statusCode).toBe(404);
  });

  it('warns the seller when the account already paid for another buyer (triangulation), however it is typed', async () => {
    const { seller, opened } = await market([
      { firstName: 'Иван' },
      { firstName: 'Пётр' },
      { firstName: 'Иван' },
    ]);
    const [first, second, third] = opened as [
      (typeof opened)[number],
      (typeof opened)[number],
      (typeof opened)[number],
    ];
    // The first buyer pays from his account and the trade completes.
    const account = { ...SBER, last4: '7391' };
    await http.act(first.tradeId, first.buyer.id, 'mark_paid', { payer: account });
    await http.act(first.tradeId, seller.id, 'confirm_payment');
    await http.act(first.tradeId, seller.id, 'release_crypto');
    t.clock.advance(60_000);
    // Another buyer names the same account, typed differently (case, ё, dots, spaces).
    const sameAccount = { bank: 'Sber', last4: '7391', name: '  иван   петрович с ' };
    expect(
      (await http.act(second.tradeId, second.buyer.id, 'mark_paid', { payer: sameAccount })).statusCode,
    ).toBe(200);
    const seen = await payerSeen(second.tradeId, seller.id);
    expect(seen.warnings).toEqual(['third_party', 'name_mismatch']);
    expect(seen.history).toMatchObject({ completedTrades: 1, distinctSellers: 1, otherBuyers: 1 });
    expect(seen.history?.firstSeenAt).toBe(new Date(t.clock.now().getTime() - 60_000).toISOString());
    // The first buyer's own completed trade now shows the second buyer too.
    expect((await payerSeen(first.tradeId, seller.id)).warnings).toEqual(['third_party']);

    // A different account (other digits) is a different account: no history, no warning.
    await http.act(third.tradeId, third.buyer.id, 'mark_paid', { payer: { ...account, last4: '7392' } });
    const fresh = await payerSeen(third.tradeId, seller.id);
    expect(fresh.warnings).toEqual([]);
    expect(fresh.history).toMatchObject({ completedTrades: 0, distinctSellers: 0, otherBuyers: 0 });
  });

  it('is in the dispute case for staff, with its warnings', async () => {
    const { opened } = await market([{ firstName: 'Анна', lastName: 'Смирнова' }]);
    const [{ buyer, tradeId }] = opened as [(typeof opened)[number]];
    await http.act(tradeId, buyer.id, 'mark_paid', {
      payer: { bank: 'tinkoff', last4: '0007', name: 'Олег К.' },
    });
    await http.act(tradeId, buyer.id, 'dispute_trade', DISPUTE);
    const moderator = await createStaffMember(t, { role: 'moderator' });
    const view = await servicesOf(t.ctx).disputes.view(moderator.id, tradeId);
    expect(view.trade.payer).toMatchObject({
      bank: 'tinkoff',
      last4: '0007',
      name: 'Олег К.',
      warnings: ['name_mismatch'],
      history: { otherBuyers: 0 },
    });
  });
});

/**
 * The history kept in rows (docs/decisions/052): whatever the trades paid from an account did
 * (completed, cancelled after the payment, several buyers and sellers, payments marked at once),
 * the history a seller is shown equals the history counted over the trades, and the rows equal a
 * recount.
 */

/** The history of `tradeId`'s account counted over the trades, as the view read it before. */
async function countedHistory(tradeId: string, viewerId: string) {
  const [row] = await queryRows<Record<string, unknown>>(
    t.ctx.db,
    sql`SELECT COUNT(h.id) FILTER (WHERE h.id <> t0.id AND h.status = 'COMPLETED')::int AS completed,
               COUNT(DISTINCT h.seller_id) FILTER (WHERE h.id <> t0.id)::int AS sellers,
               COUNT(DISTINCT h.buyer_id) FILTER (WHERE h.buyer_id <> t0.buyer_id)::int AS other_buyers,
               MIN(h.paid_at) AS first_seen
        FROM trades t0 JOIN trades h ON h.payer_fingerprint = t0.payer_fingerprint
        WHERE t0.id = ${tradeId}::uuid AND t0.buyer_id <> ${viewerId}::uuid
        GROUP BY t0.id`,
  );
  return row
    ? {
        completed: row.completed,
        sellers: row.sellers,
        other_buyers: row.other_buyers,
        first_seen: new Date(row.first_seen as string).toISOString(),
      }
    : undefined;
}

/** The history the trade view reads for `viewerId` (the seller of `trade` unless named). */
async function shownHistory(
  trade: { tradeId: string; buyerId: string; sellerId: string },
  viewerId = trade.sellerId,
) {
  const view = await tradeViewContext(t.ctx.db, {
    viewerId,
    now: t.clock.now(),
    userIds: [trade.buyerId, trade.sellerId],
    tradeIds: [trade.tradeId],
    partyTradeIds: [trade.tradeId],
    disputedIds: [],
  });
  const row = view.payers.get(trade.tradeId);
  return row
    ? {
        completed: Number(row.completed),
        sellers: Number(row.sellers),
        other_buyers: Number(row.other_buyers),
        first_seen: row.first_seen ? new Date(row.first_seen).toISOString() : null,
      }
    : undefined;
}

/** The counter rows against a recount from the trades (the migration's own backfill). */
async function drift() {
  return queryRows(
    t.ctx.db,
    sql`WITH recount AS (
          SELECT payer_fingerprint AS fingerprint, 'buyer' AS role, buyer_id AS user_id, COUNT(*)::int AS trades,
                 COUNT(*) FILTER (WHERE status = 'COMPLETED')::int AS completed, MIN(paid_at) AS first_seen
          FROM trades WHERE payer_fingerprint IS NOT NULL GROUP BY 1, 3
          UNION ALL
          SELECT payer_fingerprint, 'seller', seller_id, COUNT(*)::int,
                 COUNT(*) FILTER (WHERE status = 'COMPLETED')::int, MIN(paid_at)
          FROM trades WHERE payer_fingerprint IS NOT NULL GROUP BY 1, 3)
        SELECT r.fingerprint, r.role, r.user_id, q.fingerprint AS kept FROM recount r
          FULL JOIN payer_account_parties q
            ON q.fingerprint = r.fingerprint AND q.role = r.role AND q.user_id = r.user_id
          WHERE (r.trades, r.completed, r.first_seen) IS DISTINCT FROM (q.trades, q.completed, q.first_seen)`,
  );
}

const ACCOUNTS = [
  { bank: 'sberbank', last4: '1111', name: 'Ольга Н.' },
  { bank: 'sberbank', last4: '2222', name: 'Пётр К.' },
  { bank: 'tinkoff', last4: '3333', name: 'Анна С.' },
];

describe('the payer accounts history kept in rows', () => {
  it('equals the history counted over the trades, whatever the trades did', async () => {
    const sellers = [];
    for (let i = 0; i < 2; i++) {
      const seller = await createUser(t.ctx);
      await fund(t.ctx, seller.id, 'BTC', '1');
      const { id: orderId } = await createOrder(t.ctx, seller.id, { amount_crypto: '1' });
      sellers.push({ seller, orderId });
    }
    const buyers = [];
    for (let i = 0; i < 3; i++) buyers.push(await createUser(t.ctx));
    // Each trade: its seller, its buyer, the account named (none: never paid), what follows.
    const script: [number, number, number | null, 'complete' | 'cancel' | 'stay'][] = [
      [0, 0, 0, 'complete'],
      [0, 0, 0, 'complete'], // the same seller twice from one account
      [1, 0, 0, 'stay'],
      [1, 1, 0, 'cancel'], // a second buyer on the account, cancelled after paying
      [0, 1, 1, 'complete'],
      [1, 2, 1, 'stay'],
      [0, 2, null, 'cancel'], // never paid: no account
      [1, 2, 2, 'complete'],
    ];
    const trades = [];
    for (const [s, b, account, then] of script) {
      const { seller, orderId } = sellers[s] as (typeof sellers)[number];
      const buyer = buyers[b] as (typeof buyers)[number];
      const tradeId = await openTrade(t.ctx, buyer.id, orderId, '50000');
      const trade = { tradeId, buyerId: buyer.id, sellerId: seller.id };
      trades.push(trade);
      t.clock.advance(60_000);
      if (account !== null) {
        const paid = await http.act(tradeId, buyer.id, 'mark_paid', { payer: ACCOUNTS[account] });
        expect(paid.statusCode, paid.body).toBe(200);
      }
      if (then === 'complete') {
        expect((await http.act(tradeId, seller.id, 'confirm_payment')).statusCode).toBe(200);
        expect((await http.act(tradeId, seller.id, 'release_crypto')).statusCode).toBe(200);
      } else if (then === 'cancel') {
        expect((await http.act(tradeId, buyer.id, 'cancel_trade')).statusCode).toBe(200);
      }
      // After every step, for every trade so far, the view's history is the counted one.
      for (const each of trades)
        expect(await shownHistory(each)).toEqual(await countedHistory(each.tradeId, each.sellerId));
    }
    // The buyer sees no history of their own account.
    const [first] = trades as [(typeof trades)[number]];
    expect(await shownHistory(first, first.buyerId)).toBeUndefined();
    // By hand, the third trade (account 0, seller 1, buyer 0): the account's other trades are two
    // completed of seller 0 and buyer 0, and one of seller 1 and buyer 1, cancelled.
    expect(await shownHistory(trades[2] as (typeof trades)[number])).toMatchObject({
      completed: 2,
      sellers: 2,
      other_buyers: 1,
    });
    expect(await drift()).toEqual([]);
    // The migration's backfill, run on the trades so far, writes the same counters.
    const migration = readFileSync(
      new URL('../../src/db/migrations/0057_payer_accounts.sql', import.meta.url),
      'utf8',
    );
    const backfill = migration.slice(
      migration.indexOf('-- The history so far.'),
      migration.indexOf('-- Nothing reads the trades by their payer account'),
    );
    await queryRows(t.ctx.db, sql`DELETE FROM payer_account_parties`);
    for (const statement of backfill.split(';').filter((s) => s.replace(/--.*$/gm, '').trim()))
      await queryRows(t.ctx.db, sql.raw(statement));
    expect(await queryRows(t.ctx.db, sql`SELECT 1 FROM payer_account_parties`)).not.toEqual([]);
    expect(await drift()).toEqual([]);
  });

  it('counts each buyer once when several pay from one account at the same moment', async () => {
    const seller = await createUser(t.ctx);
    await fund(t.ctx, seller.id, 'BTC', '1');
    const { id: orderId } = await createOrder(t.ctx, seller.id, { amount_crypto: '1' });
    const opened = [];
    for (let i = 0; i < 4; i++) {
      const buyer = await createUser(t.ctx);
      opened.push({
        tradeId: await openTrade(t.ctx, buyer.id, orderId, '50000'),
        buyerId: buyer.id,
        sellerId: seller.id,
      });
    }
    const account = { bank: 'tinkoff', last4: '4444', name: 'Общий Счёт' };
    const answers = await Promise.all(
      opened.map((o) => http.act(o.tradeId, o.buyerId, 'mark_paid', { payer: account })),
    );
    for (const a of answers) expect(a.statusCode, a.body).toBe(200);
    for (const o of opened) {
      expect(await shownHistory(o)).toMatchObject({ completed: 0, sellers: 1, other_buyers: 3 });
      expect(await shownHistory(o)).toEqual(await countedHistory(o.tradeId, o.sellerId));
    }
    expect(await drift()).toEqual([]);
  });
});

describe('the payer name against the buyer name (docs/decisions/034)', () => {
  it.each([
    // payer typed, first name, last name, name shown to the seller, match
    ['Иван Петрович С.', 'Иван', null, null, true],
    ['IVAN PETROVICH S', 'Иван', null, null, true],
    ['Иван Петрович С.', 'Ivan', 'Smirnov', null, true],
    ['Смирнова Анна', 'Ann', 'Смирнова', null, true],
    ['Олег К.', 'Анна', 'Смирнова', null, false],
    ['Пётр Иванов', 'Петр', null, null, true],
    ['Любое имя', '🙂', null, null, true],
    // The trial's false alarm: «Мария» paid as «Мария П.» and as «Мария Петрова».
    ['Мария П.', 'Мария', null, 'Мария', true],
    ['Мария Петрова', 'Мария', null, 'Мария', true],
    ['Мария П.', 'Мария', 'Петрова', 'Мария Петрова', true],
    ['Мария Петрова', 'Мария', 'Петрова', 'Мария Петрова', true],
    ['Петрова Мария', 'Мария', 'Петрова', null, true],
    ['Мария Петровна П.', 'Мария', 'Петрова', null, true],
    ['Maria Petrova', 'Мария', 'Петрова', null, true],
    ['Julia S.', 'Юлия', 'Смирнова', null, true],
    ['Alexey K', 'Алексей', 'Козлов', null, true],
    // Only the shown name is a person's name: the profile's first name is a handle.
    ['Мария П.', 'maria_p2p', null, 'Мария', true],
    // A surname that is not theirs, an initial that is not theirs, another first name.
    ['Мария Иванова', 'Мария', 'Петрова', 'Мария Петрова', false],
    ['Мария И.', 'Мария', 'Петрова', null, false],
    ['Марина Петрова', 'Мария', 'Петрова', null, true],
    ['Олег Петров', 'Мария', null, 'Мария', false],
    ['М. Петрова', 'Мария', null, 'Мария', false],
  ])('%s for %s %s (shown %s): %s', (payer, first, last, shown, match) => {
    expect(payerNameMatches(payer, { firstName: first, lastName: last, shownName: shown })).toBe(match);
  });
});
