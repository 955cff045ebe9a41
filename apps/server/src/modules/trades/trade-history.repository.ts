import type { TradeHistoryQuery, TradeStatus } from '@p2p/shared';
import { and, desc, eq, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import { trades, users } from '../../db/schema.ts';

/**
 * The queries of the trade history (trade-history.ts): the caller's trades with the other
 * party, filtered and searched in the database.
 */

const OPEN_STATUSES: readonly TradeStatus[] = [
  'CREATED',
  'ESCROW_LOCKED',
  'PAYMENT_PENDING',
  'PAYMENT_CONFIRMED',
];
const counterparty = alias(users, 'counterparty');
const counterpartyId = (userId: string) =>
  sql`CASE WHEN ${trades.buyerId} = ${userId} THEN ${trades.sellerId} ELSE ${trades.buyerId} END`;
const expired = sql<boolean>`EXISTS (SELECT 1 FROM trade_actions a WHERE a.trade_id = ${trades.id} AND a.action = 'expire')`;

/** `from`/`to` are a calendar day (UTC, whole day) or an instant. */
const isDay = (v: string) => /^\d{4}-\d{2}-\d{2}$/.test(v);
function dayAfter(day: string): Date {
  const d = new Date(`${day}T00:00:00.000Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d;
}
const likeEscape = (v: string) => v.replace(/[\\%_]/g, (c) => `\\${c}`);

/** What a history query filters by (all but paging). */
export type HistoryFilters = Omit<TradeHistoryQuery, 'limit' | 'offset'>;

/** The caller's trades matching the filters: the party condition is always part of it. */
function conditions(userId: string, q: HistoryFilters): SQL {
  const parts: (SQL | undefined)[] = [or(eq(trades.buyerId, userId), eq(trades.sellerId, userId))];
  switch (q.status) {
    case undefined:
      break;
    case 'active':
      parts.push(
        sql`${trades.status} IN (${sql.join(
          OPEN_STATUSES.map((s) => sql`${s}`),
          sql`, `,
        )})`,
      );
      break;
    case 'completed':
      parts.push(eq(trades.status, 'COMPLETED'));
      break;
    case 'cancelled':
      parts.push(eq(trades.status, 'CANCELLED'));
      break;
    case 'disputed':
      // Every trade that went to dispute, open or resolved.
      parts.push(sql`${trades.disputedAt} IS NOT NULL`);
      break;
    default:
      parts.push(eq(trades.status, q.status));
  }
  if (q.cryptocurrency) parts.push(eq(trades.cryptocurrency, q.cryptocurrency));
  if (q.role === 'buyer') parts.push(eq(trades.buyerId, userId));
  if (q.role === 'seller') parts.push(eq(trades.sellerId, userId));
  if (q.from)
    parts.push(sql`${trades.createdAt} >= ${new Date(isDay(q.from) ? `${q.from}T00:00:00.000Z` : q.from)}`);
  if (q.to) {
    parts.push(
      isDay(q.to)
        ? sql`${trades.createdAt} < ${dayAfter(q.to)}`
        : sql`${trades.createdAt} <= ${new Date(q.to)}`,
    );
  }
  const search = q.search?.trim();
  if (search) {
    const like = `%${likeEscape(search)}%`;
    const name = or(
      sql`${counterparty.displayName} ILIKE ${like}`,
      sql`${counterparty.firstName} ILIKE ${like}`,
      sql`${counterparty.lastName} ILIKE ${like}`,
      sql`${counterparty.username} ILIKE ${like}`,
      sql`('@' || ${counterparty.username}) ILIKE ${like}`,
      sql`(${counterparty.firstName} || ' ' || coalesce(${counterparty.lastName}, '')) ILIKE ${like}`,
    );
    // A trade id or its prefix (as copied from the trade page, with or without '#').
    const idPrefix = search.replace(/^#/, '').toLowerCase();
    parts.push(
      /^[0-9a-f-]+$/.test(idPrefix)
        ? or(sql`${trades.id}::text LIKE ${`${likeEscape(idPrefix)}%`}`, name)
        : name,
    );
  }
  return and(...parts) as SQL;
}

/** One page of the matching trades, newest first, each with the other party and whether it expired. */
export async function historyRows(
  db: Executor,
  userId: string,
  q: HistoryFilters,
  page: { limit: number; offset: number },
) {
  return db
    .select({ trade: trades, counterparty, expired })
    .from(trades)
    .innerJoin(counterparty, eq(counterparty.id, counterpartyId(userId)))
    .where(conditions(userId, q))
    .orderBy(desc(trades.createdAt), desc(trades.id))
    .limit(page.limit)
    .offset(page.offset);
}

/** Figures over every matching trade: counts by outcome, average completion time, volume per fiat. */
export async function historyFigures(db: Executor, userId: string, q: HistoryFilters) {
  const where = conditions(userId, q);
  const [agg] = await db
    .select({
      total: sql<number>`count(*)::int`,
      completed: sql<number>`(count(*) FILTER (WHERE ${trades.status} = 'COMPLETED'))::int`,
      cancelled: sql<number>`(count(*) FILTER (WHERE ${trades.status} = 'CANCELLED'))::int`,
      disputed: sql<number>`(count(*) FILTER (WHERE ${trades.disputedAt} IS NOT NULL))::int`,
      avgSeconds: sql<
        string | null
      >`round(avg(extract(epoch FROM (${trades.completedAt} - ${trades.createdAt}))) FILTER (WHERE ${trades.status} = 'COMPLETED'))::text`,
    })
    .from(trades)
    .innerJoin(counterparty, eq(counterparty.id, counterpartyId(userId)))
    .where(where);
  const volumes = await db
    .select({ fiat: trades.fiatCurrency, total: sql<string>`sum(${trades.amountFiat})::text` })
    .from(trades)
    .innerJoin(counterparty, eq(counterparty.id, counterpartyId(userId)))
    .where(and(where, eq(trades.status, 'COMPLETED')))
    .groupBy(trades.fiatCurrency);
  return { agg, volumes };
}
