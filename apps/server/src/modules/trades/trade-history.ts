import {
  formatCrypto,
  formatFiat,
  type TradeHistoryList,
  type TradeHistoryQuery,
  type TradeHistoryRow,
} from '@p2p/shared';
import type { Executor } from '../../db/client.ts';
import type { TradeRow, UserRow } from '../../db/schema.ts';
import { effectiveAvatar, effectiveName, reputationSummaries } from '../users/index.ts';
import { csvField } from '../wallet/index.ts';
import { type HistoryFilters, historyFigures, historyRows } from './trade-history.repository.ts';

/**
 * Trade history (docs/product/trading-rules.md): every trade the caller took part in, filtered, searched and
 * paged in the database; figures over everything the filters match. Nobody else's trades can
 * appear: the party condition is part of every query.
 */

/** The most rows one CSV export carries (newest first). */
export const HISTORY_CSV_MAX_ROWS = 10_000;

function outcomeOf(t: TradeRow, wasExpired: boolean): TradeHistoryRow['outcome'] {
  if (t.status === 'COMPLETED') return 'completed';
  if (t.status === 'CANCELLED') return wasExpired ? 'expired' : 'cancelled';
  if (t.status === 'DISPUTED') return 'disputed';
  return 'in_progress';
}

function toRow({
  userId,
  t,
  cp,
  wasExpired,
  rating,
}: {
  userId: string;
  t: TradeRow;
  cp: UserRow;
  wasExpired: boolean;
  rating: number | null;
}): TradeHistoryRow {
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

/** The rows of a history page; `page.now` reads the counterparties' reputations. */
async function rowsOf(
  db: Executor,
  userId: string,
  q: HistoryFilters,
  page: { limit: number; offset: number; now: Date },
) {
  const found = await historyRows(db, userId, q, page);
  const reps = await reputationSummaries(
    db,
    found.map((r) => r.counterparty.id),
    page.now,
  );
  return found.map((r) =>
    toRow({
      userId,
      t: r.trade,
      cp: r.counterparty,
      wasExpired: Boolean(r.expired),
      rating: reps.get(r.counterparty.id)?.rating ?? null,
    }),
  );
}

export async function tradeHistory(
  db: Executor,
  userId: string,
  q: TradeHistoryQuery,
  now: Date,
): Promise<TradeHistoryList> {
  const { agg, volumes } = await historyFigures(db, userId, q);
  const total = Number(agg?.total ?? 0);
  const completed = Number(agg?.completed ?? 0);
  const cancelled = Number(agg?.cancelled ?? 0);
  const finished = completed + cancelled;
  return {
    trades: await rowsOf(db, userId, q, { limit: q.limit, offset: q.offset, now }),
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
export async function tradeHistoryCsv(
  db: Executor,
  userId: string,
  q: HistoryFilters,
  now: Date,
): Promise<string> {
  const rows = await rowsOf(db, userId, q, { limit: HISTORY_CSV_MAX_ROWS, offset: 0, now });
  const lines = [CSV_COLUMNS.map(([name]) => name).join(',')];
  for (const r of rows) lines.push(CSV_COLUMNS.map(([, get]) => csvField(get(r))).join(','));
  return `${lines.join('\r\n')}\r\n`;
}
