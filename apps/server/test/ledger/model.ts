import { cryptoForFiat, feeFor, nextState, type TradeStatus, type UserAction } from '@p2p/shared';

/**
 * A small in-memory model of the money core (docs/ARCHITECTURE.md, Data) for the property test. It says
 * whether each operation must succeed and what every balance must be afterwards. It is
 * written from the documented rules, not from the services: where the two disagree, the test fails.
 */

export type Currency = 'BTC' | 'ETH';
const MINUTE = 60_000;
const ORDER_LIFETIME_MS = 30 * 24 * 60 * MINUTE;
const WINDOW_MS = 15 * MINUTE;

export interface ModelOrder {
  id: string;
  owner: number;
  type: 'buy' | 'sell';
  currency: Currency;
  amount: bigint;
  available: bigint;
  price: bigint;
  min: bigint;
  max: bigint;
  methods: string[];
  timeLimit: number;
  status: 'active' | 'paused' | 'completed' | 'cancelled' | 'expired';
  expiresAt: number;
}

export interface ModelTrade {
  id: string;
  order: ModelOrder;
  buyer: number;
  seller: number;
  amount: bigint;
  status: TradeStatus;
  paymentDeadline: number;
  autoReleaseAt: number | null;
  settled: boolean;
}

interface Account {
  available: bigint;
  locked: bigint;
  /**
   * Flows, to check the model's own books: total = credits - debits - sold + bought - fees
   * - withdrawn + transferredIn - transferredOut (fees: on trades bought and withdrawals sent).
   */
  credits: bigint;
  debits: bigint;
  sold: bigint;
  bought: bigint;
  fees: bigint;
  withdrawn: bigint;
  transferredIn: bigint;
  transferredOut: bigint;
}

const isLive = (o: ModelOrder) => o.status === 'active' || o.status === 'paused';

export class Model {
  readonly orders: ModelOrder[] = [];
  readonly trades: ModelTrade[] = [];
  private readonly accounts = new Map<string, Account>();
  fees: Record<Currency, bigint> = { BTC: 0n, ETH: 0n };
  external: Record<Currency, bigint> = { BTC: 0n, ETH: 0n };

  constructor(
    readonly userCount: number,
    private readonly feePpm: bigint,
  ) {}

  account(user: number, currency: Currency): Account {
    const key = `${user}|${currency}`;
    let a = this.accounts.get(key);
    if (!a) {
      a = {
        available: 0n,
        locked: 0n,
        credits: 0n,
        debits: 0n,
        sold: 0n,
        bought: 0n,
        fees: 0n,
        withdrawn: 0n,
        transferredIn: 0n,
        transferredOut: 0n,
      };
      this.accounts.set(key, a);
    }
    return a;
  }

  credit(user: number, currency: Currency, amount: bigint): boolean {
    const a = this.account(user, currency);
    a.available += amount;
    a.credits += amount;
    this.external[currency] -= amount;
    return true;
  }

  debit(user: number, currency: Currency, amount: bigint): boolean {
    const a = this.account(user, currency);
    if (amount > a.available) return false;
    a.available -= amount;
    a.debits += amount;
    this.external[currency] += amount;
    return true;
  }

  /** Whether publishing is allowed; the caller adds the order with its id once it exists. */
  canPublish(user: number, type: 'buy' | 'sell', currency: Currency, amount: bigint): boolean {
    return type === 'buy' || amount <= this.account(user, currency).available;
  }

  addOrder(order: Omit<ModelOrder, 'available' | 'status' | 'expiresAt'>, now: number): ModelOrder {
    const o: ModelOrder = {
      ...order,
      available: order.amount,
      status: 'active',
      expiresAt: now + ORDER_LIFETIME_MS,
    };
    if (o.type === 'sell') this.move(o.owner, o.currency, o.amount);
    this.orders.push(o);
    return o;
  }

  /** Whether a trade on `order` for `fiat` by `taker` must open, and the crypto it takes. */
  canOpen(order: ModelOrder, taker: number, fiat: bigint, method: string, now: number) {
    if (order.owner === taker) return null;
    if (order.status !== 'active' || order.expiresAt <= now) return null;
    if (!order.methods.includes(method)) return null;
    if (fiat <= 0n || fiat < order.min || fiat > order.max) return null;
    const crypto = cryptoForFiat(fiat, order.price);
    if (crypto <= 0n || crypto > order.available) return null;
    if (order.type === 'buy' && this.account(taker, order.currency).available < crypto) return null;
    return crypto;
  }

  addTrade(id: string, order: ModelOrder, taker: number, crypto: bigint, now: number): ModelTrade {
    const sell = order.type === 'sell';
    const trade: ModelTrade = {
      id,
      order,
      buyer: sell ? taker : order.owner,
      seller: sell ? order.owner : taker,
      amount: crypto,
      status: 'ESCROW_LOCKED',
      paymentDeadline: now + order.timeLimit * MINUTE,
      autoReleaseAt: null,
      settled: false,
    };
    order.available -= crypto;
    if (!sell) this.move(taker, order.currency, crypto);
    this.trades.push(trade);
    return trade;
  }

  /** The status a user action leads to, or null when it must be refused. */
  allows(trade: ModelTrade, user: number, action: UserAction, now: number): TradeStatus | null {
    const role = trade.buyer === user ? 'buyer' : trade.seller === user ? 'seller' : null;
    if (!role) return null;
    if (action === 'mark_paid' && now >= trade.paymentDeadline) return null;
    return nextState(trade.status, action, role);
  }

  /** Applies a user action the model allows; returns false (and changes nothing) otherwise. */
  act(trade: ModelTrade, user: number, action: UserAction, now: number): boolean {
    const to = this.allows(trade, user, action, now);
    if (!to) return false;
    if (action === 'confirm_payment') trade.autoReleaseAt = now + WINDOW_MS;
    this.settle(trade, to);
    return true;
  }

  private settle(trade: ModelTrade, to: TradeStatus) {
    trade.status = to;
    if (to === 'COMPLETED') this.release(trade);
    if (to === 'CANCELLED') this.refund(trade);
  }

  private release(trade: ModelTrade) {
    const { order, amount } = trade;
    const fee = feeFor(amount, this.feePpm);
    const seller = this.account(trade.seller, order.currency);
    const buyer = this.account(trade.buyer, order.currency);
    seller.locked -= amount;
    seller.sold += amount;
    buyer.available += amount - fee;
    buyer.bought += amount;
    buyer.fees += fee;
    this.fees[order.currency] += fee;
    const open = this.trades.filter((t) => t.order === order && !t.settled).length;
    trade.settled = true;
    if (order.available === 0n && isLive(order) && open <= 1) order.status = 'completed';
  }

  private refund(trade: ModelTrade) {
    const { order } = trade;
    const toReserve = order.type === 'sell' && isLive(order);
    if (!toReserve) this.unmove(trade.seller, order.currency, trade.amount);
    order.available += trade.amount;
    trade.settled = true;
  }

  canDelete = (order: ModelOrder, user: number) => user === order.owner && isLive(order);

  deleteOrder(order: ModelOrder, user: number): boolean {
    if (!this.canDelete(order, user)) return false;
    this.close(order, 'cancelled');
    return true;
  }

  canSetStatus = (order: ModelOrder, user: number, now: number) =>
    user === order.owner && isLive(order) && order.expiresAt > now;

  setStatus(order: ModelOrder, user: number, status: 'active' | 'paused', now: number): boolean {
    if (!this.canSetStatus(order, user, now)) return false;
    order.status = status;
    return true;
  }

  /** One scheduler tick at `now`: expiries, then auto-releases, then order expiry. */
  tick(now: number) {
    const due = (t: ModelTrade) => t.status === 'ESCROW_LOCKED' && t.paymentDeadline <= now;
    const expired = this.trades.filter(due);
    for (const t of expired) this.settle(t, 'CANCELLED');
    const releasing = this.trades.filter(
      (t) => t.status === 'PAYMENT_CONFIRMED' && t.autoReleaseAt !== null && t.autoReleaseAt <= now,
    );
    for (const t of releasing) this.settle(t, 'COMPLETED');
    const ending = this.orders.filter((o) => isLive(o) && o.expiresAt <= now);
    for (const o of ending) this.close(o, 'expired');
    return { expired: expired.length, released: releasing.length, ordersExpired: ending.length };
  }

  private close(order: ModelOrder, status: 'cancelled' | 'expired') {
    if (order.type === 'sell' && order.available > 0n)
      this.unmove(order.owner, order.currency, order.available);
    order.status = status;
  }

  /** available -> locked */
  private move(user: number, currency: Currency, amount: bigint) {
    const a = this.account(user, currency);
    a.available -= amount;
    a.locked += amount;
  }

  private unmove(user: number, currency: Currency, amount: bigint) {
    const a = this.account(user, currency);
    a.locked -= amount;
    a.available += amount;
  }

  /** Every account as [user, currency, account]. */
  entries(): [number, Currency, Account][] {
    return [...this.accounts.entries()].map(([key, a]) => {
      const [user, currency] = key.split('|') as [string, Currency];
      return [Number(user), currency, a];
    });
  }
}
