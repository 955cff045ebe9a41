import {
  CRYPTOCURRENCIES,
  type CreateOrderRequest,
  type Cryptocurrency,
  defaultTimeLimit,
  FALLBACK_PRICES,
  FIAT_CURRENCIES,
  fiatValue,
  floatingPrice,
  formatCrypto,
  formatFiat,
  isSwapPayment,
  type MarketPrices,
  marketPriceOf,
  type OrderList,
  orderAmountIssues,
  parseAmount,
  parseMarginBp,
} from '@p2p/shared';
import type { Needs } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import type { OrderRow } from '../../db/schema.ts';
import { AppError, assert, notFound } from '../../errors.ts';
import { PendingEvents } from '../../events/notifier.ts';
import { runClaimed } from '../../lib/scheduled-item.ts';
import { idempotent } from '../idempotency/index.ts';
import * as ledger from '../ledger/index.ts';
import { requireNoSecurityHold } from '../limits/index.ts';
import type { CurrentPrices } from '../market/index.ts';
import type { TwoFactorService } from '../two-factor/index.ts';
import { assertNotBlocked } from '../users/index.ts';
import type { BookAnswer } from './book-cache.ts';
import { type BookCursor, decodeBookCursor, encodeBookCursor } from './book-cursor.ts';
import { bookBody } from './book-rows.ts';
import { toOrderViews } from './order-view.ts';
import * as repo from './orders.repository.ts';
import {
  assertSwapPrice,
  defaultMinAmount,
  paymentDecimals,
  SWAP_TIME_LIMIT,
  swapMarketPrice,
} from './swap-orders.ts';

/** A book page as asked for: a filter, and either an offset or the cursor of `nextCursor`. */
export type BookQuery = Omit<repo.BookFilter, 'after'> & { after?: string | undefined };

/** Every pair an order can have, with its market price where the table has one. */
function pairPrices(table: MarketPrices): repo.PairPrice[] {
  const quotes: repo.PairPrice[] = [];
  for (const crypto of CRYPTOCURRENCIES) {
    for (const payIn of [...FIAT_CURRENCIES, ...CRYPTOCURRENCIES]) {
      if (payIn === crypto) continue;
      const price = marketPriceOf(table, crypto, payIn);
      if (price !== null) quotes.push({ crypto, payIn, price });
    }
  }
  return quotes;
}

/** When the first order of a book page expires: the cached page is wrong from then on. */
function firstExpiry({ page }: BookAnswer): number {
  let first = Infinity;
  for (const o of page.orders) if (o.expires_at) first = Math.min(first, Date.parse(o.expires_at));
  return first;
}

/** Orders live 30 days unless filled, deleted or expired earlier. */
export const ORDER_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;

export class OrdersService {
  constructor(
    private readonly ctx: Needs<'db' | 'clock' | 'notifier' | 'bookCache' | 'prices'>,
    private readonly twoFactor: TwoFactorService,
  ) {}

  /**
   * The price an order is published at: the given one, or a floating order's market price with
   * its margin and guard. Without a live market price a floating order is published paused at
   * the fallback table's price (docs/decisions/027). A floating order's amounts are checked here,
   * at that price, by the same rules the schema applies to a fixed one.
   */
  private async pricing(input: CreateOrderRequest) {
    if (input.price_type === 'fixed') {
      const price = parseAmount(input.price_per_unit ?? '', paymentDecimals(input.fiat_currency));
      return { price, priceType: 'fixed' as const, marginBp: null, priceLimit: null, marketPaused: false };
    }
    // A swap offer keeps the price its maker confirmed (docs/decisions/026).
    if (isSwapPayment(input.fiat_currency))
      throw new AppError('VALIDATION_ERROR', 'validation.order.swapFixedPrice');
    const marginBp = parseMarginBp(input.margin_percent ?? '');
    assert(marginBp !== null, 'margin checked by the schema');
    const priceLimit = input.price_limit == null ? null : parseAmount(input.price_limit, 2);
    const current = await this.ctx.prices.current();
    const live = current.ok ? marketPriceOf(current.prices, input.cryptocurrency, input.fiat_currency) : null;
    const market = live ?? marketPriceOf(FALLBACK_PRICES, input.cryptocurrency, input.fiat_currency);
    assert(market !== null, 'the fallback table prices every pair');
    const price = floatingPrice(market, marginBp, input.type, priceLimit);
    const issue = orderAmountIssues({ ...input, price_per_unit: formatFiat(price) })[0];
    if (issue) {
      throw new AppError('VALIDATION_ERROR', issue.message, issue.values, {
        issues: [{ path: issue.path, message: issue.message, values: issue.values }],
      });
    }
    return { price, priceType: 'floating' as const, marginBp, priceLimit, marketPaused: live === null };
  }

  /** Publishes an order; a sell order locks its reserve in the same transaction. */
  async create(userId: string, input: CreateOrderRequest, idempotencyKey?: string) {
    const now = this.ctx.clock.now();
    const amount = parseAmount(input.amount_crypto, 8);
    // A swap (paid in a coin) counts its price and limits in that coin's 8 decimals (docs/decisions/026).
    const { fiat_currency: payIn, cryptocurrency: crypto, confirm_price: confirmed = false } = input;
    const swap = isSwapPayment(payIn);
    const { price, ...pricing } = await this.pricing(input);
    const total = fiatValue(amount, price);
    const min = input.min_amount
      ? parseAmount(input.min_amount, paymentDecimals(payIn))
      : defaultMinAmount(payIn);
    const max = input.max_amount ? parseAmount(input.max_amount, paymentDecimals(payIn)) : total;
    const market = swap ? await swapMarketPrice(this.ctx, crypto, payIn) : null;
    if (swap) assertSwapPrice({ price, market, confirmed, side: 'publish' });
    // A wrong swap code counts towards the code lock, its attempt taken before it is judged.
    const created = await this.twoFactor.countingFailures(
      userId,
      () =>
        idempotent(
          this.ctx.db,
          { userId, scope: 'orders.create', key: idempotencyKey, request: input },
          async (tx) => {
            await assertNotBlocked(tx, userId);
            // Selling commits coins to strangers: only with the owner's second factor (docs/decisions/023);
            // a swap sells at once to whoever takes it, so it takes a fresh code (docs/decisions/026).
            const ask = 'security.codeToPublishSwap';
            // Publishing a sale is money out: not under a security hold (docs/decisions/033).
            if (swap || input.type === 'sell') await requireNoSecurityHold(this.ctx, tx, userId);
            if (swap) await this.twoFactor.requireFreshCode(tx, { userId, code: input.totp_code, now, ask });
            else if (input.type === 'sell') await this.twoFactor.requireEnrolled(tx, userId);
            const order = await repo.insertOrder(tx, {
              userId,
              type: input.type,
              cryptocurrency: input.cryptocurrency,
              fiatCurrency: input.fiat_currency,
              amountCrypto: amount,
              availableAmount: amount,
              pricePerUnit: price,
              ...pricing,
              minAmount: min,
              maxAmount: max,
              paymentMethods: swap ? [] : [...new Set(input.payment_methods)],
              timeLimit: swap
                ? SWAP_TIME_LIMIT
                : (input.time_limit ?? defaultTimeLimit(input.payment_methods)),
              description: input.description?.trim() || null,
              // Conditions for the taker (docs/decisions/028); 0 is no condition.
              minTakerTrades: input.min_taker_trades || null,
              minTakerAgeDays: input.min_taker_age_days || null,
              status: 'active',
              expiresAt: new Date(now.getTime() + ORDER_LIFETIME_MS),
              createdAt: now,
              updatedAt: now,
            });
            if (order.type === 'sell') {
              await ledger.lock(tx, {
                kind: 'order_reserve',
                userId,
                currency: input.cryptocurrency,
                amount,
                ref: { reason: 'Sell order reserve', refType: 'order', refId: order.id },
                now,
              });
            }
            return { id: order.id };
          },
        ),
      swap ? input.totp_code : undefined,
    );
    // Publishing announces nothing to the owner's sockets, so the book is told directly.
    this.ctx.bookCache.invalidate();
    return { id: created.id, order: await this.view(created.id) };
  }

  async view(orderId: string) {
    const order = await repo.findOrder(this.ctx.db, orderId);
    if (!order) throw notFound('errors.orderNotFound');
    const [view] = await toOrderViews(this.ctx.db, [order], this.ctx.clock.now());
    assert(view, 'order view missing');
    return view;
  }

  /**
   * The public book page of a filter. It does not depend on who asks, so recent pages are
   * served from the instance's short-lived cache (docs/decisions/019).
   */
  async book(query: BookQuery): Promise<BookAnswer> {
    const { after: afterText, ...filter } = query;
    const side = filter.type ?? 'any';
    let after: BookCursor | null = null;
    if (afterText !== undefined) {
      if (filter.offset > 0) throw new AppError('VALIDATION_ERROR', 'errors.bookCursorWithOffset');
      after = decodeBookCursor(afterText);
      // Not ours, or made for the other side (which runs in the opposite price order).
      if (!after || after.side !== side) throw new AppError('VALIDATION_ERROR', 'errors.bookCursorInvalid');
    }
    const offset = after ? after.offset : filter.offset;
    return this.ctx.bookCache.get(
      query,
      async () => {
        const now = this.ctx.clock.now();
        const page = await repo.listBook(this.ctx.db, { ...filter, after: after ?? undefined }, now);
        const last = page.rows.at(-1);
        const list: OrderList = {
          orders: await toOrderViews(
            this.ctx.db,
            page.rows.map((r) => r.order),
            now,
          ),
          total: page.total,
          totalCapped: page.totalCapped,
          limit: filter.limit,
          offset,
          hasNext: page.hasNext,
          nextCursor:
            page.hasNext && last
              ? encodeBookCursor({ side, ...last.position, offset: offset + page.rows.length })
              : null,
        };
        // Serialized here, once per cached page, as the route's serializer would: the schema
        // is checked (and strips what it does not declare), then JSON.
        return { page: list, body: bookBody(list) };
      },
      firstExpiry,
    );
  }

  async mine(userId: string) {
    return toOrderViews(
      this.ctx.db,
      await repo.listOrdersOfUser(this.ctx.db, userId, false),
      this.ctx.clock.now(),
    );
  }

  private async lockOwned(tx: Tx, userId: string, orderId: string): Promise<OrderRow> {
    const order = await repo.lockOrder(tx, orderId);
    if (!order) throw notFound('errors.orderNotFound');
    if (order.userId !== userId) throw new AppError('FORBIDDEN', 'errors.orderNotOwner');
    return order;
  }

  /** Deletes (cancels) an order: the remaining reserve returns; open trades continue. */
  async cancel(userId: string, orderId: string) {
    const now = this.ctx.clock.now();
    const events = await this.ctx.db.transaction(async (tx) => {
      const order = await this.lockOwned(tx, userId, orderId);
      if (order.status !== 'active' && order.status !== 'paused') {
        throw new AppError('ACTION_NOT_AVAILABLE', 'errors.orderAlreadyClosed');
      }
      await this.close(tx, order, 'cancelled', now);
      return orderUpdated(tx, order, 'cancelled', now);
    });
    events.publishTo(this.ctx.notifier);
    return { message: 'Ордер удален' };
  }

  /** Ends a live order (deleted or expired) and releases what is still reserved. */
  async close(tx: Tx, order: OrderRow, status: 'cancelled' | 'expired', now: Date) {
    assert(order.status === 'active' || order.status === 'paused', `closing a ${order.status} order`);
    if (order.type === 'sell' && order.availableAmount > 0n) {
      await ledger.unlock(tx, {
        kind: 'order_release',
        userId: order.userId,
        currency: order.cryptocurrency as Cryptocurrency,
        amount: order.availableAmount,
        ref: { reason: `Order ${status}`, refType: 'order', refId: order.id },
        now,
      });
    }
    await repo.updateOrder(tx, order.id, { status, updatedAt: now });
  }

  async setStatus(userId: string, orderId: string, status: 'active' | 'paused') {
    const now = this.ctx.clock.now();
    const events = await this.ctx.db.transaction(async (tx) => {
      const order = await this.lockOwned(tx, userId, orderId);
      if (order.status !== 'active' && order.status !== 'paused') {
        throw new AppError('ACTION_NOT_AVAILABLE', 'errors.orderClosed');
      }
      if (order.expiresAt && order.expiresAt <= now)
        throw new AppError('ACTION_NOT_AVAILABLE', 'errors.orderExpired');
      await repo.updateOrder(tx, order.id, { status, updatedAt: now });
      return orderUpdated(tx, order, status, now);
    });
    events.publishTo(this.ctx.notifier);
    return this.view(orderId);
  }

  async stats(userId: string, orderId: string) {
    const order = await repo.findOrder(this.ctx.db, orderId);
    if (!order) throw notFound('errors.orderNotFound');
    if (order.userId !== userId) throw new AppError('FORBIDDEN', 'errors.orderNotOwner');
    const s = await repo.orderStats(this.ctx.db, orderId);
    return {
      totalTrades: Number(s?.total ?? 0),
      totalVolumeCrypto: formatCrypto(BigInt(s?.volume ?? '0')),
      activeTrades: Number(s?.active ?? 0),
      completedTrades: Number(s?.completed ?? 0),
      averageTradeAmount: formatCrypto(BigInt(s?.avg ?? '0')),
    };
  }

  /**
   * Scheduler job: expires one due order, passing over `skip`; returns false when none is due.
   * A failure after the claim is a ScheduledItemError.
   */
  async expireOne(now: Date, skip: readonly string[] = []): Promise<boolean> {
    const expired = await runClaimed((claim) =>
      this.ctx.db.transaction(async (tx) => {
        const order = await repo.claimExpiredOrder(tx, now, skip);
        if (!order) return null;
        claim(order.id);
        await this.close(tx, order, 'expired', now);
        return orderUpdated(tx, order, 'expired', now);
      }),
    );
    expired?.publishTo(this.ctx.notifier);
    return expired !== null;
  }

  /**
   * Follows a feed update (docs/decisions/027): every live floating order of a priced pair gets
   * its new price in one statement, the others are paused (all of them while the feed is on its
   * fallback table). When anything changed the book is read again and the market is told.
   */
  async reprice(current: CurrentPrices): Promise<{ repriced: number; paused: number }> {
    const now = this.ctx.clock.now();
    const quotes = current.ok ? pairPrices(current.prices) : [];
    const repriced = await repo.repriceFloating(this.ctx.db, quotes, now);
    const paused = await repo.pauseUnpriced(this.ctx.db, quotes, now);
    if (repriced + paused > 0) {
      this.ctx.bookCache.invalidate();
      const events = new PendingEvents();
      events.toMarket('market:repriced', { updatedAt: current.updatedAt.toISOString() });
      events.publishTo(this.ctx.notifier);
    }
    return { repriced, paused };
  }
}

/**
 * The owner's `order:updated` (their sockets refetch the order; a webhook hears it), written to
 * the outbox in `tx`; the caller publishes it once the transaction committed.
 */
async function orderUpdated(tx: Tx, order: OrderRow, status: OrderRow['status'], now: Date) {
  const events = new PendingEvents();
  events.toUsers([order.userId], 'order:updated', { orderId: order.id, status });
  await events.writeTo(tx, now);
  return events;
}
