import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';
import { exactRowJson, rowsFromJson } from '../../db/json-rows.ts';
import { type OrderRow, orders, type SwapRow, type swaps } from '../../db/schema.ts';

/** What taking a swap offer reads, under the locks it takes. */
export interface SwapAdmission {
  order: OrderRow;
  takerBlocked: boolean;
  makerBlocked: boolean;
}

/**
 * The offer locked `FOR UPDATE` (two takers of one offer queue here, so it is never oversold)
 * and both users read `FOR SHARE`, as opening a trade does: a block committed meanwhile is
 * waited for, not slipped past. Lock order: order, then users, then balances (the postings).
 */
export async function admitSwapTaker(
  tx: Tx,
  orderId: string,
  takerId: string,
): Promise<SwapAdmission | null> {
  const [row] = await queryRows<{ order: unknown; taker_blocked: boolean; maker_blocked: boolean }>(
    tx,
    sql`SELECT ${exactRowJson(orders, 'o')} AS "order", tk.blocked_at IS NOT NULL AS taker_blocked,
               mk.blocked_at IS NOT NULL AS maker_blocked
        FROM orders o
        JOIN users mk ON mk.id = o.user_id
        JOIN users tk ON tk.id = ${takerId}::uuid
        WHERE o.id = ${orderId}::uuid
        FOR UPDATE OF o FOR SHARE OF mk, tk`,
  );
  if (!row) return null;
  const [order] = rowsFromJson(orders, [row.order]);
  if (!order) return null;
  return { order, takerBlocked: row.taker_blocked, makerBlocked: row.maker_blocked };
}

/**
 * The fill's writes in one statement: the swap row and the offer's remainder, which completes
 * the offer once nothing is left (a swap offer has no trades to wait for) or when `closes`
 * (the remainder, below the smallest fill, was returned to the maker: docs/decisions/038). The
 * remainder is written from the locked row's value, and the CHECKs refuse a negative one as a
 * last line.
 */
export async function writeSwap(
  tx: Tx,
  swap: typeof swaps.$inferInsert & { createdAt: Date },
  { remainder, closes }: { remainder: bigint; closes: boolean },
): Promise<{ swap: SwapRow; orderStatus: OrderRow['status'] }> {
  const [row] = await queryRows<{ status: OrderRow['status'] }>(
    tx,
    sql`WITH s AS (
          INSERT INTO swaps (id, order_id, maker_id, taker_id, cryptocurrency, paid_currency, amount_crypto,
                             amount_paid, fee_amount, price_per_unit, created_at)
          VALUES (${swap.id}::uuid, ${swap.orderId}::uuid, ${swap.makerId}::uuid, ${swap.takerId}::uuid,
                  ${swap.cryptocurrency}, ${swap.paidCurrency}, ${swap.amountCrypto.toString()}::bigint,
                  ${swap.amountPaid.toString()}::bigint, ${swap.feeAmount.toString()}::bigint,
                  ${swap.pricePerUnit.toString()}::bigint, ${swap.createdAt}::timestamptz)
          RETURNING id)
        UPDATE orders SET available_amount = ${remainder.toString()}::bigint,
               status = CASE WHEN ${remainder.toString()}::bigint = 0 OR ${closes}::boolean THEN 'completed'
                             ELSE status END,
               updated_at = ${swap.createdAt}::timestamptz
        WHERE id = ${swap.orderId}::uuid AND EXISTS (SELECT 1 FROM s)
        RETURNING status`,
  );
  if (!row) throw new Error(`swap ${swap.id} wrote no order update`);
  return { swap: { ...swap, createdAt: swap.createdAt } as SwapRow, orderStatus: row.status };
}
