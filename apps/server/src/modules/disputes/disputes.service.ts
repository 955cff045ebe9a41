import {
  type AdminView,
  type ChatMessage,
  type Cryptocurrency,
  DEFAULT_TIME_ZONE,
  type DisputeCase,
  type DisputeOwnership,
  type DisputeQueue,
  type EvidenceRequestCreate,
  type EvidenceRequestView,
  formatCrypto,
  formatZonedTime,
  type PendingApprovalResult,
  paginationOf,
  type ResolveDisputeResult,
  staffMay,
  type TradeDetails,
  translate,
} from '@p2p/shared';
import type { Needs } from '../../context.ts';
import type { Executor, Tx } from '../../db/client.ts';
import type { TradeRow } from '../../db/schema.ts';
import { AppError, assert, notFound } from '../../errors.ts';
import { PendingEvents } from '../../events/notifier.ts';
import { insertAuditEntry, type StaffActor, staffRefs } from '../audit-log/index.ts';
import { listMessages, toChatMessage } from '../chat/index.ts';
import * as evidence from '../dispute-evidence/index.ts';
import {
  caseApprovalRef,
  currentUsdRates,
  type PriceSource,
  pendingForTrade,
  valuation,
} from '../four-eyes/index.ts';
import { sentDetailsOf } from '../payment-templates/index.ts';
import { findTrade, lockTrade, staffMayObserve } from '../trade-access/index.ts';
import { toTradeDetails, transition } from '../trades/index.ts';
import { type DisputeOutcome, HOUR, mayAct, openedByOf, slaOf } from './dispute-rules.ts';
import { caseParty, queueItem, usersById } from './dispute-views.ts';
import * as repo from './disputes.repository.ts';
import { auditCaseStep, postModeratorLine } from './moderator-lines.ts';
import { proposeResolution } from './resolution.ts';

/** One settlement of a dispute: what was decided, by whom, and (four eyes) which approval. */
export interface SettleInput {
  trade: TradeRow;
  decision: { outcome: DisputeOutcome; note: string };
  actor: StaffActor;
  /** Who wrote the decision (the proposer, when a second admin approved it). */
  authorId: string;
  now: Date;
  events: PendingEvents;
  approval?: { id: string; proposedBy: string } | null;
}

/**
 * The dispute desk (docs/decisions/016-back-office.md): the queue, one owner per case, the
 * case file, the moderator's lines in the trade chat, evidence requests, and the resolution
 * (docs/decisions/010): escrow to the buyer (release) or back to the seller side (refund). The
 * transition, its money movement, the outcome line and the audit entry commit together;
 * the parties hear about it after the commit.
 */
export class DisputesService {
  /** `prices`: the feed that values a resolution for four eyes (docs/decisions/023). */
  constructor(
    private readonly ctx: Needs<'config' | 'db' | 'clock' | 'notifier'>,
    private readonly prices: PriceSource,
  ) {}

  private get slaMs() {
    return this.ctx.config.disputeSlaHours * HOUR;
  }

  /** A trade that went to dispute, as a moderator (an observer) sees it. */
  async view(staffId: string, tradeId: string): Promise<TradeDetails> {
    return (await this.observe(staffId, tradeId, this.ctx.clock.now())).details;
  }

  private async observe(staffId: string, tradeId: string, now: Date) {
    const trade = await findTrade(this.ctx.db, tradeId);
    if (!trade || !staffMayObserve(trade)) throw notFound('errors.tradeNotFound');
    const [details] = await toTradeDetails(this.ctx.db, [trade], staffId, { now });
    assert(details, 'trade details missing');
    return { trade, details };
  }

  /** Open disputes, the oldest first, with their age against the target time and their owner. */
  async queue(
    staffId: string,
    query: { page: number; limit: number; owner: repo.OwnerFilter },
  ): Promise<DisputeQueue> {
    const now = this.ctx.clock.now();
    const { rows, total } = await repo.listDisputedTrades(this.ctx.db, query.owner, staffId, {
      limit: query.limit,
      offset: (query.page - 1) * query.limit,
    });
    const people = await usersById(
      this.ctx.db,
      rows.flatMap((t) => [t.buyerId, t.sellerId]),
    );
    const owners = await staffRefs(
      this.ctx.db,
      rows.flatMap((t) => (t.disputeOwnerId ? [t.disputeOwnerId] : [])),
    );
    const openEvidence = await evidence.openEvidenceCounts(
      this.ctx.db,
      rows.map((t) => t.id),
    );
    const facts = { now, slaMs: this.slaMs, people, owners, openEvidence };
    return {
      disputes: rows.map((t) => queueItem(t, facts)),
      pagination: paginationOf(query.page, query.limit, total),
      slaHours: this.ctx.config.disputeSlaHours,
    };
  }

  /** Everything the desk needs to decide a case. */
  async caseFile(me: AdminView, tradeId: string): Promise<DisputeCase> {
    const now = this.ctx.clock.now();
    const { trade, details } = await this.observe(me.id, tradeId, now);
    const [people, histories, owners, sent, chat, pending] = await Promise.all([
      usersById(this.ctx.db, [trade.buyerId, trade.sellerId]),
      repo.historiesOf(this.ctx.db, [trade.buyerId, trade.sellerId]),
      staffRefs(this.ctx.db, trade.disputeOwnerId ? [trade.disputeOwnerId] : []),
      sentDetailsOf(this.ctx.db, [trade.id]),
      listMessages(this.ctx.db, trade.id, 100, 0),
      pendingForTrade(this.ctx.db, trade.id),
    ]);
    const proposer = pending
      ? (await staffRefs(this.ctx.db, [pending.proposedBy])).get(pending.proposedBy)
      : null;
    const sla = trade.disputedAt ? slaOf(trade.disputedAt, this.slaMs, now) : null;
    const open = trade.status === 'DISPUTED';
    return {
      trade: details.trade,
      escrow: details.escrow,
      buyer: caseParty(trade, trade.buyerId, { people, histories }),
      seller: caseParty(trade, trade.sellerId, { people, histories }),
      openedBy: openedByOf(trade),
      openedAt: trade.disputedAt?.toISOString() ?? null,
      ageSeconds: sla?.ageSeconds ?? 0,
      slaDeadline: sla?.deadline.toISOString() ?? null,
      overSla: open && (sla?.overSla ?? false),
      owner: trade.disputeOwnerId ? (owners.get(trade.disputeOwnerId) ?? null) : null,
      takenAt: trade.disputeTakenAt?.toISOString() ?? null,
      canAct: open && mayAct(me, trade),
      pendingApproval: pending && proposer ? caseApprovalRef(pending, proposer) : null,
      evidenceRequests: details.evidenceRequests,
      paymentDetails: sent.map((d) => ({
        name: d.name,
        type: d.type,
        details: d.details as Record<string, string>,
        sentAt: d.sentAt.toISOString(),
      })),
      messages: chat.rows.map((r) => toChatMessage(r, r.sender)),
    };
  }

  /**
   * Takes a case. One conditional update decides: of two moderators at once, one becomes
   * the owner and the other is told the case is taken (409).
   */
  async take(actor: StaffActor, tradeId: string): Promise<DisputeOwnership> {
    const now = this.ctx.clock.now();
    return this.ctx.db.transaction(async (tx) => {
      const taken = await repo.takeCase(tx, tradeId, actor.staffId, now);
      if (!taken) {
        const trade = await findTrade(tx, tradeId);
        if (!trade || !staffMayObserve(trade)) throw notFound('errors.tradeNotFound');
        if (trade.status !== 'DISPUTED') throw new AppError('ACTION_NOT_AVAILABLE', 'bo.caseNotDisputed');
        throw new AppError('CONFLICT', 'bo.caseTaken');
      }
      await auditCaseStep(tx, {
        actor,
        action: 'dispute.take',
        tradeId: taken.id,
        beforeState: null,
        afterState: { owner: actor.staffId },
        note: null,
        now,
      });
      return ownership(tx, taken);
    });
  }

  /** Gives the case back to the queue: its owner, or an admin for anyone's case. */
  async release(actor: StaffActor, me: AdminView, tradeId: string): Promise<DisputeOwnership> {
    const now = this.ctx.clock.now();
    return this.ctx.db.transaction(async (tx) => {
      const trade = await lockTrade(tx, tradeId);
      if (!trade || !staffMayObserve(trade)) throw notFound('errors.tradeNotFound');
      if (!trade.disputeOwnerId) return ownership(tx, trade);
      if (trade.disputeOwnerId !== me.id && !staffMay(me.role, 'disputes.override')) {
        throw new AppError('FORBIDDEN', 'bo.caseOwnerOnly');
      }
      const released = await repo.releaseCase(tx, tradeId, me.id, true);
      assert(released, `release of locked trade ${tradeId} updated nothing`);
      await auditCaseStep(tx, {
        actor,
        action: 'dispute.release',
        tradeId: trade.id,
        beforeState: { owner: trade.disputeOwnerId },
        afterState: { owner: null },
        note: null,
        now,
      });
      return ownership(tx, released);
    });
  }

  /** The moderator writes into the trade chat; both parties see the line live. */
  async message(actor: StaffActor, me: AdminView, tradeId: string, content: string): Promise<ChatMessage> {
    const events = new PendingEvents();
    const now = this.ctx.clock.now();
    const view = await this.ctx.db.transaction(async (tx) => {
      const trade = await caseToActOn(tx, me, tradeId);
      const message = await postModeratorLine(tx, { trade, staffId: me.id, content, now, events });
      await auditCaseStep(tx, {
        actor,
        action: 'dispute.message',
        tradeId: trade.id,
        beforeState: null,
        afterState: null,
        note: content,
        now,
      });
      await events.writeTo(tx, now);
      return message;
    });
    events.publishTo(this.ctx.notifier);
    return view;
  }

  /** Asks one party for evidence by a deadline; stored, announced in the chat and to both parties. */
  async requestEvidence(
    actor: StaffActor,
    me: AdminView,
    tradeId: string,
    input: EvidenceRequestCreate,
  ): Promise<EvidenceRequestView> {
    const events = new PendingEvents();
    const now = this.ctx.clock.now();
    const view = await this.ctx.db.transaction(async (tx) => {
      const trade = await caseToActOn(tx, me, tradeId);
      const deadline = new Date(now.getTime() + input.hours * HOUR);
      const row = await evidence.insertEvidenceRequest(tx, {
        tradeId: trade.id,
        party: input.party,
        userId: input.party === 'buyer' ? trade.buyerId : trade.sellerId,
        staffId: me.id,
        text: input.text,
        deadline,
        createdAt: now,
      });
      await announceEvidenceRequest(tx, { trade, staffId: me.id, input, deadline, now, events });
      await auditCaseStep(tx, {
        actor,
        action: 'dispute.evidence_request',
        tradeId: trade.id,
        beforeState: null,
        afterState: { party: input.party, deadline: deadline.toISOString() },
        note: input.text,
        now,
      });
      const request = evidence.toEvidenceView(row, now);
      events.toUsers([trade.buyerId, trade.sellerId], 'trade:evidence_requested', {
        tradeId: trade.id,
        request,
      });
      await events.writeTo(tx, now);
      return request;
    });
    events.publishTo(this.ctx.notifier);
    return view;
  }

  /**
   * Settles the case: only its owner or an admin. The written outcome goes into the chat in
   * the same transaction as the money, the transition and the audit entry. A case worth more
   * than FOUR_EYES_USD is not settled: the resolution is stored as a proposal for a second
   * admin (docs/decisions/023) and nothing moves. A case with a proposal pending is refused.
   */
  async resolve(
    actor: StaffActor,
    me: AdminView,
    { tradeId, outcome, note }: { tradeId: string; outcome: DisputeOutcome; note: string },
  ): Promise<ResolveDisputeResult | PendingApprovalResult> {
    const rates = await currentUsdRates(this.prices);
    const thresholdUsd = this.ctx.config.safety.fourEyesUsd;
    const now = this.ctx.clock.now();
    const events = new PendingEvents();
    const decision = { outcome, note };
    const result = await this.ctx.db.transaction(async (tx) => {
      const trade = await caseToResolve(tx, me, tradeId);
      const currency = trade.cryptocurrency as Cryptocurrency;
      const value = valuation(trade.amountCrypto, rates.rateOf(currency), thresholdUsd);
      if (value.needsSecondAdmin) {
        return proposeResolution(tx, {
          trade,
          decision,
          actor,
          proposerId: me.id,
          value: { usdCents: value.usdCents, thresholdUsd, rates },
          now,
        });
      }
      const settled = await this.settle(tx, { trade, decision, actor, authorId: me.id, now, events });
      await events.writeTo(tx, now);
      return settled;
    });
    events.publishTo(this.ctx.notifier);
    return result;
  }

  /**
   * Moves the escrow of a locked, disputed trade as decided, posts the outcome line and writes
   * the audit entry, in the caller's transaction: the owner's resolution, or a second admin's
   * approval of a proposal (`approval`, then the line is the proposer's and the entry says so).
   */
  async settle(tx: Tx, input: SettleInput): Promise<ResolveDisputeResult> {
    const { trade, decision, actor, authorId, now, events, approval = null } = input;
    const { outcome, note } = decision;
    assert(trade.status === 'DISPUTED', `settling trade ${trade.id} in ${trade.status}`);
    const action = outcome === 'release' ? 'resolve_release' : 'resolve_refund';
    const notes = [trade.notes, `Решение модератора: ${note}`].filter(Boolean).join('\n');
    const updated = await transition({
      tx,
      trade,
      action,
      actor: 'moderator',
      actorId: null,
      now,
      feePpm: this.ctx.config.feePpm,
      patch: { notes },
      events,
    });
    const line = translate('ru', 'bo.chatOutcome', { outcome, note });
    await postModeratorLine(tx, {
      trade,
      staffId: authorId,
      content: line.slice(0, 2000),
      now,
      events,
      announce: false,
    });
    await insertAuditEntry(tx, {
      staffId: actor.staffId,
      action: `trade.resolve_${outcome}`,
      entityType: 'trade',
      entityId: trade.id,
      ipAddress: actor.ipAddress,
      userAgent: actor.userAgent,
      note,
      beforeState: {
        status: trade.status,
        escrow: formatCrypto(trade.escrowAmount),
        owner: trade.disputeOwnerId,
      },
      afterState: {
        status: updated.status,
        settlement: updated.settlement,
        fee: formatCrypto(updated.feeAmount),
      },
      metadata: {
        buyerId: trade.buyerId,
        sellerId: trade.sellerId,
        amount: formatCrypto(trade.amountCrypto),
        ...(approval ? { approvalId: approval.id, proposedBy: approval.proposedBy } : {}),
      },
      createdAt: now,
    });
    const settled = outcome === 'release' ? ('released' as const) : ('refunded' as const);
    assert(updated.settlement === settled, `resolution left trade ${trade.id} ${updated.settlement}`);
    return {
      tradeId: updated.id,
      status: settled === 'released' ? ('COMPLETED' as const) : ('CANCELLED' as const),
      settlement: settled,
    };
  }
}

/** The locked trade of an open case the caller may act on (owner, or an admin). */
async function caseToActOn(tx: Tx, me: AdminView, tradeId: string): Promise<TradeRow> {
  const trade = await lockTrade(tx, tradeId);
  if (!trade || !staffMayObserve(trade)) throw notFound('errors.tradeNotFound');
  if (trade.status !== 'DISPUTED') throw new AppError('ACTION_NOT_AVAILABLE', 'bo.caseNotDisputed');
  if (!mayAct(me, trade)) throw new AppError('FORBIDDEN', 'bo.caseOwnerOnly');
  return trade;
}

/** The locked trade of a case the caller may resolve now: disputed, theirs, no proposal pending. */
async function caseToResolve(tx: Tx, me: AdminView, tradeId: string): Promise<TradeRow> {
  const trade = await lockTrade(tx, tradeId);
  if (!trade) throw notFound('errors.tradeNotFound');
  if (trade.status !== 'DISPUTED') {
    throw new AppError('ACTION_NOT_AVAILABLE', 'errors.actionNotAvailable', undefined, {
      status: trade.status,
    });
  }
  if (!mayAct(me, trade)) throw new AppError('FORBIDDEN', 'bo.caseOwnerOnly');
  const pending = await pendingForTrade(tx, trade.id);
  if (pending) {
    throw new AppError('CONFLICT', 'staffSafety.casePending', undefined, { approvalId: pending.id });
  }
  return trade;
}

/**
 * The evidence request's line in the trade chat. The deadline travels as data: each party reads
 * it in their own zone (docs/decisions/030); the stored Russian text, for a client that knows no
 * key, names Moscow time.
 */
async function announceEvidenceRequest(
  tx: Tx,
  request: {
    trade: TradeRow;
    staffId: string;
    input: EvidenceRequestCreate;
    deadline: Date;
    now: Date;
    events: PendingEvents;
  },
): Promise<void> {
  const { trade, staffId, input, deadline, now, events } = request;
  const values = { party: input.party, deadline: deadline.toISOString(), text: input.text };
  const line = translate('ru', 'bo.chatEvidenceRequest', {
    ...values,
    deadline: formatZonedTime(deadline, DEFAULT_TIME_ZONE, 'ru', { withDate: true }),
  });
  await postModeratorLine(tx, {
    trade,
    staffId,
    content: line.slice(0, 2000),
    keyed: { key: 'bo.chatEvidenceRequest', values },
    now,
    events,
  });
}

async function ownership(db: Executor, trade: TradeRow): Promise<DisputeOwnership> {
  const owners = await staffRefs(db, trade.disputeOwnerId ? [trade.disputeOwnerId] : []);
  return {
    tradeId: trade.id,
    owner: trade.disputeOwnerId ? (owners.get(trade.disputeOwnerId) ?? null) : null,
    takenAt: trade.disputeTakenAt?.toISOString() ?? null,
  };
}
