import { and, eq, inArray, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client.ts';
import { exactRowJson, rowsFromJson } from '../../db/json-rows.ts';
import {
  chatMessages,
  evidenceRequests,
  paymentProofs,
  reviews,
  tradeActions,
  tradePaymentDetails,
  type UserRow,
  users,
} from '../../db/schema.ts';
import { unreadFor } from '../chat/chat.repository.ts';
import {
  REPUTATION_FROM_STATS,
  type ReputationFigures,
  type ReputationSummary,
  toReputationSummary,
} from '../users/reputation.ts';

/** Everything a trade view needs besides the trade rows, read in one statement. */
export interface TradeViewContext {
  users: UserRow[];
  reputations: Map<string, ReputationSummary>;
  actions: (typeof tradeActions.$inferSelect)[];
  reviewed: Set<string>;
  unread: Map<string, number>;
  sentDetails: (typeof tradePaymentDetails.$inferSelect)[];
  proofs: (typeof paymentProofs.$inferSelect)[];
  evidence: (typeof evidenceRequests.$inferSelect)[];
}

const uuidList = (ids: string[]) =>
  sql.join(
    [...new Set(ids)].map((id) => sql`${id}::uuid`),
    sql`, `,
  );

/** A subquery's rows as one JSON array, in `order` (an expression over its row `x`). */
const asJson = (query: SQLWrapper | null, order: string) =>
  query
    ? sql`(SELECT COALESCE(json_agg(${exactRowJson('x')} ORDER BY ${sql.raw(order)}), '[]'::json) FROM (${query}) x)`
    : sql`'[]'::json`;

/**
 * The parties with their reputation, history, the viewer's reviews and unread chat, payment
 * details, receipts and evidence requests of `tradeIds`, in one round trip (JSON per part).
 * `partyTradeIds`: trades the viewer is a party of (only those have unread chat for them);
 * `disputedIds`: trades that have been disputed (only those have evidence requests).
 */
export async function tradeViewContext(
  db: Executor,
  viewerId: string,
  userIds: string[],
  tradeIds: string[],
  partyTradeIds: string[],
  disputedIds: string[],
): Promise<TradeViewContext> {
  const parties: SQL = sql`SELECT u.*, ${sql.raw(REPUTATION_FROM_STATS)} FROM users u LEFT JOIN user_stats s ON s.user_id = u.id WHERE u.id IN (${uuidList(userIds)})`;
  const [row] = await queryRows<
    Record<'parties' | 'actions' | 'reviewed' | 'unread' | 'sent' | 'proofs' | 'evidence', unknown>
  >(
    db,
    sql`SELECT
      ${asJson(parties, 'x.id')} AS parties,
      ${asJson(db.select().from(tradeActions).where(inArray(tradeActions.tradeId, tradeIds)), 'x.id')} AS actions,
      ${asJson(
        db
          .select({ tradeId: reviews.tradeId })
          .from(reviews)
          .where(and(eq(reviews.authorId, viewerId), inArray(reviews.tradeId, tradeIds))),
        'x.trade_id',
      )} AS reviewed,
      ${asJson(
        partyTradeIds.length
          ? db
              .select({ tradeId: chatMessages.tradeId, n: sql<string>`COUNT(*)::text`.as('n') })
              .from(chatMessages)
              .where(and(inArray(chatMessages.tradeId, partyTradeIds), unreadFor(viewerId)))
              .groupBy(chatMessages.tradeId)
          : null,
        '1',
      )} AS unread,
      ${asJson(db.select().from(tradePaymentDetails).where(inArray(tradePaymentDetails.tradeId, tradeIds)), 'x.id')} AS sent,
      ${asJson(db.select().from(paymentProofs).where(inArray(paymentProofs.tradeId, tradeIds)), 'x.created_at, x.id')} AS proofs,
      ${asJson(
        disputedIds.length
          ? db.select().from(evidenceRequests).where(inArray(evidenceRequests.tradeId, disputedIds))
          : null,
        'x.created_at, x.id',
      )} AS evidence`,
  );
  const parsed = (row?.parties ?? []) as (ReputationFigures & { id: string })[];
  return {
    users: rowsFromJson(users, parsed),
    reputations: new Map(parsed.map((r) => [r.id, toReputationSummary(r)])),
    actions: rowsFromJson(tradeActions, row?.actions),
    reviewed: new Set(((row?.reviewed ?? []) as { trade_id: string }[]).map((r) => r.trade_id)),
    unread: new Map(
      ((row?.unread ?? []) as { trade_id: string; n: string }[]).map((r) => [r.trade_id, Number(r.n)]),
    ),
    sentDetails: rowsFromJson(tradePaymentDetails, row?.sent),
    proofs: rowsFromJson(paymentProofs, row?.proofs),
    evidence: rowsFromJson(evidenceRequests, row?.evidence),
  };
}
