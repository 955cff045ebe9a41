import {
  formatCrypto,
  formatFiat,
  type TradeHistoryList,
  type TradeHistoryQuery,
  type TradeHistoryRow,
  type TradeStatus,
} from '@p2p/shared';
import { and, desc, eq, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import { type TradeRow, trades, type UserRow, users } from '../../db/schema.ts';
import { reputationSummaries } from '../users/reputation.ts';
import { effectiveAvatar, effectiveName } from '../users/user-view.ts';
import { csvField } from '../wallet/wallet-history.ts';

/**
 * Trade history (docs/product/trading-rules.md): every trade the caller took part in, filtered, searched and
 * paged in the database; figures over everything the filters match. Nobody else's trades can
 * appear: the party condition is part of every query.
 */

const OPEN_STATUSES: readonly TradeStatus[] = [
  'CREATED',
  'ESCROW_LOCKED',
  'PAYMENT_PENDING',
  'PAYMENT_CONFIRMED',
];
/** The most rows one CSV export carries (newest first). */
export const HISTORY_CSV_MAX_ROWS = 10_000;

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

type Filters = Omit<TradeHistoryQuery, 'limit' | 'offset'>;

function conditions(userId: string, q: Filters): SQL {
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

function outcomeOf(t: TradeRow, wasExpired: boolean): TradeHistoryRow['outcome'] {
  if (t.status === 'COMPLETED') return 'completed';
  if (t.status === 'CANCELLED') return wasExpired ? 'expired' : 'cancelled';
  if (t.status === 'DISPUTED') return 'disputed';
  return 'in_progress';
}

function toRow(
  userId: string,
  t: TradeRow,
  cp: UserRow,
  wasExpired: boolean,
  rating: number | null,
): TradeHistoryRow {
  const role = t.buyerId === userId ? 'buyer' : 'seller';
  const completed = t.status === 'COMPLETED';
  const fee = completed ? t.feeAmount : 0n;
  const ended = t.completedAt ?? t.cancelledAt;
  return {
    id: t.id,
    orderId: t.orderId,
    status: t.status,
    outcome: outcomeOf(t, wasExpired),
    userRole: role,
    type: role === 'buyer' ? 'buy' : 'sell',
    cryptocurrency: t.cryptocurrency,
    fiatCurrency: t.fiatCurrency,
    amountCrypto: formatCrypto(t.amountCrypto),
    amountFiat: formatFiat(t.amountFiat),
    pricePerUnit: formatFiat(t.pricePerUnit),
    fee: formatCrypto(fee),
    net: formatCrypto(t.amountCrypto - fee),
    paymentMethod: t.paymentMethod,
    counterparty: {
      id: cp.id,
      name: effectiveName(cp),
      username: cp.username,
      avatarUrl: effectiveAvatar(cp),
      rating,
    },
    createdAt: t.createdAt.toISOString(),
    completedAt: t.completedAt?.toISOString() ?? null,
    cancelledAt: t.cancelledAt?.toISOString() ?? null,
    durationSeconds: ended ? Math.max(0, Math.round((ended.getTime() - t.createdAt.getTime()) / 1000)) : null,
    disputeReason: t.disputeReason,
  };
}

async function rowsOf(db: Executor, userId: string, q: Filters, limit: number, offset: number) {
  const found = await db
    .select({ trade: trades, counterparty, expired })
    .from(trades)
    .innerJoin(counterparty, eq(counterparty.id, counterpartyId(userId)))
    .where(conditions(userId, q))
    .orderBy(desc(trades.createdAt), desc(trades.id))
    .limit(limit)
    .offset(offset);
  const reps = await reputationSummaries(
    db,
    found.map((r) => r.counterparty.id),
  );
  return found.map((r) =>
    toRow(userId, r.trade, r.counterparty, Boolean(r.expired), reps.get(r.counterparty.id)?.rating ?? null),
  );
}

export async function tradeHistory(
  db: Executor,
  userId: string,
  q: TradeHistoryQuery,
): Promise<TradeHistoryList> {
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
  const total = Number(agg?.total ?? 0);
  const completed = Number(agg?.completed ?? 0);
  const cancelled = Number(agg?.cancelled ?? 0);
  const finished = completed + cancelled;
  return {
    trades: await rowsOf(db, userId, q, q.limit, q.offset),
    stats: {
      totalTrades: total,
      completedTrades: completed,
      cancelledTrades: cancelled,
      disputedTrades: Number(agg?.disputed ?? 0),
      volumeByFiat: Object.fromEntries(volumes.map((v) => [v.fiat, formatFiat(BigInt(v.total))])),
      avgTradeSeconds: agg?.avgSeconds == null ? null : Number(agg.avgSeconds),
      successRate: finished === 0 ? null : Math.round((completed * 1000) / finished) / 10,
    },
    total,
    limit: q.limit,
    offset: q.offset,
    hasNext: q.offset + q.limit < total,
  };
}

const CSV_COLUMNS = [
  ['trade_id', (r) => r.id],
  ['created_at', (r) => r.createdAt],
  ['finished_at', (r) => r.completedAt ?? r.cancelledAt],
  ['status', (r) => r.status],
  ['outcome', (r) => r.outcome],
  ['role', (r) => r.userRole],
  ['cryptocurrency', (r) => r.cryptocurrency],
  ['amount_crypto', (r) => r.amountCrypto],
  ['fee', (r) => r.fee],
  ['net', (r) => r.net],
  ['fiat_currency', (r) => r.fiatCurrency],
  ['amount_fiat', (r) => r.amountFiat],
  ['price_per_unit', (r) => r.pricePerUnit],
  ['payment_method', (r) => r.paymentMethod],
  ['counterparty', (r) => r.counterparty.name],
  ['counterparty_username', (r) => r.counterparty.username],
  ['duration_seconds', (r) => (r.durationSeconds === null ? null : String(r.durationSeconds))],
] as const satisfies readonly (readonly [string, (r: TradeHistoryRow) => string | null])[];

/** The same history as RFC 4180 CSV with a header row; amounts as exact decimals. */
export async function tradeHistoryCsv(db: Executor, userId: string, q: Filters): Promise<string> {
  const rows = await rowsOf(db, userId, q, HISTORY_CSV_MAX_ROWS, 0);
  const lines = [CSV_COLUMNS.map(([name]) => name).join(',')];
  for (const r of rows) lines.push(CSV_COLUMNS.map(([, get]) => csvField(get(r))).join(','));
  return `${lines.join('\r\n')}\r\n`;
}
