import { and, asc, desc, eq, inArray, lte, notInArray, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { type Executor, queryRows, type Tx } from '../../db/client.ts';
import { rowsFromJson } from '../../db/json-rows.ts';
import { type OrderRow, orders, type UserRow, userSettings, userStats, users } from '../../db/schema.ts';
import { counted30d, reputationFields, type ShownFigures } from '../users/index.ts';
import { type BookPosition, microsecondsToIso } from './book-cursor.ts';

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
  /** Orders to skip; 0 when the page is asked for by `after`. */
  offset: number;
  /** Keyset paging: the page starts after this order (docs/decisions/022). */
  after?: BookPosition | undefined;
}

/** An order of a book page, with its exact keyset position. */
export interface BookRow {
  order: OrderRow;
  position: BookPosition;
}

/** The book counts matching orders only this far (plus the page asked for); more reads "1000+". */
export const BOOK_COUNT_CAP = 1000;

/**
 * The public book: active orders worth taking, best price first for the taker, and how many
 * there are, counted no further than BOOK_COUNT_CAP past the page (one statement; the count
 * is an uncorrelated subquery run once). With `after` the page starts at that order, whatever
 * its depth (keyset, docs/decisions/022).
 *
 * Fixed-price and floating orders are read apart and merged (docs/decisions/046): the fixed ones
 * by an index scan of the partial indexes of migration 0056 in the page's order, stopping at the
 * page's end (docs/decisions/019); the floating ones, whose price is rewritten on every feed
 * update and so is in no index, found by their filter's index and sorted by price when read.
 */
export async function listBook(db: Executor, f: BookFilter, now: Date) {
  // The partial indexes' own conditions are written as literals, not parameters, so that
  // a plan made without the values (a generic plan) can still use them.
  const conditions = [
    sql`${orders.status} = 'active'`,
    // Something left, worth at least the order's minimum limit (else it can never be taken).
    sql`${orders.tradable}`,
    // The owner is around (docs/decisions/028): an absent owner's orders wait out of the book.
    sql`NOT ${orders.ownerAway}`,
    sql`(${orders.expiresAt} IS NULL OR ${orders.expiresAt} > ${now})`,
  ];
  if (f.type) conditions.push(f.type === 'buy' ? sql`${orders.type} = 'buy'` : sql`${orders.type} = 'sell'`);
  if (f.cryptocurrency) conditions.push(eq(orders.cryptocurrency, f.cryptocurrency));
  if (f.fiatCurrency) conditions.push(eq(orders.fiatCurrency, f.fiatCurrency));
  if (f.paymentMethod) conditions.push(sql`${orders.paymentMethods} @> ARRAY[${f.paymentMethod}]::text[]`);
  const fixed = and(...conditions, sql`${orders.priceType} = 'fixed'`);
  const floating = and(...conditions, sql`${orders.priceType} = 'floating'`);
  // Counting one past the cap (or past this page) says how many there are in all.
  const cap = Math.max(BOOK_COUNT_CAP, f.offset + f.limit);
  const counted = sql<string>`(SELECT COUNT(*) FROM (
    (SELECT 1 FROM ${orders} WHERE ${fixed} LIMIT ${cap + 1})
    UNION ALL (SELECT 1 FROM ${orders} WHERE ${floating} LIMIT ${cap + 1})) capped)`;
  // Best price for the taker: buy offers highest first, sell offers cheapest first; then the
  // older offer, then the id, so that every order has one place (the keyset's order).
  const descending = f.type === 'buy';
  // Each part holds at most what the page can take of it: the rows before it, the page and one,
  // with the key it is ordered by as `sort_price` (a fixed order's book_price is its price).
  const part = (where: SQL | undefined, price: typeof orders.pricePerUnit | typeof orders.bookPrice) =>
    sql`(SELECT ${orders}.*, ${price} AS sort_price FROM ${orders}
      WHERE ${f.after ? and(where, afterPosition(f.after, descending, price)) : where}
      ORDER BY ${price} ${descending ? sql`DESC` : sql`ASC`}, ${orders.createdAt}, ${orders.id}
      LIMIT ${f.offset + f.limit + 1})`;
  // The two parts merged in the book's order: one more than the page says whether another follows.
  const raw = await queryRows<Record<string, unknown> & { counted: string; created_us: string }>(
    db,
    sql`SELECT book.*, ${counted} AS counted,
          (extract(epoch from book.created_at) * 1000000)::bigint::text AS created_us
        FROM (${part(fixed, orders.bookPrice)} UNION ALL ${part(floating, orders.pricePerUnit)}) book
        ORDER BY book.sort_price ${descending ? sql`DESC` : sql`ASC`}, book.created_at, book.id
        LIMIT ${f.limit + 1} OFFSET ${f.offset}`,
  );
  const found = rowsFromJson(orders, raw);
  const page = raw.map((r, i) => ({
    order: found[i] as OrderRow,
    counted: r.counted,
    createdUs: r.created_us,
  }));
  const rows = page.slice(0, f.limit);
  // A page past the end has no row to carry the count: counted on its own (rare).
  const n = page[0]
    ? Number(page[0].counted)
    : Number((await db.select({ counted }).from(sql`(SELECT 1) one`))[0]?.counted ?? 0);
  return {
    rows: rows.map(
      (r): BookRow => ({
        order: r.order,
        position: { price: String(r.order.pricePerUnit), createdUs: r.createdUs, id: r.order.id },
      }),
    ),
    total: Math.min(n, cap),
    totalCapped: n > cap,
    hasNext: page.length > f.limit,
  };
}

/**
 * Whether `o` is in the public book at `now`: the conditions `listBook` puts on every page, on
 * one row already read (docs/decisions/044).
 */
export function inBook(o: OrderRow, now: Date): boolean {
  return (
    o.status === 'active' &&
    o.tradable &&
    !o.ownerAway &&
    (o.expiresAt === null || o.expiresAt.getTime() > now.getTime())
  );
}

/**
 * Orders after `p` in the book's order, by `price` (a fixed order's `book_price`, which its
 * indexes hold, or the price itself). The price bound alone is an index condition (the scan
 * starts at the cursor's price); the rest settles ties within that price.
 */
function afterPosition(
  p: BookPosition,
  descending: boolean,
  price: typeof orders.pricePerUnit | typeof orders.bookPrice,
) {
  const createdAt = microsecondsToIso(p.createdUs);
  const at = sql`${p.price}::bigint`;
  const beyond = descending ? sql`${price} < ${at}` : sql`${price} > ${at}`;
  const bound = descending ? sql`${price} <= ${at}` : sql`${price} >= ${at}`;
  return sql`(${bound} AND (${beyond} OR (${price} = ${at}
    AND (${orders.createdAt}, ${orders.id}) > (${createdAt}::timestamptz, ${p.id}::uuid))))`;
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

/** An order's owner as the book shows them: profile, reputation counters, privacy, partner rule. */
export interface OrderOwner {
  user: UserRow;
  reputation: ShownFigures;
  showOnline: boolean;
  /** Trades completed in the 30 days before `now`, either side. */
  trades30d: number;
  /** The owner's minimum partner rating (tenths; 0: none) and whether unrated takers pass. */
  minRatingTenths: number;
  allowUnrated: boolean;
}

/**
 * Owners of orders with their reputation, 30-day trades, presence setting and partner rule, in
 * one statement (a page's owners: at most a page of counter rows and 30-day counts).
 */
export async function orderOwners(db: Executor, ids: string[], now: Date): Promise<Map<string, OrderOwner>> {
  const result = new Map<string, OrderOwner>();
  if (ids.length === 0) return result;
  const rows = await db
    .select(ownerFields(now))
    .from(users)
    .leftJoin(ownerStats, eq(ownerStats.userId, users.id))
    .leftJoin(userSettings, eq(userSettings.userId, users.id))
    .where(inArray(users.id, [...new Set(ids)]));
  for (const r of rows) result.set(r.user.id, toOrderOwner(r));
  return result;
}

/** The owner's counters, joined as `s` (what `reputationFields` reads). */
const ownerStats = alias(userStats, 's');

/** What the book shows of an order's owner, selected with `users`, `s` and `user_settings` joined. */
const ownerFields = (now: Date) => ({
  user: users,
  reputation: reputationFields(now),
  showOnline: userSettings.showOnline,
  trades30d: counted30d(users.id, now),
  minRatingTenths: userSettings.minRatingTenths,
  allowUnrated: userSettings.allowUnrated,
});

/** Without a settings row the defaults apply: presence is shown, no minimum rating. */
function toOrderOwner(r: {
  user: UserRow;
  reputation: OrderOwner['reputation'];
  showOnline: boolean | null;
  trades30d: unknown;
  minRatingTenths: number | null;
  allowUnrated: boolean | null;
}): OrderOwner {
  return {
    ...r,
    showOnline: r.showOnline ?? true,
    trades30d: Number(r.trades30d),
    minRatingTenths: r.minRatingTenths ?? 0,
    allowUnrated: r.allowUnrated ?? true,
  };
}

/**
 * Orders with their owners as the book shows them, in one statement: what the book cache reads
 * again for a changed order (docs/decisions/044).
 */
export async function ordersWithOwners(
  db: Executor,
  ids: readonly string[],
  now: Date,
): Promise<{ order: OrderRow; owner: OrderOwner }[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ order: orders, ...ownerFields(now) })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .leftJoin(ownerStats, eq(ownerStats.userId, users.id))
    .leftJoin(userSettings, eq(userSettings.userId, users.id))
    .where(inArray(orders.id, [...ids]));
  return rows.map(({ order, ...r }) => ({ order, owner: toOrderOwner(r) }));
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

/** The market price of one coin in one currency of payment, in that currency's minor units. */
export interface PairPrice {
  crypto: string;
  payIn: string;
  price: bigint;
}

/**
 * Reprices every live floating order of the priced pairs in one statement (docs/decisions/027):
 * the market price moved by the order's margin, rounded down, held at its guard, at least one
 * minor unit — shared `floatingPrice` in SQL. Only orders whose price or pause changes are
 * written. Returns how many were.
 */
export async function repriceFloating(
  db: Executor,
  quotes: readonly PairPrice[],
  now: Date,
): Promise<number> {
  if (quotes.length === 0) return 0;
  const values = sql.join(
    quotes.map((q) => sql`(${q.crypto}, ${q.payIn}, ${String(q.price)}::bigint)`),
    sql`, `,
  );
  const base = sql`(m.price * (10000 + o.margin_bp)) / 10000`;
  const effective = sql`GREATEST(1, CASE
      WHEN o.price_limit IS NULL THEN ${base}
      WHEN o.type = 'sell' THEN GREATEST(${base}, o.price_limit)
      ELSE LEAST(${base}, o.price_limit) END)`;
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`WITH repriced AS (
          UPDATE orders o SET price_per_unit = ${effective}, market_paused = false, updated_at = ${now}
          FROM (VALUES ${values}) AS m(crypto, pay_in, price)
          WHERE o.price_type = 'floating' AND o.status IN ('active', 'paused')
            AND o.cryptocurrency = m.crypto AND o.fiat_currency = m.pay_in
            AND (o.price_per_unit <> ${effective} OR o.market_paused)
          RETURNING 1)
        SELECT COUNT(*)::int AS n FROM repriced`,
  );
  return row?.n ?? 0;
}

/**
 * Pauses the live floating orders of every pair without a market price (all of them while the
 * feed is on its fallback table). Returns how many were paused now.
 */
export async function pauseUnpriced(db: Executor, priced: readonly PairPrice[], now: Date): Promise<number> {
  const conditions = [
    sql`price_type = 'floating'`,
    sql`status IN ('active', 'paused')`,
    sql`NOT market_paused`,
  ];
  if (priced.length > 0) {
    const pairs = sql.join(
      priced.map((q) => sql`(${q.crypto}, ${q.payIn})`),
      sql`, `,
    );
    conditions.push(sql`(cryptocurrency, fiat_currency) NOT IN (${pairs})`);
  }
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`WITH paused AS (
          UPDATE orders SET market_paused = true, updated_at = ${now}
          WHERE ${sql.join(conditions, sql` AND `)} RETURNING 1)
        SELECT COUNT(*)::int AS n FROM paused`,
  );
  return row?.n ?? 0;
}

/**
 * Marks `owner_away` on the live orders of owners who asked to hide them and have not been seen
 * for longer than they said (docs/decisions/028), in one statement; returns how many orders
 * left the book. An owner never seen counts from their account's creation.
 */
export async function markAbsentOwnersAway(db: Executor, now: Date): Promise<number> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`UPDATE orders o SET owner_away = true
        FROM user_settings s JOIN users u ON u.id = s.user_id
        WHERE s.hide_orders_away_minutes IS NOT NULL
          AND o.user_id = s.user_id AND o.status IN ('active', 'paused') AND NOT o.owner_away
          AND COALESCE(u.last_seen_at, u.created_at)
              < ${now}::timestamptz - make_interval(mins => s.hide_orders_away_minutes)
        RETURNING o.id`,
  );
  return rows.length;
}

/**
 * The users `ids` were seen at `now`: their last seen moves, and their orders that waited out
 * of the book come back, in one statement. Returns how many orders came back. The orders are
 * changed first (an unreferenced WITH runs after the main statement), then the users: the lock
 * order of a trade's opening (order, then users), so the two never wait on each other in a ring.
 */
export async function markOwnersSeen(db: Executor, ids: string[], now: Date): Promise<number> {
  if (ids.length === 0) return 0;
  const list = sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const rows = await queryRows<{ id: string }>(
    db,
    sql`WITH seen AS (UPDATE users SET last_seen_at = ${now} WHERE id IN (${list}) RETURNING id)
        UPDATE orders SET owner_away = false WHERE owner_away AND user_id IN (${list}) RETURNING id`,
  );
  return rows.length;
}
