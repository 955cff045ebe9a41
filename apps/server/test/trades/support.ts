import type { TradeDetails } from '@p2p/shared';
import { expect } from 'vitest';
import type { AppContext } from '../../src/context.ts';
import {
  createOrder,
  createUser,
  fund,
  openTrade,
  PAID,
  secondFactor,
  sellOrderScenario,
} from '../factories.ts';
import type { TestApp } from '../helpers.ts';
import { servicesOf } from '../helpers.ts';

/** A dispute payload valid for both roles. */
export const DISPUTE = { reasonId: 'other', details: 'Оплата не дошла до продавца, прошу разобраться' };

export type Role = 'buyer' | 'seller';
export type Reachable =
  | 'ESCROW_LOCKED'
  | 'PAYMENT_PENDING'
  | 'PAYMENT_CONFIRMED'
  | 'DISPUTED'
  | 'COMPLETED'
  | 'CANCELLED';

/** The shortest path of user actions from a fresh trade to each status. */
const PATHS: Record<Reachable, [Role, string][]> = {
  ESCROW_LOCKED: [],
  PAYMENT_PENDING: [['buyer', 'mark_paid']],
  PAYMENT_CONFIRMED: [
    ['buyer', 'mark_paid'],
    ['seller', 'confirm_payment'],
  ],
  DISPUTED: [
    ['buyer', 'mark_paid'],
    ['buyer', 'dispute_trade'],
  ],
  COMPLETED: [
    ['buyer', 'mark_paid'],
    ['seller', 'confirm_payment'],
    ['seller', 'release_crypto'],
  ],
  CANCELLED: [['buyer', 'cancel_trade']],
};

/**
 * HTTP helpers over `app.inject`. Bearer tokens are issued straight from the session
 * service for any user id, and reissued when the manual clock has moved (tokens live 15 min).
 */
export function api(t: TestApp) {
  const cache = new Map<string, { at: number; authorization: string }>();
  async function auth(userId: string) {
    const now = t.clock.now().getTime();
    const hit = cache.get(userId);
    if (hit && now >= hit.at && now - hit.at < 5 * 60_000) return { authorization: hit.authorization };
    const tokens = await t.ctx.sessions.start('user', userId);
    const authorization = `Bearer ${tokens.accessToken}`;
    cache.set(userId, { at: now, authorization });
    return { authorization };
  }
  async function call(
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    userId: string | null,
    payload?: unknown,
    headers: Record<string, string> = {},
  ) {
    const authHeaders = userId ? await auth(userId) : {};
    return t.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: { ...authHeaders, ...headers },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  }
  return {
    auth,
    get: (url: string, userId: string | null) => call('GET', url, userId),
    post: (url: string, userId: string, payload?: unknown, headers?: Record<string, string>) =>
      call('POST', url, userId, payload, headers),
    put: (url: string, userId: string, payload?: unknown) => call('PUT', url, userId, payload),
    patch: (url: string, userId: string, payload?: unknown) => call('PATCH', url, userId, payload),
    del: (url: string, userId: string) => call('DELETE', url, userId),
    /**
     * POST /trades/{id}/actions. A confirmation carries a fresh code of the seller's unless
     * the payload says `totpCode` itself (even as undefined: none sent).
     */
    act: async (tradeId: string, userId: string, action: string, payload: Record<string, unknown> = {}) => {
      const code =
        action === 'confirm_payment' && !('totpCode' in payload)
          ? { totpCode: await secondFactor(t.ctx, userId) }
          : action === 'mark_paid' && !('payer' in payload)
            ? PAID
            : {};
      return call('POST', `/trades/${tradeId}/actions`, userId, { action, payload: { ...code, ...payload } });
    },
    /** GET /trades/{id} as a party, asserting 200. */
    async trade(tradeId: string, userId: string): Promise<TradeDetails> {
      const res = await call('GET', `/trades/${tradeId}`, userId);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data as TradeDetails;
    },
  };
}

export type Api = ReturnType<typeof api>;

/**
 * What a party sends with `action` on a path: a dispute's reason, the seller's second-factor
 * code with a confirmation.
 */
export async function payloadOf(ctx: AppContext, action: string, userId: string) {
  if (action === 'dispute_trade') return DISPUTE;
  if (action === 'mark_paid') return PAID;
  if (action === 'confirm_payment') return { totpCode: await secondFactor(ctx, userId) };
  return {};
}

/** Drives a trade through the service, as its parties would, to `status`. */
export async function drive(
  t: TestApp,
  trade: { tradeId: string; buyerId: string; sellerId: string },
  status: Reachable,
) {
  const service = servicesOf(t.ctx).trades;
  for (const [role, action] of PATHS[status]) {
    const userId = role === 'buyer' ? trade.buyerId : trade.sellerId;
    await service.act(userId, trade.tradeId, action, await payloadOf(t.ctx, action, userId));
  }
}

/**
 * A fresh seller with a 0.1 BTC sell order at 5 000 000 ₽, a fresh buyer, and one trade of
 * 50 000 ₽ (0.01 BTC) on it, driven to `status`.
 */
export async function sellTradeIn(t: TestApp, status: Reachable) {
  const { seller, buyer, orderId } = await sellOrderScenario(t.ctx, '0.1');
  const tradeId = await openTrade(t.ctx, buyer.id, orderId, '50000');
  const trade = { tradeId, orderId, buyerId: buyer.id, sellerId: seller.id };
  await drive(t, trade, status);
  return trade;
}

/** A buy order of `amount` BTC at 5 000 000 ₽ by a fresh owner, and a fresh taker funded with `takerFunds`. */
export async function buyOrderScenario(t: TestApp, amount = '0.1', takerFunds = '0.05') {
  const owner = await createUser(t.ctx);
  const taker = await createUser(t.ctx);
  if (takerFunds !== '0') await fund(t.ctx, taker.id, 'BTC', takerFunds);
  const { id: orderId } = await createOrder(t.ctx, owner.id, { type: 'buy', amount_crypto: amount });
  return { ownerId: owner.id, takerId: taker.id, orderId };
}

/** Number of trade rows on an order, read through the owner's order-trades listing. */
export async function tradesOnOrder(http: Api, orderId: string, ownerId: string): Promise<number> {
  const res = await http.get(`/orders/${orderId}/trades`, ownerId);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.total as number;
}

/** A fresh seller funded with 1 BTC and selling all of it (at least `minAmount` ₽ a trade when given). */
export async function fundedSellOrder(t: TestApp, minAmount?: string) {
  const seller = await createUser(t.ctx);
  await fund(t.ctx, seller.id, 'BTC', '1');
  const { id } = await createOrder(t.ctx, seller.id, {
    amount_crypto: '1',
    ...(minAmount ? { min_amount: minAmount } : {}),
  });
  return { sellerId: seller.id, orderId: id };
}

/** One trade of `buyerId` on the order, taken to completion through the API; answers its id. */
export async function completedTrade(
  http: Api,
  buyerId: string,
  order: { sellerId: string; orderId: string },
  amountFiat: string,
): Promise<string> {
  const res = await http.post('/trades', buyerId, {
    orderId: order.orderId,
    amountFiat,
    paymentMethod: 'sberbank',
  });
  expect(res.statusCode, res.body).toBe(200);
  const tradeId = res.json().tradeId as string;
  for (const [who, action] of [
    [buyerId, 'mark_paid'],
    [order.sellerId, 'confirm_payment'],
    [order.sellerId, 'release_crypto'],
  ] as const) {
    const acted = await http.act(tradeId, who, action);
    expect(acted.statusCode, acted.body).toBe(200);
  }
  return tradeId;
}
