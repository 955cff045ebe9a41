import {
  availableActions,
  currentPhase,
  DEFAULT_LANG,
  formatCrypto,
  formatFiat,
  formatMarginBp,
  type ProgressInput,
  progressSteps,
  type TradeDetails,
  type TradeParty,
  type TradeRole,
  type TradeView,
  tradePhases,
  translate,
} from '@p2p/shared';
import type { Executor } from '../../db/client.ts';
import type { TradeRow, UserRow } from '../../db/schema.ts';
import type { OutboxEvent } from '../../events/outbox-store.ts';
import { toEvidenceView } from '../dispute-evidence/index.ts';
import { paymentInfoFrom } from '../payment-templates/index.ts';
import { roleOf, staffMayObserve } from '../trade-access/index.ts';
import { effectiveAvatar, effectiveName, type ReputationSummary } from '../users/index.ts';
import { payerViewOf } from './payer-account.ts';
import { type TradeViewContext, tradeViewContext } from './trade-view.repository.ts';
import type { TradeActionRow } from './trades.repository.ts';

/**
 * Receipts matching other trades' receipts are shown to the seller, who decides whether the
 * money came, and to staff (the only observers of a trade view) once they may observe it;
 * never to the buyer who uploaded them (docs/decisions/023, "Reused receipts").
 */
export function seesReceiptMatches(trade: Pick<TradeRow, 'disputedAt'>, role: TradeRole): boolean {
  return role === 'seller' || (role === 'observer' && staffMayObserve(trade));
}

const iso = (d: Date | null) => d?.toISOString() ?? null;

/**
 * The API's `currentStep` and `steps` (five phases), read off the trade's progress as the shared
 * module computes it for the trade page too (docs/product/trading-rules.md). Their texts are the
 * catalogue's in the default language, like the history's descriptions beside them: the view is
 * built without the request's language (docs/decisions/015).
 */
function progressOf(
  t: TradeRow,
  role: TradeRole,
  details: ProgressInput['paymentTemplate'],
): Pick<TradeView, 'currentStep' | 'steps'> {
  const moments = {
    createdAt: t.createdAt.toISOString(),
    paidAt: iso(t.paidAt),
    confirmedAt: iso(t.confirmedAt),
    completedAt: iso(t.completedAt),
    cancelledAt: iso(t.cancelledAt),
  };
  const phases = tradePhases(progressSteps({ status: t.status, ...moments, paymentTemplate: details }, role));
  const steps = phases.map((phase) => ({
    id: phase.id,
    name: phase.name,
    title: translate(DEFAULT_LANG, phase.title),
    description: translate(DEFAULT_LANG, phase.description),
    status: phase.status,
    completedAt: phase.completedAt,
    startedAt: phase.startedAt,
  }));
  return { currentStep: currentPhase(phases), steps };
}

function party(u: UserRow, rep: ReputationSummary | undefined): TradeParty {
  return {
    id: u.id,
    username: u.username,
    first_name: u.firstName,
    firstName: u.firstName,
    lastName: u.lastName,
    displayName: u.displayName,
    effectiveName: effectiveName(u),
    avatarUrl: effectiveAvatar(u),
    customAvatarUrl: u.customAvatarUrl,
    rating: rep?.rating ?? null,
    tradesCount: rep?.completedTrades ?? 0,
    completionRate: rep?.completionRate ?? null,
    avgResponseTime: rep?.avgResponseSeconds ?? null,
    disputeCount: rep?.disputeCount ?? 0,
    verified: u.verified,
  };
}

function actionEntry(a: TradeActionRow): TradeView['actions'][number] {
  return {
    id: a.id.toString(),
    timestamp: a.createdAt.toISOString(),
    actor: a.actorRole,
    actorId: a.actorId,
    action: a.action,
    fromStatus: a.fromStatus,
    toStatus: a.toStatus,
    description: a.description,
  };
}

/**
 * Full views of trades as seen by `viewerId`; everything besides the rows is read in one
 * statement, which also writes `outbox` (a transaction's events: its last statement reads its
 * answer, docs/decisions/052). With `commits` that statement also carries the transaction's
 * COMMIT (docs/decisions/053): nothing may run in the transaction after this call.
 */
export async function toTradeDetails(
  db: Executor,
  rows: TradeRow[],
  viewerId: string,
  { now, outbox = [], commits = false }: { now: Date; outbox?: readonly OutboxEvent[]; commits?: boolean },
): Promise<TradeDetails[]> {
  if (rows.length === 0) return [];
  const userIds = rows.flatMap((t) => [t.buyerId, t.sellerId]);
  const ids = rows.map((t) => t.id);
  // Unread chat is the viewer's: only trades they are a party of have any.
  const partyIds = rows.filter((t) => roleOf(t, viewerId) !== 'observer').map((t) => t.id);
  const disputedIds = rows.filter((t) => t.disputedAt !== null).map((t) => t.id);
  const matchIds = rows.filter((t) => seesReceiptMatches(t, roleOf(t, viewerId))).map((t) => t.id);
  const context = await tradeViewContext(
    db,
    {
      viewerId,
      now,
      userIds,
      tradeIds: ids,
      partyTradeIds: partyIds,
      disputedIds,
      matchTradeIds: matchIds,
    },
    { outbox, commits },
  );
  const payment = paymentInfoFrom(context.sentDetails, context.proofs, {
    trades: new Set(matchIds),
    matches: context.receiptMatches,
  });
  const userById = new Map(context.users.map((u) => [u.id, u]));
  return rows.map((t) => {
    const trade = tradeViewOf(t, { viewerId, context, userById, payment });
    return {
      trade,
      escrow: {
        amount: formatCrypto(t.amountCrypto),
        currency: t.cryptocurrency,
        status:
          t.settlement === 'released' ? 'released' : t.settlement === 'refunded' ? 'refunded' : 'locked',
        source: t.escrowSource,
        feeAmount: formatCrypto(t.feeAmount),
      },
      availableActions: availableActions(t.status, trade.userRole),
      evidenceRequests: context.evidence.filter((e) => e.tradeId === t.id).map((e) => toEvidenceView(e, now)),
    };
  });
}

/** One trade as `viewerId` sees it, from the context read for all of them. */
function tradeViewOf(
  t: TradeRow,
  v: {
    viewerId: string;
    context: TradeViewContext;
    userById: Map<string, UserRow>;
    payment: ReturnType<typeof paymentInfoFrom>;
  },
): TradeView {
  const { reputations: reps, actions, reviewed, unread, payers } = v.context;
  const buyerRow = v.userById.get(t.buyerId);
  const sellerRow = v.userById.get(t.sellerId);
  if (!buyerRow || !sellerRow) throw new Error(`trade ${t.id} lost a party`);
  const buyer = party(buyerRow, reps.get(t.buyerId));
  const seller = party(sellerRow, reps.get(t.sellerId));
  const role = roleOf(t, v.viewerId);
  const other = role === 'buyer' ? seller : role === 'seller' ? buyer : null;
  const payment = v.payment(t.id);
  return {
    id: t.id,
    orderId: t.orderId,
    orderType: t.escrowSource === 'order_reserve' ? 'sell' : 'buy',
    status: t.status,
    userRole: role,
    buyerId: t.buyerId,
    sellerId: t.sellerId,
    buyer,
    seller,
    counterparty: other
      ? { id: other.id, name: other.effectiveName, rating: other.rating, tradesCount: other.tradesCount }
      : null,
    cryptocurrency: t.cryptocurrency,
    fiatCurrency: t.fiatCurrency,
    amountCrypto: formatCrypto(t.amountCrypto),
    amountFiat: formatFiat(t.amountFiat),
    pricePerUnit: formatFiat(t.pricePerUnit),
    marginPercent: t.marginBp === null ? null : formatMarginBp(t.marginBp),
    totalAmount: formatFiat(t.amountFiat),
    feeAmount: formatCrypto(t.feeAmount),
    paymentMethod: t.paymentMethod,
    chatUnreadCount: unread.get(t.id) ?? 0,
    timers: { paymentDeadline: iso(t.paymentDeadline), autoReleaseAt: iso(t.autoReleaseAt) },
    paymentDeadline: t.paymentDeadline.toISOString(),
    confirmationDeadline: iso(t.confirmationDeadline),
    autoReleaseAt: iso(t.autoReleaseAt),
    autoReleaseExecutedAt: iso(t.autoReleaseExecutedAt),
    ...progressOf(t, role, payment.paymentTemplate),
    disputeReason: t.disputeReason,
    disputeDetails: t.disputeDetails,
    notes: t.notes,
    actions: actions.filter((a) => a.tradeId === t.id).map(actionEntry),
    reviewedByMe: reviewed.has(t.id),
    createdAt: t.createdAt.toISOString(),
    updatedAt: t.updatedAt.toISOString(),
    paidAt: iso(t.paidAt),
    confirmedAt: iso(t.confirmedAt),
    completedAt: iso(t.completedAt),
    cancelledAt: iso(t.cancelledAt),
    ...payment,
    payer: payerViewOf(
      t,
      role,
      { firstName: buyerRow.firstName, lastName: buyerRow.lastName, shownName: buyer.effectiveName },
      payers.get(t.id),
    ),
  };
}
