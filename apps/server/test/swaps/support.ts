import { sql } from 'drizzle-orm';
import type { AppContext } from '../../src/context.ts';
import { queryRows } from '../../src/db/client.ts';
import { FEE_ACCOUNT_SQL } from '../../src/modules/ledger/ledger.ts';
import { secondFactor } from '../factories.ts';
import type { TestApp } from '../helpers.ts';
import { api } from '../trades/support.ts';

/** A swap offer: 0.5 BTC for USDT at 97 000 USDT per BTC (the stub's market is about 97 104). */
export const SWAP_OFFER = {
  type: 'sell',
  cryptocurrency: 'BTC',
  fiat_currency: 'USDT',
  amount_crypto: '0.5',
  price_per_unit: '97000',
} as const;

/** HTTP helpers for swaps: publish an offer and take one, each with a fresh code unless told. */
export function swapApi(t: TestApp) {
  const http = api(t);
  return {
    http,
    async publish(userId: string, overrides: Record<string, unknown> = {}) {
      const code = 'totp_code' in overrides ? {} : { totp_code: await secondFactor(t.ctx, userId) };
      return http.post('/orders', userId, { ...SWAP_OFFER, ...code, ...overrides });
    },
    async take(userId: string, orderId: string, body: Record<string, unknown>) {
      const code = 'totp_code' in body ? {} : { totp_code: await secondFactor(t.ctx, userId) };
      return http.post(`/orders/${orderId}/swap`, userId, { ...code, ...body });
    },
  };
}

/** The platform's fee balance of a currency, over every fee account. */
export async function feeBalance(ctx: AppContext, currency: string): Promise<bigint> {
  const [row] = await queryRows<{ total: string }>(
    ctx.db,
    sql`SELECT COALESCE(SUM(available), 0)::text AS total FROM balances
        WHERE ${sql.raw(FEE_ACCOUNT_SQL('account'))} AND currency = ${currency}`,
  );
  return BigInt(row?.total ?? '0');
}

/** How many swaps and orders exist: a refusal must leave both as they were. */
export async function counts(ctx: AppContext) {
  const [row] = await queryRows<{ swaps: string; orders: string; postings: string }>(
    ctx.db,
    sql`SELECT (SELECT COUNT(*) FROM swaps)::text AS swaps, (SELECT COUNT(*) FROM orders)::text AS orders,
               (SELECT COUNT(*) FROM ledger_transactions)::text AS postings`,
  );
  return row;
}
