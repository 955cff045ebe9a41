import {
  CreateOrderRequest,
  fiatValue,
  formatCrypto,
  formatFiat,
  type TradeStatus,
  type UserAction,
} from '@p2p/shared';
import { expect } from 'vitest';
import type { AppContext } from '../../src/context.ts';
import { AppError } from '../../src/errors.ts';
import type { ManualClock } from '../../src/lib/clock.ts';
import * as ledger from '../../src/modules/ledger/ledger.ts';
import type { OrdersService } from '../../src/modules/orders/orders.service.ts';
import type { Scheduler } from '../../src/modules/scheduler/scheduler.ts';
import type { TradesService } from '../../src/modules/trades/trades.service.ts';
import { PAID, secondFactor } from '../factories.ts';
import { schedulerOf, servicesOf } from '../helpers.ts';
import { type Currency, Model, type ModelTrade } from './model.ts';
import { type Method, type Op, USERS, type Who } from './operations.ts';
import { type DepositAddresses, WithdrawalSteps } from './withdrawal-steps.ts';

/**
 * Applies drawn operations to the real services and to the model side by side. A service
 * refusal (AppError) must coincide with the model's refusal; any other error is a failure.
 */

const PRICES: Record<Currency, bigint[]> = {
  // fiat minor units (kopecks) per whole coin
  BTC: [400_000_000n, 500_000_000n, 612_345_670n],
  ETH: [30_000_000n, 31_234_567n],
};
const MIN_FIAT = 100_000n; // 1000 RUB, the create form's minimum
/** The happy-path next step for a status, and who takes it. */
const NEXT: Partial<Record<TradeStatus, [UserAction, 'buyer' | 'seller']>> = {
  ESCROW_LOCKED: ['mark_paid', 'buyer'],
  PAYMENT_PENDING: ['confirm_payment', 'seller'],
  PAYMENT_CONFIRMED: ['release_crypto', 'seller'],
};
const RIGHT_ROLE: Record<UserAction, 'buyer' | 'seller'> = {
  mark_paid: 'buyer',
  confirm_payment: 'seller',
  release_crypto: 'seller',
  cancel_trade: 'buyer',
  dispute_trade: 'buyer',
};

export class Runner {
  readonly model: Model;
  readonly withdrawals: WithdrawalSteps;
  private readonly orders: OrdersService;
  private readonly trades: TradesService;
  private readonly scheduler: Scheduler;

  constructor(
    private readonly ctx: AppContext,
    private readonly clock: ManualClock,
    private readonly ids: string[],
    private readonly stats: Record<string, number>,
    money: { addresses: DepositAddresses; staffId: string },
  ) {
    this.model = new Model(ids.length, ctx.config.feePpm);
    this.withdrawals = new WithdrawalSteps(
      ctx,
      clock,
      ids,
      this.model,
      money.addresses,
      money.staffId,
      (label, expected, call) => this.attempt(label, expected, call),
      (currency) => this.richest(currency),
    );
    this.orders = servicesOf(ctx).orders;
    this.trades = servicesOf(ctx).trades;
    this.scheduler = schedulerOf(ctx);
  }

  private now = () => this.clock.now().getTime();
  private id = (u: number) => this.ids[u] as string;
  private pick = <T>(list: T[], n: number): T | undefined =>
    list.length ? list[n % list.length] : undefined;
  private count = (key: string) => {
    this.stats[key] = (this.stats[key] ?? 0) + 1;
  };

  /** Runs a service call; an AppError is a refusal, anything else fails the property. */
  private async attempt(label: string, expected: boolean, call: () => Promise<unknown>) {
    let refusal: string | null = null;
    try {
      await call();
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      refusal = `${error.code}: ${error.message}`;
    }
    this.count(`${label}:${refusal === null ? 'ok' : 'refused'}`);
    if ((refusal === null) !== expected) {
      throw new Error(
        `${label}: the model expected ${expected ? 'success' : 'a refusal'}, got ${refusal ?? 'success'}`,
      );
    }
  }

  async apply(o: Op): Promise<void> {
    switch (o.kind) {
      case 'credit':
        return this.attempt('credit', true, async () => {
          await this.ctx.db.transaction((tx) =>
            ledger.credit(tx, {
              userId: this.id(o.user),
              currency: o.currency,
              amount: o.amount,
              ref: { reason: 'property' },
              now: this.clock.now(),
            }),
          );
          this.model.credit(o.user, o.currency, o.amount);
        });
      case 'debit':
        // May exceed the balance: then it must be refused and change nothing.
        return this.attempt(
          'debit',
          this.model.account(o.user, o.currency).available >= o.amount,
          async () => {
            await this.ctx.db.transaction((tx) =>
              ledger.debit(tx, {
                userId: this.id(o.user),
                currency: o.currency,
                amount: o.amount,
                ref: { reason: 'property' },
                now: this.clock.now(),
              }),
            );
            expect(this.model.debit(o.user, o.currency, o.amount)).toBe(true);
          },
        );
      case 'order':
        return this.publish(o);
      case 'open':
        return this.open(o);
      case 'act':
        return this.act(o);
      case 'delete':
      case 'pause':
      case 'resume':
        return this.administer(o);
      case 'tick': {
        this.clock.advance(o.advance);
        const { expired, released, ordersExpired } = await this.scheduler.tick();
        expect({ expired, released, ordersExpired }).toEqual(this.model.tick(this.now()));
        this.count('tick');
        for (const [k, n] of Object.entries({ expired, released, ordersExpired })) {
          this.stats[`tick_${k}`] = (this.stats[`tick_${k}`] ?? 0) + n;
        }
        return;
      }
      case 'deposit':
      case 'withdraw':
      case 'wcancel':
      case 'wdecide':
        return this.withdrawals.apply(o);
      case 'to_deadline': {
        // Exactly at a trade's payment deadline: "paid" is refused there, expiry not yet run.
        const trade = this.pick(this.model.trades, o.trade);
        if (trade && trade.paymentDeadline > this.now()) this.clock.set(new Date(trade.paymentDeadline));
        return this.count('to_deadline');
      }
    }
  }

  private richest(currency: Currency): number {
    const all = [...Array(USERS).keys()];
    return all.reduce((best, u) =>
      this.model.account(u, currency).available > this.model.account(best, currency).available ? u : best,
    );
  }

  /** The currency somebody holds the most of. */
  private richer(): Currency {
    const most = (c: Currency) => this.model.account(this.richest(c), c).available;
    return most('ETH') > most('BTC') ? 'ETH' : 'BTC';
  }

  private async publish(o: Extract<Op, { kind: 'order' }>) {
    const userIndex = o.user === 'rich' ? this.richest(o.currency) : (o.user as Exclude<Who, 'rich'>);
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
      min_amount: formatFiat(MIN_FIAT),
    });
    const expected = this.model.canPublish(userIndex, o.type, o.currency, o.amount);
    await this.attempt(`order_${o.type}`, expected, async () => {
      const { id } = await this.orders.create(this.id(userIndex), input);
      this.model.addOrder(
        {
          id,
          owner: userIndex,
          type: o.type,
          currency: o.currency,
          amount: o.amount,
          price,
          min: MIN_FIAT,
          max: fiatValue(o.amount, price), // maxAmount defaults to the total: docs/product/trading-rules.md
          methods: o.methods,
          timeLimit: o.timeLimit,
        },
        this.now(),
      );
    });
  }

  private async open(o: Extract<Op, { kind: 'open' }>) {
    const order = this.pick(this.model.orders, o.order);
    if (!order) {
      // Nothing to take yet: publish something instead of wasting the step.
      this.count('open->order');
      const currency = this.richer();
      const held = this.model.account(this.richest(currency), currency).available;
      const amount = held < 10_000_000n ? 1_000_000n : 10_000_000n;
      const methods: ('sberbank' | 'tinkoff')[] = ['sberbank', 'tinkoff'];
      return this.publish({
        kind: 'order',
        type: 'sell',
        user: 'rich',
        currency,
        amount,
        price: o.order,
        methods,
        timeLimit: 30,
      });
    }
    const fiat = order.min + ((order.max - order.min) * BigInt(o.permille)) / 1000n;
    const amountFiat = fiat > 0n ? fiat : 1n;
    const method =
      o.method === 'listed' ? (order.methods[o.order % order.methods.length] as Method) : o.method;
    const taker = (order.owner + { owner: 0, other: 1, another: 2 }[o.taker]) % USERS;
    const crypto = this.model.canOpen(order, taker, amountFiat, method, this.now());
    await this.attempt('open', crypto !== null, async () => {
      const { tradeId } = await this.trades.open(this.id(taker), {
        orderId: order.id,
        amountFiat: formatFiat(amountFiat),
        paymentMethod: method,
      });
      this.model.addTrade(tradeId, order, taker, crypto as bigint, this.now());
    });
  }

  private async act(o: Extract<Op, { kind: 'act' }>) {
    // Mostly a trade still in play ("next" mostly the newest, so lifecycles get far);
    // every fifth pick may land on a settled one, which must refuse everything.
    const live = this.model.trades.filter((x) => !x.settled);
    const newest = o.action === 'next' && o.trade % 4 !== 0 ? live.at(-1) : undefined;
    const trade =
      newest ?? this.pick(o.trade % 5 === 0 || live.length === 0 ? this.model.trades : live, o.trade);
    if (!trade) {
      this.count('act->open');
      return this.open({ kind: 'open', taker: 'other', order: o.trade, permille: 100, method: 'listed' });
    }
    const next = NEXT[trade.status];
    const action = o.action === 'next' ? (next?.[0] ?? 'cancel_trade') : o.action;
    const role =
      o.who !== 'right' ? o.who : o.action === 'next' ? (next?.[1] ?? 'buyer') : RIGHT_ROLE[action];
    const who = role === 'buyer' ? trade.buyer : role === 'seller' ? trade.seller : this.third(trade);
    const payload =
      action === 'dispute_trade'
        ? { reasonId: 'other', details: 'property test' }
        : action === 'confirm_payment'
          ? { totpCode: await secondFactor(this.ctx, this.id(who)) }
          : action === 'mark_paid'
            ? PAID
            : {};
    const expected = this.model.allows(trade, who, action, this.now()) !== null;
    await this.attempt(action, expected, async () => {
      await this.trades.act(this.id(who), trade.id, action, payload);
      expect(this.model.act(trade, who, action, this.now())).toBe(true);
    });
  }

  private third(trade: ModelTrade) {
    return [...Array(USERS).keys()].find((u) => u !== trade.buyer && u !== trade.seller) ?? 0;
  }

  private async administer(o: Extract<Op, { kind: 'delete' | 'pause' | 'resume' }>) {
    const order = this.pick(this.model.orders, o.order);
    if (!order) return this.count(`${o.kind}:none`);
    const by = o.byOwner ? order.owner : (order.owner + 1) % USERS;
    if (o.kind === 'delete') {
      return this.attempt('delete', this.model.canDelete(order, by), async () => {
        await this.orders.cancel(this.id(by), order.id);
        expect(this.model.deleteOrder(order, by)).toBe(true);
      });
    }
    const status = o.kind === 'pause' ? 'paused' : 'active';
    const now = this.now();
    return this.attempt(o.kind, this.model.canSetStatus(order, by, now), async () => {
      await this.orders.setStatus(this.id(by), order.id, status);
      expect(this.model.setStatus(order, by, status, now)).toBe(true);
    });
  }

  /** Runs every timer of this sequence out, so the next sequence starts with nothing due. */
  async settleTimers(days: number) {
    const timed = (x: ModelTrade) => x.status === 'ESCROW_LOCKED' || x.status === 'PAYMENT_CONFIRMED';
    const live = (x: { status: string }) => x.status === 'active' || x.status === 'paused';
    if (!this.model.orders.some(live) && !this.model.trades.some(timed)) return;
    this.clock.advance(days * 24 * 60 * 60_000);
    const { expired, released, ordersExpired } = await this.scheduler.tick();
    expect({ expired, released, ordersExpired }).toEqual(this.model.tick(this.now()));
  }
}
