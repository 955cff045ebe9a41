import type { CreateOrderRequest, Cryptocurrency, PaymentMethod } from '@p2p/shared';
import { parseAmount } from '@p2p/shared';
import type { AppContext } from '../src/context.ts';
import { balancesOfUser } from '../src/modules/ledger/balances.repository.ts';
import * as ledger from '../src/modules/ledger/ledger.ts';
import { insertUser } from '../src/modules/users/users.repository.ts';
import { auditLedger } from '../src/ops/ledger-audit.ts';
import { servicesOf } from './helpers.ts';

let seq = 0;
/** A unique username per call (tests share one database per file). */
export const uniqueName = (prefix = 'u') => `${prefix}${Date.now().toString(36)}${(seq++).toString(36)}`;

/** The account a test buyer pays from (factory users are named «Тест»): «Я оплатил» names it. */
export const PAYER = { bank: 'sberbank', last4: '1234', name: 'Тест Т.' };
/** `mark_paid`'s payload. */
export const PAID = { payer: PAYER };

/** The authenticator secret of every test user with two-factor on. */
export const TEST_TOTP_SECRET = 'KRSXG5CTMVRXEZLUKRSXG5CTMVRXEZLU';

/**
 * A user. Like the demo users they have two-factor on (with TEST_TOTP_SECRET), since selling
 * and withdrawing need it (docs/decisions/023); `twoFactor: false` makes one who never enrolled.
 */
export async function createUser(
  ctx: AppContext,
  overrides: { username?: string; firstName?: string; twoFactor?: boolean } = {},
) {
  const username = overrides.username ?? uniqueName();
  const user = await insertUser(ctx.db, {
    username,
    firstName: overrides.firstName ?? 'Тест',
    now: ctx.clock.now(),
  });
  if (overrides.twoFactor !== false) {
    await servicesOf(ctx).twoFactor.enrolKnownSecret(ctx.db, user.id, TEST_TOTP_SECRET);
  }
  return user;
}

/**
 * A second-factor code `userId` may give right now: a fresh recovery code of theirs, one per
 * call, so several actions of one user may run at once (a TOTP time step passes only once;
 * the TOTP path has tests of its own).
 */
export async function secondFactor(ctx: AppContext, userId: string): Promise<string> {
  const [code] = await servicesOf(ctx).twoFactor.enrolRecoveryCodes(ctx.db, userId, 1);
  return code as string;
}

/**
 * `n` one-time codes of `userId` for requests sent at once (a TOTP time step passes once, so
 * concurrent money actions of one user each need a code of their own).
 */
export function recoveryCodes(ctx: AppContext, userId: string, n: number): Promise<string[]> {
  return servicesOf(ctx).twoFactor.enrolRecoveryCodes(ctx.db, userId, n);
}

/** Outside money into a user's wallet, through the ledger like an admin credit. */
export async function fund(ctx: AppContext, userId: string, currency: Cryptocurrency, amount: string) {
  await ctx.db.transaction((tx) =>
    ledger.credit(tx, {
      userId,
      currency,
      amount: parseAmount(amount, 8),
      ref: { reason: 'test funding' },
      now: ctx.clock.now(),
    }),
  );
}

export function orderInput(overrides: Partial<CreateOrderRequest> = {}): CreateOrderRequest {
  return {
    type: 'sell',
    cryptocurrency: 'BTC',
    amount_crypto: '1',
    price_per_unit: '5000000',
    price_type: 'fixed',
    fiat_currency: 'RUB',
    payment_methods: ['sberbank', 'tinkoff'],
    time_limit: 30,
    min_amount: '1000',
    ...overrides,
  };
}

export async function createOrder(
  ctx: AppContext,
  userId: string,
  overrides: Partial<CreateOrderRequest> = {},
) {
  return servicesOf(ctx).orders.create(userId, orderInput(overrides));
}

/** A funded seller with a live sell order and a buyer; returns everyone's ids. */
export async function sellOrderScenario(
  ctx: AppContext,
  amount = '1',
  overrides: Partial<CreateOrderRequest> = {},
) {
  const seller = await createUser(ctx);
  const buyer = await createUser(ctx);
  await fund(ctx, seller.id, overrides.cryptocurrency ?? 'BTC', amount);
  const { id: orderId } = await createOrder(ctx, seller.id, { amount_crypto: amount, ...overrides });
  return { seller, buyer, orderId };
}

export async function openTrade(
  ctx: AppContext,
  takerId: string,
  orderId: string,
  amountFiat = '5000',
  paymentMethod: PaymentMethod = 'sberbank',
) {
  const { tradeId } = await servicesOf(ctx).trades.open(takerId, { orderId, amountFiat, paymentMethod });
  return tradeId;
}

/**
 * A 50,000 RUB trade on a 1 BTC sell order, paid by the buyer and disputed by them
 * ("seller not responding"). `beforePaid` runs between opening and "paid" (e.g. send details).
 */
export async function disputedTradeScenario(
  ctx: AppContext,
  opts: {
    details?: string;
    beforePaid?: (s: { sellerId: string; tradeId: string }) => Promise<unknown>;
  } = {},
) {
  const { seller, buyer, orderId } = await sellOrderScenario(ctx, '1');
  const trades = servicesOf(ctx).trades;
  const tradeId = await openTrade(ctx, buyer.id, orderId, '50000');
  await opts.beforePaid?.({ sellerId: seller.id, tradeId });
  await trades.act(buyer.id, tradeId, 'mark_paid', PAID);
  await trades.act(buyer.id, tradeId, 'dispute_trade', {
    reasonId: 'seller_not_responding',
    details: opts.details ?? 'Нет ответа',
  });
  return { seller, buyer, orderId, tradeId, trades };
}

export async function balance(ctx: AppContext, userId: string, currency = 'BTC') {
  const row = (await balancesOfUser(ctx.db, userId)).find((b) => b.currency === currency);
  return { available: row?.available ?? 0n, locked: row?.locked ?? 0n };
}

/** Fails the test with the audit report when any ledger invariant is broken. */
export async function expectLedgerSound(ctx: AppContext) {
  const problems = await auditLedger(ctx.db);
  if (problems.length) throw new Error(`ledger invariants violated:\n${problems.join('\n')}`);
}
