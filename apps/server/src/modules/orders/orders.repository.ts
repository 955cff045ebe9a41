import { and, asc, desc, eq, gt, inArray, lte, notInArray, sql } from 'drizzle-orm';
import { type Executor, queryRows, type Tx } from '../../db/client.ts';
import { type OrderRow, orders, trades, users } from '../../db/schema.ts';

export type NewOrder = typeof orders.$inferInsert;

export async function insertOrder(tx: Tx, values: NewOrder): Promise<OrderRow> {
  const [row] = await tx.insert(orders).values(values).returning();
  if (!row) throw new Error('order insert returned nothing');
  return row;
}

export async function findOrder(db: Executor, id: string): Promise<OrderRow | null> {
  const [row] = await db.select().from(orders).where(eq(orders.id, id));
  return row ?? null;
}

/** Locks the order row for the rest of the transaction. */
export async function lockOrder(tx: Tx, id: string): Promise<OrderRow | null> {
  const [row] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
  return row ?? null;
}

export async function updateOrder(tx: Tx, id: string, patch: Partial<NewOrder>): Promise<OrderRow> {
  const [row] = await tx.update(orders).set(patch).where(eq(orders.id, id)).returning();
  if (!row) throw new Error('order update matched nothing');
  return row;
}

export interface BookFilter {
  type?: 'buy' | 'sell' | undefined;
  cryptocurrency?: string | undefined;
  fiatCurrency?: string | undefined;
  paymentMethod?: string | undefined;
  limit: number;
  offset: number;
}

/** The public book: active orders with something left; best price first for the taker. */
export async function listBook(db: Executor, f: BookFilter, now: Date) {
  const conditions = [
    eq(orders.status, 'active'),
    gt(orders.availableAmount, 0n),
    // A remainder worth less than the order's minimum limit can never be taken: not shown.
    sql`(${orders.availableAmount}::numeric * ${orders.pricePerUnit}) / 100000000 >= ${orders.minAmount}`,
    sql`(${orders.expiresAt} IS NULL OR ${orders.expiresAt} > ${now})`,
  ];
  if (f.type) conditions.push(eq(orders.type, f.type));
  if (f.cryptocurrency) conditions.push(eq(orders.cryptocurrency, f.cryptocurrency));
  if (f.fiatCurrency) conditions.push(eq(orders.fiatCurrency, f.fiatCurrency));
  if (f.paymentMethod) conditions.push(sql`${orders.paymentMethods} @> ARRAY[${f.paymentMethod}]::text[]`);
  const where = and(...conditions);
  // Best price for the taker: buy offers highest first, sell offers cheapest first.
  const byPrice = f.type === 'buy' ? desc(orders.pricePerUnit) : asc(orders.pricePerUnit);
  const rows = await db
    .select()
    .from(orders)
    .where(where)
    .orderBy(byPrice, asc(orders.createdAt))
    .limit(f.limit)
    .offset(f.offset);
  const [count] = await db.select({ n: sql<string>`COUNT(*)` }).from(orders).where(where);
  return { rows, total: Number(count?.n ?? 0) };
}

export async function listOrdersOfUser(db: Executor, userId: string, includeCancelled: boolean) {
  const conditions = [eq(orders.userId, userId)];
  if (!includeCancelled) conditions.push(sql`${orders.status} <> 'cancelled'`);
  return db
    .select()
    .from(orders)
    .where(and(...conditions))
    .orderBy(desc(orders.createdAt))
    .limit(200);
}

export async function ownersOf(db: Executor, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(users)
    .where(inArray(users.id, [...new Set(ids)]));
}

export async function completedTradesPerOrder(
  db: Executor,
  orderIds: string[],
): Promise<Map<string, number>> {
  const map = new Map<string, number>();
  if (orderIds.length === 0) return map;
  const rows = await db
    .select({ orderId: trades.orderId, n: sql<string>`COUNT(*)` })
    .from(trades)
    .where(and(inArray(trades.orderId, orderIds), eq(trades.status, 'COMPLETED')))
    .groupBy(trades.orderId);
  for (const r of rows) map.set(r.orderId, Number(r.n));
  return map;
}

export async function orderStats(db: Executor, orderId: string) {
  const [row] = await queryRows<{
    total: string;
    volume: string;
    active: string;
    completed: string;
    avg: string;
  }>(
    db,
    sql`SELECT COUNT(*)::text AS total,
               COALESCE(SUM(amount_crypto) FILTER (WHERE status = 'COMPLETED'), 0)::text AS volume,
               COUNT(*) FILTER (WHERE settlement IS NULL)::text AS active,
               COUNT(*) FILTER (WHERE status = 'COMPLETED')::text AS completed,
               COALESCE(AVG(amount_crypto) FILTER (WHERE status <> 'CANCELLED'), 0)::numeric(30,0)::text AS avg
        FROM trades WHERE order_id = ${orderId}`,
  );
  return row;
}

/** Live orders past their expiry, claimed one at a time by any instance. */
export async function claimExpiredOrder(
  tx: Tx,
  now: Date,
  skip: readonly string[] = [],
): Promise<OrderRow | null> {
  const due = and(inArray(orders.status, ['active', 'paused']), lte(orders.expiresAt, now));
  const [row] = await tx
    .select()
    .from(orders)
    .where(skip.length > 0 ? and(due, notInArray(orders.id, [...skip])) : due)
    .orderBy(asc(orders.expiresAt))
    .limit(1)
    .for('update', { skipLocked: true });
  return row ?? null;
}
