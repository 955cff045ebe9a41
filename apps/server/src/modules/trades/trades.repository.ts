import { and, asc, desc, eq, inArray, lte, notExists, notInArray, or, type SQL, sql } from 'drizzle-orm';
import { type Executor, queryRows, type Tx } from '../../db/client.ts';
import { compiledSelect, queryMapped, type Slot, StatementText, wholeRow } from '../../db/compiled.ts';
import { exactRowJson, rowsFromJson } from '../../db/json-rows.ts';
import { allInOneRoundTrip, inOneRoundTrip } from '../../db/prepared-statements.ts';
import {
  chatMessages,
  type OrderRow,
  orders,
  reviews,
  type TradeRow,
  tradeActions,
  tradeHidden,
  trades,
  type UserRow,
  users,
} from '../../db/schema.ts';
import {
  buyerLimitsLockSql,
  type LimitCounts,
  limitCountsFromJson,
  openAsBuyerSql,
  type SecurityHoldRow,
  securityHoldFromJson,
  securityHoldSql,
} from '../limits/index.ts';

export type NewTrade = typeof trades.$inferInsert;
export type TradeActionRow = typeof tradeActions.$inferSelect;

/**
 * Whether the user session `sessionId` of `userId` is live, as a column of the statement
 * that locks the trade: a trade action checks its caller's session in the same round trip.
 */
const sessionLive = (p: Slot<'sessionId' | 'userId'>) =>
  sql<boolean>`EXISTS (SELECT 1 FROM auth_sessions s WHERE s.id = ${p('sessionId')}::uuid AND s.revoked_at IS NULL AND s.subject_type = 'user' AND s.subject_id = ${p('userId')}::uuid)`;

/**
 * The caller's session's step-up window (docs/decisions/023), in the same statement: a
 * confirmation inside it needs no new second-factor code.
 */
const sessionStepUp = (p: Slot<'sessionId' | 'userId'>) =>
  sql<
    string | null
  >`(SELECT s.step_up_until FROM auth_sessions s WHERE s.id = ${p('sessionId')}::uuid AND s.revoked_at IS NULL AND s.subject_type = 'user' AND s.subject_id = ${p('userId')}::uuid)`;

/**
 * The security hold of `holder` (docs/decisions/033), in the same statement, for an action that
 * pays the escrow out (null `holder`: not asked, nothing read).
 */
const holderHold = (p: Slot<'holder'>) => securityHoldSql(sql`${p('holder')}::uuid`);

type ActionSlots = 'id' | 'sessionId' | 'userId' | 'holder';

const tradeForAction = compiledSelect((p: Slot<ActionSlots>, qb) =>
  qb
    .select({
      trade: trades,
      sessionLive: sessionLive(p),
      stepUpUntil: sessionStepUp(p),
      hold: holderHold(p),
    })
    .from(trades)
    .where(eq(trades.id, p('id')))
    .for('update', { of: trades }),
);

const tradeWithOrderForAction = compiledSelect((p: Slot<ActionSlots>, qb) =>
  qb
    .select({
      trade: trades,
      order: orders,
      sessionLive: sessionLive(p),
      stepUpUntil: sessionStepUp(p),
      hold: holderHold(p),
    })
    .from(trades)
    .innerJoin(orders, eq(orders.id, trades.orderId))
    .where(eq(trades.id, p('id')))
    .for('update', { of: [trades, orders] }),
);

/**
 * The trade a state-machine action acts on, locked FOR UPDATE; a settling action (`withOrder`)
 * locks its order too, in the same statement (trade row first). With `session`, the statement
 * also says whether the caller's session is live (`sessionLive`; false without one). With
 * `holder`, it reads that user's security hold too (`hold`), for an action that pays out.
 */
export async function lockTradeForAction(
  tx: Tx,
  id: string,
  withOrder: boolean,
  caller: { session: { sessionId: string; userId: string } | null; holder?: string | null },
): Promise<{
  trade: TradeRow;
  order: OrderRow | undefined;
  sessionLive: boolean;
  /** The session's step-up window end (null: closed, or no session). */
  stepUpUntil: Date | null;
  /** `holder`'s security hold, lifted or not (null: none, or not asked). */
  hold: SecurityHoldRow | null;
} | null> {
  const { session, holder = null } = caller;
  const values = { id, sessionId: session?.sessionId ?? null, userId: session?.userId ?? null, holder };
  const row = withOrder
    ? (await tradeWithOrderForAction(tx, values))[0]
    : { order: undefined, ...(await tradeForAction(tx, values))[0] };
  if (!row?.trade) return null;
  const { stepUpUntil, hold, ...rest } = row;
  return {
    ...rest,
    trade: row.trade,
    sessionLive: Boolean(row.sessionLive),
    stepUpUntil: dateOf(stepUpUntil),
    hold: securityHoldFromJson(hold),
  };
}

/** A timestamp a raw SQL column answered: a Date from one driver, text from the other. */
function dateOf(value: unknown): Date | null {
  if (value === null || value === undefined) return null;
  return value instanceof Date ? value : new Date(String(value));
}

/** What settling does to the trade's order, applied by the transition's statement. */
export type OrderEffect =
  /**
   * Release: the order counts one more completed trade, and completes if nothing is left to
   * sell and no other trade is open.
   */
  | { kind: 'count_completed'; orderId: string; now: Date }
  /** Refund: the amount is offered again. */
  | { kind: 'give_back'; orderId: string; amount: bigint; now: Date };

/**
 * A trade change's history line and SYSTEM chat line, as data-modifying CTEs of the statement
 * that writes the change (`chat_line` answers the line's `seq`), after its `WITH`.
 */
function tradeLines(
  st: StatementText,
  action: typeof tradeActions.$inferInsert,
  message: typeof chatMessages.$inferInsert,
): StatementText {
  st.raw('history_line AS (').insertRow(tradeActions, action).raw(' RETURNING id), ');
  return st.raw('chat_line AS (').insertRow(chatMessages, message).raw(' RETURNING seq)');
}

/** `UPDATE orders SET … WHERE id = <orderId> RETURNING <returning>`, written into `st`. */
function updateOrder(
  st: StatementText,
  orderId: string,
  changes: { [K in keyof typeof orders.$inferInsert]?: (typeof orders.$inferInsert)[K] | SQL },
  returning: typeof orders.status | typeof orders.id,
): StatementText {
  st.raw('UPDATE ').name(orders).raw(' SET ').set(orders, changes).raw(' WHERE ').name(orders.id);
  return st.raw(' = ').value(orderId).raw(' RETURNING ').name(returning);
}

/** The order's side of a settlement, as the transition's CTE `order_change` (answers its status). */
function orderChange(st: StatementText, tradeId: string, order: OrderEffect): StatementText {
  if (order.kind === 'give_back') {
    const changes = {
      availableAmount: sql`${orders.availableAmount} + ${order.amount}`,
      updatedAt: order.now,
    };
    return updateOrder(st, order.orderId, changes, orders.status);
  }
  // A release: one more completed trade; completed when nothing is left and no other trade is open.
  const done = sql`${orders.availableAmount} = 0 AND ${orders.status} IN ('active', 'paused')
    AND NOT EXISTS (SELECT 1 FROM ${trades} WHERE ${trades.orderId} = ${order.orderId}
                    AND ${trades.settlement} IS NULL AND ${trades.id} <> ${tradeId})`;
  const changes = {
    completedTrades: sql`${orders.completedTrades} + 1`,
    status: sql`CASE WHEN ${done} THEN 'completed' ELSE ${orders.status} END`,
    updatedAt: sql`CASE WHEN ${done} THEN ${order.now.toISOString()}::timestamptz ELSE ${orders.updatedAt} END`,
  };
  return updateOrder(st, order.orderId, changes, orders.status);
}

/** The trade's row as the transition leaves it, and what the statement answers besides. */
const TRANSITION_ROW = wholeRow(trades, {
  orderStatus: sql<OrderRow['status'] | null>`order_status`,
  messageSeq: sql<string>`message_seq`,
});

/**
 * A transition's writes in one statement: the trade's new state, its history line, its SYSTEM
 * chat line, the order's side of a settlement and `counters`. Returns the updated trade and the order's
 * status when the statement changed the order. Runs under the trade's (and order's) lock,
 * in a fresh snapshot, so "no other open trade" is exact.
 */
export async function writeTransition(
  tx: Tx,
  {
    tradeId,
    changes,
    action,
    message,
    order,
    counters = null,
    pairs = null,
    payers = [],
  }: {
    tradeId: string;
    changes: Partial<NewTrade>;
    action: typeof tradeActions.$inferInsert;
    message: typeof chatMessages.$inferInsert;
    order: OrderEffect | null;
    /** Further writes of the same transition (the parties' reputation counters). */
    counters?: SQL | null;
    /** A completion's pair-month rows (counted trades: docs/decisions/035). */
    pairs?: SQL | null;
    /** The payer account's counters, as named CTEs (payer-accounts.repository.ts). */
    payers?: SQL[];
  },
): Promise<{ trade: TradeRow; orderStatus: OrderRow['status'] | null; messageSeq: bigint }> {
  const st = tradeLines(new StatementText().raw('WITH '), action, message);
  // A data-modifying CTE runs whether or not the statement reads it.
  if (counters) st.raw(', counter_change AS (').sql(counters).raw(')');
  if (pairs) st.raw(', pair_change AS (').sql(pairs).raw(')');
  if (order) orderChange(st.raw(', order_change AS ('), tradeId, order).raw(')');
  for (const payer of payers) st.raw(', ').sql(payer);
  // Written as text rather than with the query builder: the same statement, built in a fraction
  // of the time (db/compiled.ts, docs/decisions/051 and 064), its row mapped as the builder would.
  st.raw(' UPDATE ').name(trades).raw(' SET ').set(trades, changes);
  st.raw(' WHERE ').name(trades.id).raw(' = ').value(tradeId).raw(' RETURNING ').sql(TRANSITION_ROW.list);
  st.raw(order ? ', (SELECT status FROM order_change) AS order_status' : ', NULL AS order_status');
  st.raw(', (SELECT seq FROM chat_line) AS message_seq');
  const [row] = await queryMapped<TradeRow & { orderStatus: OrderRow['status'] | null; messageSeq: string }>(
    tx,
    st,
    TRANSITION_ROW.fields,
  );
  if (!row) throw new Error('trade update matched nothing');
  const { orderStatus: status, messageSeq, ...trade } = row;
  return { trade, orderStatus: status, messageSeq: BigInt(messageSeq) };
}

/**
 * `writeTransition`, then `after`, each sending one statement that needs nothing the ones before
 * it answer, all in one round trip (docs/decisions/060); answers the write's answer.
 */
export async function writeTransitionThen(
  tx: Tx,
  writing: Parameters<typeof writeTransition>[1],
  after: (() => Promise<unknown>)[],
): Promise<Awaited<ReturnType<typeof writeTransition>>> {
  const [written] = await allInOneRoundTrip(tx, [() => writeTransition(tx, writing), ...after]);
  return written as Awaited<ReturnType<typeof writeTransition>>;
}

/**
 * `writeTransition`, with the statement `next` sends riding behind it, in one round trip
 * (docs/decisions/060): for a transition whose write answers nothing `next` needs.
 */
export function writeTransitionAhead<T>(
  tx: Tx,
  writing: Parameters<typeof writeTransition>[1],
  next: () => Promise<T>,
): Promise<[Awaited<ReturnType<typeof writeTransition>>, T]> {
  return inOneRoundTrip(tx, () => writeTransition(tx, writing), next);
}

/**
 * The trade's row as an UPDATE of the locked `trade` with `changes` leaves it (`StatementText.set`
 * sets the fields given, undefined ones left out): what `writeTransition` answers, known before
 * it runs.
 */
export function rowAfter(trade: TradeRow, changes: Partial<NewTrade>): TradeRow {
  const row: Record<string, unknown> = { ...trade };
  for (const [key, value] of Object.entries(changes)) if (value !== undefined) row[key] = value;
  return row as TradeRow;
}

/** What opening a trade on an order must know, read and locked in one statement. */
export interface Admission {
  /** The order, locked FOR UPDATE. */
  order: OrderRow;
  /** The taker, read FOR SHARE (waits for a block being committed). */
  taker: UserRow;
  ownerBlocked: boolean;
  /** The owner's partner rule (defaults when they saved no settings). */
  minRatingTenths: number;
  allowUnrated: boolean;
  /** The taker's average rating, read only when the owner has a minimum. */
  takerRating: string | null;
  /**
   * The taker's counted trades (docs/decisions/035: distinct counterparties, above the minimum),
   * read only when the order asks for a minimum (else 0).
   */
  takerCompleted: number;
  /** Whether the taker has two-factor on (taking a buy order sells: docs/decisions/023). */
  takerTwoFactor: boolean;
  /** The trade limits' counts of the taker, and of the owner of a buy order (zeros otherwise). */
  takerLimits: LimitCounts;
  ownerLimits: LimitCounts;
}

/**
 * Locks the order FOR UPDATE and both users FOR SHARE (as the blocking checks did one by one)
 * and reads the owner's partner rule, the taker's rating and completed trades, in one statement. The same
 * statement takes the lock on the buyer's trade limits and reads the limits' counts
 * (`limitCounts`, limits.repository.ts) of the taker and of a buy order's owner
 * (docs/decisions/023, "Limits").
 */
export async function admitTaker(
  tx: Tx,
  orderId: string,
  takerId: string,
  limitCounts: (userId: SQL) => SQL,
): Promise<Admission | null> {
  const [row] = await queryRows<{
    order: unknown;
    taker: unknown;
    owner_blocked: boolean;
    min_rating_tenths: number | null;
    allow_unrated: boolean | null;
    taker_rating: string | null;
    taker_completed: number | null;
    taker_two_factor: boolean;
    taker_limits: unknown;
    owner_limits: unknown;
  }>(
    tx,
    sql`SELECT ${exactRowJson(orders, 'o')} AS "order", ${exactRowJson(users, 'tk')} AS taker, ow.blocked_at IS NOT NULL AS owner_blocked,
               s.min_rating_tenths, s.allow_unrated,
               CASE WHEN s.min_rating_tenths > 0 THEN
                 (SELECT AVG(r.rating)::numeric(3,2)::text FROM reviews r WHERE r.subject_id = tk.id)
               END AS taker_rating,
               CASE WHEN o.min_taker_trades > 0 THEN lt.completed END AS taker_completed,
               EXISTS (SELECT 1 FROM user_two_factor tf WHERE tf.user_id = tk.id AND tf.enabled_at IS NOT NULL)
                 AS taker_two_factor,
               ${buyerLimitsLockSql(sql`CASE WHEN o.type = 'sell' THEN tk.id ELSE ow.id END`)} AS buyer_locked,
               row_to_json(lt) AS taker_limits, row_to_json(lo) AS owner_limits
        FROM orders o
        JOIN users ow ON ow.id = o.user_id
        JOIN users tk ON tk.id = ${takerId}::uuid
        LEFT JOIN user_settings s ON s.user_id = o.user_id
        CROSS JOIN LATERAL (${limitCounts(sql`tk.id`)}) lt
        CROSS JOIN LATERAL (${limitCounts(sql`CASE WHEN o.type = 'buy' THEN ow.id END`)}) lo
        WHERE o.id = ${orderId}::uuid
        FOR UPDATE OF o FOR SHARE OF ow, tk`,
  );
  if (!row) return null;
  const [order] = rowsFromJson(orders, [row.order]);
  const [taker] = rowsFromJson(users, [row.taker]);
  if (!order || !taker) return null;
  return {
    order,
    taker,
    ownerBlocked: row.owner_blocked,
    minRatingTenths: row.min_rating_tenths ?? 0,
    allowUnrated: row.allow_unrated ?? true,
    takerRating: row.taker_rating,
    takerCompleted: row.taker_completed ?? 0,
    takerTwoFactor: row.taker_two_factor,
    takerLimits: limitCountsFromJson(row.taker_limits),
    ownerLimits: limitCountsFromJson(row.owner_limits),
  };
}

/**
 * A new trade's writes in one statement: the trade, the order's remainder, the history line
 * and the SYSTEM chat line. The trade id is chosen by the caller so the lines can refer to it.
 * `openBefore`: the buyer's open trades as this statement began (without the new one), for the
 * open-trade limit's second check (docs/decisions/023, "Limits").
 */
export async function writeOpening(
  tx: Tx,
  {
    trade,
    orderUpdate,
    action,
    message,
  }: {
    trade: NewTrade & { id: string };
    orderUpdate: { orderId: string; availableAmount: bigint; now: Date };
    action: typeof tradeActions.$inferInsert;
    message: typeof chatMessages.$inferInsert;
  },
): Promise<{ trade: TradeRow; openBefore: number }> {
  const st = tradeLines(new StatementText().raw('WITH '), action, message);
  const remainder = { availableAmount: orderUpdate.availableAmount, updatedAt: orderUpdate.now };
  updateOrder(st.raw(', order_change AS ('), orderUpdate.orderId, remainder, orders.id);
  // As text rather than with the query builder, as writeTransition (docs/decisions/051).
  st.raw(') ').insertRow(trades, trade).raw(' RETURNING ').sql(OPENING_ROW.list);
  st.raw(', ').sql(openAsBuyerSql(trade.buyerId)).raw(' AS open_before');
  const [row] = await queryMapped<TradeRow & { openBefore: unknown }>(tx, st, OPENING_ROW.fields);
  if (!row) throw new Error('trade insert returned nothing');
  const { openBefore, ...written } = row;
  return { trade: written, openBefore: Number(openBefore) };
}

/** The opened trade's row, and the buyer's open trades before it. */
const OPENING_ROW = wholeRow(trades, { openBefore: sql<string>`open_before` });

export interface TradeFilter {
  statuses?: string[] | undefined;
  role?: 'buyer' | 'seller' | undefined;
  orderId?: string | undefined;
  limit: number;
  offset: number;
}

/** Trades of a user (not hidden by them), newest first. */
export async function listTradesOfUser(db: Executor, userId: string, f: TradeFilter) {
  const conditions: SQL[] = [
    f.role === 'buyer'
      ? eq(trades.buyerId, userId)
      : f.role === 'seller'
        ? eq(trades.sellerId, userId)
        : (or(eq(trades.buyerId, userId), eq(trades.sellerId, userId)) as SQL),
    notExists(
      db
        .select({ one: sql`1` })
        .from(tradeHidden)
        .where(and(eq(tradeHidden.tradeId, trades.id), eq(tradeHidden.userId, userId))),
    ),
  ];
  return page(db, conditions, f);
}

export async function listTradesOfOrder(db: Executor, orderId: string, f: TradeFilter) {
  return page(db, [eq(trades.orderId, orderId)], f);
}

async function page(db: Executor, conditions: SQL[], f: TradeFilter) {
  if (f.statuses?.length) conditions.push(inArray(trades.status, f.statuses as TradeRow['status'][]));
  const where = and(...conditions);
  const rows = await db
    .select()
    .from(trades)
    .where(where)
    .orderBy(desc(trades.createdAt))
    .limit(f.limit)
    .offset(f.offset);
  const [count] = await db.select({ n: sql<string>`COUNT(*)` }).from(trades).where(where);
  return { rows, total: Number(count?.n ?? 0) };
}

export async function hideTrade(
  tx: Executor,
  { tradeId, userId, reason, now }: { tradeId: string; userId: string; reason: string | null; now: Date },
) {
  await tx.insert(tradeHidden).values({ tradeId, userId, reason, hiddenAt: now }).onConflictDoNothing();
}

/**
 * Trades due for a timer, claimed one at a time by any instance (SKIP LOCKED), oldest first,
 * passing over `skip` (trades whose transition failed earlier in the same tick).
 */
export async function claimDue(
  tx: Tx,
  kind: 'payment' | 'release',
  now: Date,
  skip: readonly string[] = [],
): Promise<TradeRow | null> {
  const due =
    kind === 'payment'
      ? and(eq(trades.status, 'ESCROW_LOCKED'), lte(trades.paymentDeadline, now))
      : and(eq(trades.status, 'PAYMENT_CONFIRMED'), lte(trades.autoReleaseAt, now));
  const condition = skip.length > 0 ? and(due, notInArray(trades.id, [...skip])) : due;
  const order = kind === 'payment' ? asc(trades.paymentDeadline) : asc(trades.autoReleaseAt);
  const [row] = await tx
    .select()
    .from(trades)
    .where(condition)
    .orderBy(order)
    .limit(1)
    .for('update', { skipLocked: true });
  return row ?? null;
}

export async function statsOfUser(db: Executor, userId: string) {
  const rows = await db
    .select({
      status: trades.status,
      fiat: trades.fiatCurrency,
      asBuyer: sql<string>`COUNT(*) FILTER (WHERE ${trades.buyerId} = ${userId})`,
      n: sql<string>`COUNT(*)`,
      volume: sql<string>`COALESCE(SUM(${trades.amountFiat}), 0)`,
    })
    .from(trades)
    .where(or(eq(trades.buyerId, userId), eq(trades.sellerId, userId)))
    .groupBy(trades.status, trades.fiatCurrency);
  return rows;
}

export async function insertReview(tx: Executor, values: typeof reviews.$inferInsert) {
  const rows = await tx.insert(reviews).values(values).onConflictDoNothing().returning({ id: reviews.id });
  return rows[0] ?? null;
}
