import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as ledger from '../../src/modules/ledger/ledger.ts';
import { csvField } from '../../src/modules/wallet/wallet-history.ts';
import { balanceOperation, CREDITS_WITHOUT_FOUR_EYES, signInStaff } from '../admin/factories.ts';
import { createOrder, expectLedgerSound, openTrade, PAID } from '../factories.ts';
import { createTestApp, LAX_TRADE_LIMITS, servicesOf, signInEnrolled, type TestApp } from '../helpers.ts';
import { payloadOf } from '../trades/support.ts';
import {
  cancel,
  decide,
  EXTERNAL,
  giveDepositAddress,
  requestWithdrawal,
  txHashFor,
} from '../withdrawals/support.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ ...CREDITS_WITHOUT_FOUR_EYES, ...LAX_TRADE_LIMITS });
});
afterAll(async () => {
  await expectLedgerSound(t.ctx);
  await t.close();
});

type Row = {
  id: string;
  type: string;
  operation: string;
  currency: string;
  availableChange: string;
  lockedChange: string;
  totalChange: string;
  fee: string | null;
  reference: { type: string; id: string } | null;
  status: string | null;
  txHash: string | null;
  explorerUrl: string | null;
};

const units = (decimal: string) => {
  const negative = decimal.startsWith('-');
  const [whole = '0', frac = ''] = decimal.replace('-', '').split('.');
  const v = BigInt(whole) * 100_000_000n + BigInt(frac.padEnd(8, '0'));
  return negative ? -v : v;
};

async function history(headers: Record<string, string>, query = ''): Promise<Row[]> {
  const res = await t.app.inject({ url: `/api/v1/wallet/transactions${query}`, headers });
  expect(res.statusCode).toBe(200);
  return res.json().data.transactions;
}

async function balancesOf(headers: Record<string, string>) {
  const res = await t.app.inject({ url: '/api/v1/wallet/balances', headers });
  return new Map(
    (res.json().data as { cryptocurrency: string; available: string; locked: string; total: string }[]).map(
      (b) => [b.cryptocurrency, b],
    ),
  );
}

/** Σ of each change over a currency's rows equals that balance: the history is the ledger. */
async function expectRowsAddUp(headers: Record<string, string>) {
  const rows = await history(headers, '?limit=200');
  const balances = await balancesOf(headers);
  for (const currency of ['BTC', 'ETH', 'USDT', 'BNB']) {
    const mine = rows.filter((r) => r.currency === currency);
    const sum = (key: 'availableChange' | 'lockedChange' | 'totalChange') =>
      mine.reduce((s, r) => s + units(r[key]), 0n);
    const b = balances.get(currency);
    expect(sum('availableChange'), `${currency} available`).toBe(units(b?.available ?? '0'));
    expect(sum('lockedChange'), `${currency} locked`).toBe(units(b?.locked ?? '0'));
    expect(sum('totalChange'), `${currency} total`).toBe(units(b?.total ?? '0'));
    for (const r of mine) expect(units(r.availableChange) + units(r.lockedChange)).toBe(units(r.totalChange));
  }
  return rows;
}

describe('GET /api/v1/wallet/transactions', () => {
  it('lists every movement of every kind, and the rows add up to the balances', async () => {
    const admin = await signInStaff(t, { role: 'admin' });
    const seller = await signInEnrolled(t, 'hist_seller');
    const buyer = await signInEnrolled(t, 'hist_buyer');
    const step = () => t.clock.advance(1000);
    // Staff credit, then an on-chain deposit.
    await balanceOperation(t, admin.headers, 'credit', seller.userId, { amount: '2' });
    step();
    const depositId = randomUUID();
    await t.ctx.db.transaction((tx) =>
      ledger.creditDeposit(tx, {
        userId: seller.userId,
        currency: 'ETH',
        amount: 300_000_000n,
        ref: { reason: 'deposit', refType: 'deposit', refId: depositId },
        now: t.clock.now(),
      }),
    );
    step();
    // A sell order, a trade on it released to the buyer, then the order deleted.
    const order = await createOrder(t.ctx, seller.userId, { amount_crypto: '1', price_per_unit: '5000000' });
    step();
    const tradeId = await openTrade(t.ctx, buyer.userId, order.id, '500000');
    const trades = servicesOf(t.ctx).trades;
    await trades.act(buyer.userId, tradeId, 'mark_paid', PAID);
    await trades.act(
      seller.userId,
      tradeId,
      'confirm_payment',
      await payloadOf(t.ctx, 'confirm_payment', seller.userId),
    );
    step();
    await trades.act(seller.userId, tradeId, 'release_crypto', {});
    step();
    await t.app.inject({ method: 'DELETE', url: `/api/v1/orders/${order.id}`, headers: seller.headers });
    step();
    // Withdrawals: one cancelled, one sent, one internal transfer to the buyer.
    const w1 = (
      await requestWithdrawal(t, seller, {
        cryptocurrency: 'BTC',
        amount: '0.1',
        toAddress: EXTERNAL.BTC,
      })
    ).json().data;
    step();
    await cancel(t.app, seller.headers, w1.id);
    step();
    const w2 = (
      await requestWithdrawal(t, seller, {
        cryptocurrency: 'BTC',
        amount: '0.2',
        toAddress: EXTERNAL.BTC,
      })
    ).json().data;
    step();
    await decide(t.app, admin.headers, w2.id, 'approve');
    await decide(t.app, admin.headers, w2.id, 'processing'); // claimed before it is sent (023)
    const hash = txHashFor('BTC', 4242);
    await decide(t.app, admin.headers, w2.id, 'complete', { txHash: hash });
    step();
    const buyerAddress = await giveDepositAddress(t, buyer.userId, 'ethereum');
    const w3 = (
      await requestWithdrawal(t, seller, {
        cryptocurrency: 'ETH',
        amount: '1',
        toAddress: buyerAddress,
      })
    ).json().data;
    step();
    await balanceOperation(t, admin.headers, 'debit', seller.userId, {
      cryptocurrency: 'ETH',
      amount: '0.5',
    });

    const rows = await expectRowsAddUp(seller.headers);
    expect(rows.map((r) => r.operation)).toEqual([
      'staff_debit',
      'transfer_out',
      'withdrawal_sent',
      'withdrawal_request',
      'withdrawal_return',
      'withdrawal_request',
      'order_release',
      'trade_release',
      'order_reserve',
      'deposit',
      'staff_credit',
    ]);
    const byOp = (op: string, from = rows) => from.find((r) => r.operation === op) as Row;
    expect(byOp('staff_credit')).toMatchObject({
      type: 'adjustment',
      totalChange: '2.00000000',
      reference: null,
    });
    expect(byOp('deposit')).toMatchObject({
      currency: 'ETH',
      totalChange: '3.00000000',
      reference: { type: 'deposit', id: depositId },
    });
    expect(byOp('order_reserve')).toMatchObject({
      availableChange: '-1.00000000',
      lockedChange: '1.00000000',
      totalChange: '0.00000000',
      reference: { type: 'order', id: order.id },
    });
    expect(byOp('trade_release')).toMatchObject({
      type: 'trade',
      lockedChange: '-0.10000000',
      totalChange: '-0.10000000',
      fee: null,
      reference: { type: 'trade', id: tradeId },
    });
    expect(byOp('withdrawal_sent')).toMatchObject({
      type: 'withdrawal',
      lockedChange: '-0.20050000',
      availableChange: '0.00000000',
      fee: '0.00050000',
      reference: { type: 'withdrawal', id: w2.id },
      status: 'COMPLETED',
      txHash: hash,
      explorerUrl: `https://mempool.space/tx/${hash}`,
    });
    const requests = rows.filter((r) => r.operation === 'withdrawal_request');
    expect(requests.map((r) => r.status)).toEqual(['COMPLETED', 'CANCELLED']);
    expect(byOp('withdrawal_return')).toMatchObject({
      availableChange: '0.10050000',
      lockedChange: '-0.10050000',
    });
    expect(byOp('transfer_out')).toMatchObject({
      totalChange: '-1.00000000',
      reference: { type: 'withdrawal', id: w3.id },
    });

    const buyerRows = await expectRowsAddUp(buyer.headers);
    expect(buyerRows.map((r) => r.operation)).toEqual(['transfer_in', 'trade_release']);
    // The buyer paid the platform fee (0.1% of 0.1 BTC) out of what the release gave.
    expect(byOp('trade_release', buyerRows)).toMatchObject({ totalChange: '0.09990000', fee: '0.00010000' });

    // Filters and paging.
    expect((await history(seller.headers, '?type=withdrawal')).map((r) => r.operation)).toEqual([
      'withdrawal_sent',
      'withdrawal_request',
      'withdrawal_return',
      'withdrawal_request',
    ]);
    expect((await history(seller.headers, '?type=adjustment')).map((r) => r.operation)).toEqual([
      'staff_debit',
      'staff_credit',
    ]);
    expect((await history(seller.headers, '?currency=ETH')).map((r) => r.operation)).toEqual([
      'staff_debit',
      'transfer_out',
      'deposit',
    ]);
    const paged: Row[] = [];
    for (let offset = 0; offset < 11; offset += 4) {
      const res = (
        await t.app.inject({
          url: `/api/v1/wallet/transactions?limit=4&offset=${offset}`,
          headers: seller.headers,
        })
      ).json().data;
      expect(res.total).toBe(11);
      expect(res.hasNext).toBe(offset + 4 < 11);
      paged.push(...res.transactions);
    }
    expect(paged.map((r) => r.id)).toEqual(rows.map((r) => r.id));
    expect(
      (await t.app.inject({ url: '/api/v1/wallet/transactions?type=fees', headers: seller.headers }))
        .statusCode,
    ).toBe(400);
  });

  it('shows a user only their own movements, and needs a user token', async () => {
    const loner = await signInEnrolled(t, 'hist_loner');
    expect(await history(loner.headers)).toEqual([]);
    expect((await t.app.inject({ url: '/api/v1/wallet/transactions' })).statusCode).toBe(401);
  });
});

describe('GET /api/v1/wallet/transactions.csv', () => {
  it('exports the same rows as RFC 4180 CSV with the same filters', async () => {
    const seller = await signInEnrolled(t, 'hist_seller');
    const res = await t.app.inject({
      url: '/api/v1/wallet/transactions.csv?type=withdrawal',
      headers: seller.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="transactions-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = res.body.split('\r\n');
    expect(lines.at(-1)).toBe('');
    expect(lines[0]).toBe(
      'created_at,id,type,operation,currency,available_change,locked_change,total_change,fee,status,' +
        'reference_type,reference_id,network,tx_hash,explorer_url',
    );
    const rows = await history(seller.headers, '?type=withdrawal');
    expect(lines.length).toBe(rows.length + 2);
    const sent = lines.find((l) => l.includes('withdrawal_sent'))?.split(',');
    expect(sent?.slice(2, 11)).toEqual([
      'withdrawal',
      'withdrawal_sent',
      'BTC',
      '0.00000000',
      '-0.20050000',
      '-0.20050000',
      '0.00050000',
      'COMPLETED',
      'withdrawal',
    ]);
    expect((await t.app.inject({ url: '/api/v1/wallet/transactions.csv' })).statusCode).toBe(401);
  });

  it('quotes as RFC 4180 says and defuses spreadsheet formulas, but keeps negative numbers', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField(null)).toBe('');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\r\nlines')).toBe('"two\r\nlines"');
    expect(csvField('-0.20050000')).toBe('-0.20050000');
    expect(csvField('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
    expect(csvField('+1+2')).toBe("'+1+2");
    expect(csvField('-1+2')).toBe("'-1+2");
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvField('\tcmd')).toBe("'\tcmd");
  });
});
