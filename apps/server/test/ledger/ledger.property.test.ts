import {
  CreateOrderRequest,
  fiatValue,
  formatCrypto,
  formatFiat,
  type TradeStatus,
  USER_ACTIONS,
  type UserAction,
} from '@p2p/shared';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client.ts';
import { AppError } from '../../src/errors.ts';
import { auditLedger } from '../../src/modules/ledger/audit.ts';
import * as ledger from '../../src/modules/ledger/ledger.ts';
import { OrdersService } from '../../src/modules/orders/orders.service.ts';
import { Scheduler } from '../../src/modules/scheduler/scheduler.ts';
import { TradesService } from '../../src/modules/trades/trades.service.ts';
import { createUser } from '../factories.ts';
import { createTestApp, type TestApp } from '../helpers.ts';
import { type Currency, Model, type ModelTrade } from './model.ts';

/**
 * Property: whatever users do, in whatever order, the books stay sound. Each run draws a
 * sequence of 3-12 operations for three fresh users on one shared database, applies it
 * through the services, and after the sequence checks the ledger audit (DESIGN §2's five
 * invariants) and that every balance, order and trade matches the model in ./model.ts.
 * A refusal (AppError) is fine only where the model says the operation must be refused.
 */

const RUNS = 1000;
const USERS = 3;
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const PRICES: Record<Currency, bigint[]> = {
  BTC: [400_000_000n, 500_000_000n, 612_345_670n], // RUB minor units per coin
  ETH: [30_000_000n, 31_234_567n],
};
const METHODS = ['sberbank', 'tinkoff', 'vtb'] as const;
type Method = (typeof METHODS)[number];

type Op =
  | { kind: 'credit' | 'debit'; user: number; currency: Currency; amount: bigint }
  | { kind: 'order'; type: 'buy' | 'sell'; user: number; currency: Currency; amount: bigint; price: number; methods: Method[]; timeLimit: number }
  | { kind: 'open'; taker: number; order: number; permille: number; method: Method }
  | { kind: 'act'; trade: number; who: 'right' | 'buyer' | 'seller' | 'other'; action: UserAction | 'next' }
  | { kind: 'delete' | 'pause' | 'resume'; order: number; byOwner: boolean }
  | { kind: 'tick'; advance: number }
  | { kind: 'to_deadline'; trade: number };

const user = fc.integer({ min: 0, max: USERS - 1 });
const currency = fc.constantFrom<Currency>('BTC', 'BTC', 'ETH');
// From one satoshi to 2 coins, biased towards round amounts that make exact fits likely.
const amount = fc.oneof(
  fc.constantFrom(1_000_000n, 5_000_000n, 10_000_000n, 50_000_000n, 100_000_000n),
  fc.bigInt({ min: 1n, max: 200_000_000n }),
);
const credit = fc.record({ kind: fc.constant('credit' as const), user, currency, amount });
const op: fc.Arbitrary<Op> = fc.oneof(
  { arbitrary: credit, weight: 2 },
  { arbitrary: fc.record({ kind: fc.constant('debit' as const), user, currency, amount }), weight: 1 },
  {
    arbitrary: fc.record({
      kind: fc.constant('order' as const),
      type: fc.constantFrom<'buy' | 'sell'>('sell', 'sell', 'buy'),
      user,
      currency,
      amount: fc.bigInt({ min: 1_000_000n, max: 100_000_000n }),
      price: fc.nat(),
      methods: fc.subarray([...METHODS], { minLength: 1 }),
      timeLimit: fc.constantFrom(15, 30, 60),
    }),
    weight: 3,
  },
  {
    arbitrary: fc.record({
      kind: fc.constant('open' as const),
      taker: user,
      order: fc.nat(),
      // Where in [min, max] the fiat amount falls, in permille; outside 0..1000 is out of limits.
      permille: fc.oneof(fc.integer({ min: 0, max: 1000 }), fc.integer({ min: -200, max: 1300 })),
      method: fc.constantFrom(...METHODS),
    }),
    weight: 4,
  },
  {
    arbitrary: fc.record({
      kind: fc.constant('act' as const),
      trade: fc.nat(),
      who: fc.constantFrom('right', 'right', 'right', 'buyer', 'seller', 'other') as fc.Arbitrary<
        'right' | 'buyer' | 'seller' | 'other'
      >,
      action: fc.constantFrom<UserAction | 'next'>('next', 'next', 'next', ...USER_ACTIONS),
    }),
    weight: 6,
  },
  {
    arbitrary: fc.record({
      kind: fc.constantFrom('delete' as const, 'pause' as const, 'resume' as const),
      order: fc.nat(),
      byOwner: fc.boolean(),
    }),
    weight: 1,
  },
  {
    arbitrary: fc.record({
      kind: fc.constant('tick' as const),
      advance: fc.constantFrom(0, MINUTE, 16 * MINUTE, 31 * MINUTE, 61 * MINUTE, 31 * DAY),
    }),
    weight: 2,
  },
  { arbitrary: fc.record({ kind: fc.constant('to_deadline' as const), trade: fc.nat() }), weight: 1 },
);
// Users start empty, so a sequence opens with 1-2 credits, then 2-10 operations of any kind.
const sequence = fc
  .tuple(fc.array(credit, { minLength: 1, maxLength: 2 }), fc.array(op, { minLength: 2, maxLength: 10 }))
  .map(([a, b]) => [...a, ...b] as Op[]);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** The happy-path next step for a status, and who takes it. */
const NEXT: Partial<Record<TradeStatus, [UserAction, 'buyer' | 'seller']>> = {
  ESCROW_LOCKED: ['mark_paid', 'buyer'],
  PAYMENT_PENDING: ['confirm_payment', 'seller'],
  PAYMENT_CONFIRMED: ['release_crypto', 'seller'],
  DISPUTED: ['release_crypto', 'seller'],
};
const RIGHT_ROLE: Record<UserAction, 'buyer' | 'seller'> = {
  mark_paid: 'buyer',
  confirm_payment: 'seller',
  release_crypto: 'seller',
  cancel_trade: 'buyer',
  dispute_trade: 'buyer',
};

class Runner {
  readonly model: Model;
  readonly stats: Record<string, number>;
  private readonly orders: OrdersService;
  private readonly trades: TradesService;
  private readonly scheduler: Scheduler;

  constructor(
    private readonly ids: string[],
    stats: Record<string, number>,
  ) {
    this.model = new Model(ids.length, t.ctx.config.feePpm);
    this.stats = stats;
    this.orders = new OrdersService(t.ctx);
    this.trades = new TradesService(t.ctx);
    this.scheduler = new Scheduler(t.ctx);
  }

  private now = () => t.clock.now().getTime();
  private id = (u: number) => this.ids[u] as string;
  private pick = <T>(list: T[], n: number): T | undefined => (list.length ? list[n % list.length] : undefined);

  /** Runs the service call; an AppError is a refusal, anything else fails the property. */
  private async attempt(label: string, expected: boolean, call: () => Promise<unknown>) {
    let ok = true;
    let refusal = '';
    try {
      await call();
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      ok = false;
      refusal = `${error.code}: ${error.message}`;
    }
    this.stats[`${label}:${ok ? 'ok' : 'refused'}`] = (this.stats[`${label}:${ok ? 'ok' : 'refused'}`] ?? 0) + 1;
    if (ok !== expected) {
      throw new Error(`${label}: model expected ${expected ? 'success' : 'a refusal'}, got ${ok ? 'success' : refusal}`);
    }
  }

  async apply(o: Op): Promise<void> {
    const now = this.now();
    switch (o.kind) {
      case 'credit':
      case 'debit': {
        const expected = o.kind === 'credit' ? true : this.model.account(o.user, o.currency).available >= o.amount;
        return this.attempt(o.kind, expected, async () => {
          await t.ctx.db.transaction((tx) =>
            ledger[o.kind](tx, this.id(o.user), o.currency, o.amount, { reason: 'property test' }, t.clock.now()),
          );
          this.model[o.kind](o.user, o.currency, o.amount);
        });
      }
      case 'order':
        return this.publish(o);
      case 'open':
        return this.open(o);
      case 'act':
        return this.act(o);
      case 'delete':
      case 'pause':
      case 'resume': {
        const order = this.pick(this.model.orders, o.order);
        if (!order) return;
        const by = o.byOwner ? order.owner : (order.owner + 1) % USERS;
        if (o.kind === 'delete') {
          return this.attempt('delete', this.model.canDelete(order, by), async () => {
            await this.orders.cancel(this.id(by), order.id);
            expect(this.model.deleteOrder(order, by)).toBe(true);
          });
        }
        const status = o.kind === 'pause' ? 'paused' : 'active';
        return this.attempt(o.kind, this.model.canSetStatus(order, by, now), async () => {
          await this.orders.setStatus(this.id(by), order.id, status);
          expect(this.model.setStatus(order, by, status, now)).toBe(true);
        });
      }
      case 'tick': {
        t.clock.advance(o.advance);
        const { expired, released, ordersExpired } = await this.scheduler.tick();
        expect({ expired, released, ordersExpired }).toEqual(this.model.tick(this.now()));
        this.stats.tick = (this.stats.tick ?? 0) + 1;
        return;
      }
      case 'to_deadline': {
        const trade = this.pick(this.model.trades, o.trade);
        if (trade && trade.paymentDeadline > now) t.clock.set(new Date(trade.paymentDeadline));
        return;
      }
    }
  }

  private async publish(o: Extract<Op, { kind: 'order' }>) {
    const prices = PRICES[o.currency];
    const price = prices[o.price % prices.length] as bigint;
    const input = CreateOrderRequest.parse({
      type: o.type,
      cryptocurrency: o.currency,
      amount_crypto: formatCrypto(o.amount),
      price_per_unit: formatFiat(price),
      fiat_currency: 'RUB',
      payment_methods: o.methods,
      time_limit: o.timeLimit,
      min_amount: '1000',
    });
    const expected = this.model.canPublish(o.user, o.type, o.currency, o.amount);
    await this.attempt(`order_${o.type}`, expected, async () => {
      const { id } = await this.orders.create(this.id(o.user), input);
      this.model.addOrder(
        {
          id,
          owner: o.user,
          type: o.type,
          currency: o.currency,
          amount: o.amount,
          price,
          min: 100_000n,
          max: fiatValue(o.amount, price), // max defaults to the order's total (DESIGN §2)
          methods: o.methods,
          timeLimit: o.timeLimit,
        },
        this.now(),
      );
    });
  }

  private async open(o: Extract<Op, { kind: 'open' }>) {
    const order = this.pick(this.model.orders, o.order);
    if (!order) return;
    let fiat = order.min + ((order.max - order.min) * BigInt(o.permille)) / 1000n;
    if (fiat <= 0n) fiat = 1n;
    const crypto = this.model.canOpen(order, o.taker, fiat, o.method, this.now());
    await this.attempt('open', crypto !== null, async () => {
      const { tradeId } = await this.trades.open(this.id(o.taker), {
        orderId: order.id,
        amountFiat: formatFiat(fiat),
        paymentMethod: o.method,
      });
      this.model.addTrade(tradeId, order, o.taker, crypto as bigint, this.now());
    });
  }

  private async act(o: Extract<Op, { kind: 'act' }>) {
    const trade = this.pick(this.model.trades, o.trade);
    if (!trade) return;
    const next = NEXT[trade.status];
    const action = o.action === 'next' ? (next?.[0] ?? 'cancel_trade') : o.action;
    const role = o.who === 'right' ? (o.action === 'next' ? (next?.[1] ?? 'buyer') : RIGHT_ROLE[action]) : o.who;
    const who = role === 'buyer' ? trade.buyer : role === 'seller' ? trade.seller : this.third(trade);
    const payload = action === 'dispute_trade' ? { reasonId: 'other', details: 'property test' } : {};
    const expected = this.model.allows(trade, who, action, this.now()) !== null;
    await this.attempt(action, expected, async () => {
      await this.trades.act(this.id(who), trade.id, action, payload);
      expect(this.model.act(trade, who, action, this.now())).toBe(true);
    });
  }

  private third(trade: ModelTrade) {
    return [0, 1, 2].find((u) => u !== trade.buyer && u !== trade.seller) ?? 0;
  }

  /** The database agrees with the model: balances, system accounts, orders, trades. */
  async verify(before: { fees: Record<string, bigint>; external: Record<string, bigint> }) {
    const rows = await queryRows<{ account: string; currency: string; available: string; locked: string }>(
      t.ctx.db,
      sql`SELECT account, currency, available::text, locked::text FROM balances
          WHERE account IN (${sql.join(
            this.ids.map((id) => sql`${ledger.userAccount(id)}`),
            sql`, `,
          )})`,
    );
    const actual = new Map(rows.map((r) => [`${r.account}|${r.currency}`, r]));
    for (const [u, cur, a] of this.model.entries()) {
      const row = actual.get(`${ledger.userAccount(this.id(u))}|${cur}`);
      const got = { available: BigInt(row?.available ?? 0), locked: BigInt(row?.locked ?? 0) };
      expect(got, `user ${u} ${cur}`).toEqual({ available: a.available, locked: a.locked });
      // The brief's formula: what came in, minus what went out, minus fees paid.
      expect(a.available + a.locked).toBe(a.credits - a.debits - a.sold + a.bought - a.fees);
    }
    const system = await systemBalances();
    for (const cur of ['BTC', 'ETH'] as const) {
      expect(system.fees[cur] - (before.fees[cur] ?? 0n), `fees ${cur}`).toBe(this.model.fees[cur]);
      expect(system.external[cur] - (before.external[cur] ?? 0n), `external ${cur}`).toBe(this.model.external[cur]);
    }
    for (const o of this.model.orders) {
      const [row] = await queryRows<{ status: string; available: string }>(
        t.ctx.db,
        sql`SELECT status, available_amount::text AS available FROM orders WHERE id = ${o.id}`,
      );
      expect({ status: row?.status, available: BigInt(row?.available ?? -1) }, `order ${o.id}`).toEqual({
        status: o.status,
        available: o.available,
      });
    }
    for (const tr of this.model.trades) {
      const [row] = await queryRows<{ status: string }>(t.ctx.db, sql`SELECT status FROM trades WHERE id = ${tr.id}`);
      expect(row?.status, `trade ${tr.id}`).toBe(tr.status);
    }
  }
}

async function systemBalances() {
  const rows = await queryRows<{ account: string; currency: string; available: string }>(
    t.ctx.db,
    sql`SELECT account, currency, available::text FROM balances WHERE account IN ('fees', 'external')`,
  );
  const out: Record<'fees' | 'external', Record<string, bigint>> = { fees: {}, external: {} };
  for (const r of rows) out[r.account as 'fees' | 'external'][r.currency] = BigInt(r.available);
  return out;
}

describe('ledger property: random operation sequences keep the books sound', () => {
  it(`holds for ${RUNS} random sequences of 3-12 operations`, { timeout: 900_000 }, async () => {
    const stats: Record<string, number> = {};
    const started = performance.now();
    let sequences = 0;
    let operations = 0;
    const scheduler = new Scheduler(t.ctx);
    await fc.assert(
      fc.asyncProperty(sequence, async (ops) => {
        sequences++;
        operations += ops.length;
        const ids = [];
        for (let i = 0; i < USERS; i++) ids.push((await createUser(t.ctx)).id);
        const runner = new Runner(ids, stats);
        const before = await systemBalances();
        for (const o of ops) await runner.apply(o);
        const problems = await auditLedger(t.ctx.db);
        expect(problems).toEqual([]);
        await runner.verify(before);
        // Settle every timer of this sequence, so the next one starts with nothing due.
        t.clock.advance(31 * DAY);
        let ran: Awaited<ReturnType<Scheduler['tick']>>;
        do ran = await scheduler.tick();
        while (ran.expired + ran.released + ran.ordersExpired > 0);
      }),
      { numRuns: RUNS },
    );
    expect(await auditLedger(t.ctx.db)).toEqual([]);
    const ms = Math.round(performance.now() - started);
    const summary = Object.entries(stats)
      .sort()
      .map(([k, v]) => `${k}=${v}`)
      .join(' ');
    console.log(
      `[property:${t.ctx.database.engine}] ${sequences} sequences, ${operations} operations in ${ms} ms: ${summary}`,
    );
    expect(sequences).toBeGreaterThanOrEqual(RUNS);
  });
});
