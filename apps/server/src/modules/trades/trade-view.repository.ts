import { and, eq, type Placeholder, type SQLWrapper, sql, type Table } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { compiledSql, type Slot } from '../../db/compiled.ts';
import { exactColumns, rowsFromJson } from '../../db/json-rows.ts';
import { commitWithNextStatement } from '../../db/prepared-statements.ts';
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
import { type OutboxEvent, type OutboxSlot, outboxCtes, outboxValues } from '../../events/outbox-store.ts';
import { unreadFor } from '../chat/index.ts';
import type { ReceiptMatchSeen } from '../uploads/index.ts';
import {
  countedColumns,
  REPUTATION_FROM_STATS,
  type ReputationSummary,
  type ShownFigures,
  toReputationSummary,
} from '../users/index.ts';
import type { PayerHistoryRow } from './payer-account.ts';
import { payerHistorySql } from './payer-accounts.repository.ts';

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
  payers: Map<string, PayerHistoryRow>;
  /** Receipts of other trades matching these trades' receipts, for `matchTradeIds` only. */
  receiptMatches: ReceiptMatchSeen[];
}

/**
 * `column` is one of the uuids in the value `list`: an array (one text whatever the list's
 * length) or, for a single trade's view, the one id, which PostgreSQL plans better.
 */
const anyOfIds = (column: SQLWrapper, list: Placeholder, single: boolean) =>
  single ? sql`${column} = ${list}::uuid` : sql`${column} = ANY(${list}::uuid[])`;

/**
 * A subquery's rows as one JSON array, in `order` (an expression over its row `x`). Its columns
 * go as they are: a query that reads wide numbers selects them as text (`exactColumns`), or
 * names its `table`, whose row it is, to have them so (`order` then sorts a bigint column as
 * one: `x.id::bigint`).
 */
const asJson = (query: SQLWrapper | null, order: string, table?: Table) =>
  query
    ? sql`(SELECT COALESCE(json_agg(x ORDER BY ${sql.raw(order)}), '[]'::json) FROM (${
        table ? sql`SELECT ${exactColumns(table, 'q')} FROM (${query}) q` : query
      }) x)`
    : sql`'[]'::json`;

type ContextSlot =
  | 'viewerId'
  | 'now'
  | 'buyerId'
  | 'sellerId'
  | 'userIds'
  | 'tradeIds'
  | 'partyTradeIds'
  | 'disputedIds'
  | 'matchTradeIds';

/** For one trade or several; with unread chat, evidence requests, the outbox's writes, receipt matches. */
type Shape = readonly [boolean, boolean, boolean, boolean, boolean];

/**
 * The statement, compiled once per shape: for one trade or several, with or without unread
 * chat, evidence requests and receipt matches, and with or without the outbox's writes ahead of
 * the read (a transaction's events written in its last statement, which also reads its answer).
 */
const contextStatement = ([one, withUnread, withEvidence, withOutbox, withMatches]: Shape) =>
  compiledSql((p: Slot<ContextSlot | OutboxSlot>, qb) => {
    const anyOf = (column: SQLWrapper, list: Placeholder) => anyOfIds(column, list, one);
    const partyIds = one
      ? sql`u.id IN (${p('buyerId')}::uuid, ${p('sellerId')}::uuid)`
      : anyOf(sql`u.id`, p('userIds'));
    const parties = sql`SELECT ${exactColumns(users, 'u')}, ${sql.raw(REPUTATION_FROM_STATS)}, ${countedColumns(sql`${p('now')}::timestamptz`)}
      FROM users u LEFT JOIN user_stats s ON s.user_id = u.id WHERE ${partyIds}`;
    const writes = withOutbox ? sql`WITH ${outboxCtes(p)} ` : sql``;
    return sql`${writes}SELECT
      ${asJson(parties, 'x.id')} AS parties,
      ${asJson(
        qb
          .select()
          .from(tradeActions)
          .where(anyOf(tradeActions.tradeId, p('tradeIds'))),
        'x.id::bigint',
        tradeActions,
      )} AS actions,
      ${asJson(
        qb
          .select({ tradeId: reviews.tradeId })
          .from(reviews)
          .where(and(eq(reviews.authorId, p('viewerId')), anyOf(reviews.tradeId, p('tradeIds')))),
        'x.trade_id',
      )} AS reviewed,
      ${asJson(
        withUnread
          ? qb
              .select({ tradeId: chatMessages.tradeId, n: sql<string>`COUNT(*)::text`.as('n') })
              .from(chatMessages)
              .where(and(anyOf(chatMessages.tradeId, p('partyTradeIds')), unreadFor(p('viewerId'))))
              .groupBy(chatMessages.tradeId)
          : null,
        '1',
      )} AS unread,
      ${asJson(
        qb
          .select()
          .from(tradePaymentDetails)
          .where(anyOf(tradePaymentDetails.tradeId, p('tradeIds'))),
        'x.id::bigint',
        tradePaymentDetails,
      )} AS sent,
      ${asJson(
        qb
          .select()
          .from(paymentProofs)
          .where(anyOf(paymentProofs.tradeId, p('tradeIds'))),
        'x.created_at, x.id',
        paymentProofs,
      )} AS proofs,
      ${asJson(
        withEvidence
          ? qb
              .select()
              .from(evidenceRequests)
              .where(anyOf(evidenceRequests.tradeId, p('disputedIds')))
          : null,
        'x.created_at, x.id',
        evidenceRequests,
      )} AS evidence,
      ${asJson(payerHistorySql(anyOf(sql`t0.id`, p('tradeIds')), p('viewerId')), 'x.trade_id')} AS payers,
      ${asJson(
        withMatches
          ? sql`SELECT m.proof_id, m.matched_trade_id, m.kind, o.created_at AS uploaded_at
          FROM receipt_matches m JOIN payment_proofs o ON o.id = m.matched_proof_id
          WHERE ${anyOf(sql`m.trade_id`, p('matchTradeIds'))}`
          : null,
        'x.uploaded_at, x.matched_trade_id',
      )} AS receipt_matches`;
  });

/**
 * Every shape a part is left out of when it has nothing to read (not read as "none of these
 * ids"): a prepared statement's plan for any values must not carry a part that a plan for these
 * values drops, or PostgreSQL, finding the first dearer, plans the statement anew on each call
 * (docs/decisions/056).
 */
const SHAPES = Array.from(
  { length: 32 },
  (_, n) => [0, 1, 2, 3, 4].map((bit) => ((n >> bit) & 1) === 1) as unknown as Shape,
);
const contextStatements = new Map(SHAPES.map((shape) => [shape.join(), contextStatement(shape)]));

/**
 * The parties with their reputation, history, the viewer's reviews and unread chat, payment
 * details, receipts and evidence requests of `tradeIds`, in one round trip (JSON per part).
 * `partyTradeIds`: trades the viewer is a party of (only those have unread chat for them);
 * `disputedIds`: trades that have been disputed (only those have evidence requests);
 * `matchTradeIds`: trades whose receipts' matches the viewer is shown (decision 023).
 */
export interface TradeViewQuery {
  viewerId: string;
  /** The time the parties' counted trades are read at. */
  now: Date;
  userIds: string[];
  tradeIds: string[];
  partyTradeIds: string[];
  disputedIds: string[];
  matchTradeIds?: string[];
}

type ContextRow = Partial<
  Record<
    | 'parties'
    | 'actions'
    | 'reviewed'
    | 'unread'
    | 'sent'
    | 'proofs'
    | 'evidence'
    | 'payers'
    | 'receipt_matches',
    unknown
  >
>;

/**
 * `outbox`: the transaction's events, written in this statement ahead of the read (it is then
 * the transaction's last: docs/decisions/052). The read sees the transaction's own writes.
 * `commits`: the statement carries the transaction's COMMIT (docs/decisions/053).
 */
export async function tradeViewContext(
  db: Executor,
  q: TradeViewQuery,
  { outbox = [], commits = false }: { outbox?: readonly OutboxEvent[]; commits?: boolean } = {},
): Promise<TradeViewContext> {
  const { viewerId, userIds, tradeIds, partyTradeIds, disputedIds, matchTradeIds = [] } = q;
  const now = q.now.toISOString();
  const one = tradeIds.length === 1 && userIds.length === 2;
  const shape = [
    one,
    partyTradeIds.length > 0,
    disputedIds.length > 0,
    outbox.length > 0,
    matchTradeIds.length > 0,
  ];
  const statement = contextStatements.get(shape.join());
  if (!statement) throw new Error('trade view: no statement for this shape');
  // Without events the statement has no outbox slots: their values go unused.
  const writes = outboxValues(outbox);
  if (commits) commitWithNextStatement(db);
  const [row] = await statement<ContextRow>(
    db,
    one
      ? {
          ...writes,
          viewerId,
          now,
          buyerId: userIds[0],
          sellerId: userIds[1],
          userIds,
          tradeIds: tradeIds[0],
          partyTradeIds: partyTradeIds[0],
          disputedIds: disputedIds[0],
          matchTradeIds: matchTradeIds[0] ?? null,
        }
      : {
          ...writes,
          viewerId,
          now,
          buyerId: null,
          sellerId: null,
          userIds,
          tradeIds,
          partyTradeIds,
          disputedIds,
          matchTradeIds,
        },
  );
  return contextFromRow(row ?? {});
}

/** The statement's JSON parts as rows, maps and sets. */
function contextFromRow(row: ContextRow): TradeViewContext {
  const parsed = (row.parties ?? []) as (ShownFigures & { id: string })[];
  return {
    users: rowsFromJson(users, parsed),
    reputations: new Map(parsed.map((r) => [r.id, toReputationSummary(r)])),
    actions: rowsFromJson(tradeActions, row.actions),
    reviewed: new Set(((row.reviewed ?? []) as { trade_id: string }[]).map((r) => r.trade_id)),
    unread: new Map(
      ((row.unread ?? []) as { trade_id: string; n: string }[]).map((r) => [r.trade_id, Number(r.n)]),
    ),
    sentDetails: rowsFromJson(tradePaymentDetails, row.sent),
    proofs: rowsFromJson(paymentProofs, row.proofs),
    evidence: rowsFromJson(evidenceRequests, row.evidence),
    payers: new Map(((row.payers ?? []) as PayerHistoryRow[]).map((r) => [r.trade_id, r])),
    receiptMatches: (
      (row.receipt_matches ?? []) as {
        proof_id: string;
        matched_trade_id: string;
        kind: ReceiptMatchSeen['kind'];
        uploaded_at: string;
      }[]
    ).map((m) => ({
      proofId: m.proof_id,
      matchedTradeId: m.matched_trade_id,
      kind: m.kind,
      uploadedAt: new Date(m.uploaded_at),
    })),
  };
}
