import type { PayerAccountView } from '@p2p/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client.ts';
import { findTrade } from '../../src/modules/trade-access/trade-access.repository.ts';
import { payerNameMatches } from '../../src/modules/trades/payer-account.ts';
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
