import {
  type AdminView,
  type ChatMessage,
  type Cryptocurrency,
  DEFAULT_TIME_ZONE,
  type DeskReminderList,
  type DisputeCase,
  type DisputeOwnership,
  type DisputeQueue,
  type DisputeQueueItem,
  type EvidenceRequestCreate,
  type EvidenceRequestView,
  effectiveName,
  formatCrypto,
  formatFiat,
  formatZonedTime,
  type PendingApprovalResult,
  paginationOf,
  type ResolveDisputeResult,
  staffMay,
  type TradeDetails,
  translate,
} from '@p2p/shared';
import type { AppContext } from '../../context.ts';
import type { Executor, Tx } from '../../db/client.ts';
import type { TradeRow, UserRow } from '../../db/schema.ts';
import { AppError, assert, notFound } from '../../errors.ts';
import { PendingEvents } from '../../events/notifier.ts';
import type { StaffActor } from '../audit-log/audit.repository.ts';
import { insertAuditEntry } from '../audit-log/audit.repository.ts';
import { insertMessage, listMessages } from '../chat/chat.repository.ts';
import { toChatMessage } from '../chat/chat-view.ts';
import * as evidence from '../disputes/evidence.repository.ts';
import { staffReminders } from '../notifications/reminders.repository.ts';
import { sentDetailsOf } from '../payment-templates/payment-templates.repository.ts';
import { findTrade, lockTrade } from '../trade-access/trade-access.repository.ts';
import { staffMayObserve } from '../trade-access/trade-access.ts';
import { transition } from '../trades/settlement.ts';
import { toTradeDetails } from '../trades/trade-view.ts';
import { findUserById } from '../users/users.repository.ts';
import { caseApprovalRef, pendingResult } from './approval-view.ts';
import { insertApproval, pendingForTrade } from './approvals.repository.ts';
import * as desk from './desk.repository.ts';
import { currentUsdRates, formatUsdCents, type PriceSource, valuation } from './four-eyes.ts';

export type DisputeOutcome = 'release' | 'refund';

const HOUR = 3_600_000;

/**
 * The dispute desk (docs/decisions/016-back-office.md): the queue, one owner per case, the
 * case file, the moderator's lines in the trade chat, evidence requests, and the resolution
 * (docs/decisions/010): escrow to the buyer (release) or back to the seller side (refund). The
 * transition, its money movement, the outcome line and the audit entry commit together;
 * the parties hear about it after the commit.
 */
/** One settlement of a dispute: what was decided, by whom, and (four eyes) which approval. */
interface SettleInput {
  trade: TradeRow;
  decision: { outcome: DisputeOutcome; note: string };
  actor: StaffActor;
  /** Who wrote the decision (the proposer, when a second admin approved it). */
  authorId: string;
  now: Date;
  events: PendingEvents;
  approval?: { id: string; proposedBy: string } | null;
}

export class DisputesService {
  /** `prices`: the feed that values a resolution for four eyes (only `resolve` needs it). */
  constructor(
    private readonly ctx: AppContext,
    private readonly prices: PriceSource | null = null,
  ) {}

  private get slaMs() {
    return this.ctx.config.disputeSlaHours * HOUR;
  }

  /** A trade that went to dispute, as a moderator (an observer) sees it. */
  async view(staffId: string, tradeId: string): Promise<TradeDetails> {
    const trade = await findTrade(this.ctx.db, tradeId);
    if (!trade || !staffMayObserve(trade)) throw notFound('errors.tradeNotFound');
    const [details] = await toTradeDetails(this.ctx.db, [trade], staffId, this.ctx.clock.now());
    assert(details, 'trade details missing');
    return details;
  }

  /** Open disputes, the oldest first, with their age against the target time and their owner. */
  async queue(
    staffId: string,
    query: { page: number; limit: number; owner: desk.OwnerFilter },
  ): Promise<DisputeQueue> {
    const now = this.ctx.clock.now();
    const { rows, total } = await desk.listDisputedTrades(this.ctx.db, query.owner, staffId, {
      limit: query.limit,
      offset: (query.page - 1) * query.limit,
    });
    const people = await usersById(
      this.ctx.db,
      rows.flatMap((t) => [t.buyerId, t.sellerId]),
    );
    const owners = await desk.staffRefs(
      this.ctx.db,
      rows.flatMap((t) => (t.disputeOwnerId ? [t.disputeOwnerId] : [])),
    );
    const openEvidence = await evidence.openEvidenceCounts(
      this.ctx.db,
      rows.map((t) => t.id),
    );
    const disputes = rows.map((t): DisputeQueueItem => {
      const openedAt = t.disputedAt ?? t.updatedAt;
      const deadline = new Date(openedAt.getTime() + this.slaMs);
      return {
        tradeId: t.id,
        openedAt: openedAt.toISOString(),
        ageSeconds: Math.max(0, Math.floor((now.getTime() - openedAt.getTime()) / 1000)),
        slaDeadline: deadline.toISOString(),
        overSla: deadline <= now,
        cryptocurrency: t.cryptocurrency,
        amountCrypto: formatCrypto(t.amountCrypto),
        fiatCurrency: t.fiatCurrency,
        amountFiat: formatFiat(t.amountFiat),
        paymentMethod: t.paymentMethod,
        buyer: partyRef(people, t.buyerId),
        seller: partyRef(people, t.sellerId),
        openedBy: openedByOf(t),
        reason: t.disputeReason,
        details: t.disputeDetails,
        owner: t.disputeOwnerId ? (owners.get(t.disputeOwnerId) ?? null) : null,
        takenAt: t.disputeTakenAt?.toISOString() ?? null,
        openEvidenceRequests: openEvidence.get(t.id) ?? 0,
      };
    });
    return {
      disputes,
      pagination: paginationOf(query.page, query.limit, total),
      slaHours: this.ctx.config.disputeSlaHours,
    };
  }

  /**
   * The desk's reminders (docs/decisions/030): disputes still open that passed half of their
   * target time without a staff line, of cases the caller owns and of cases nobody has taken.
   */
  async reminders(staffId: string): Promise<DeskReminderList> {
    const rows = await staffReminders(this.ctx.db, staffId, 50);
    return {
      reminders: rows.map(({ reminder, trade }) => ({
        id: reminder.id,
        tradeId: trade.id,
        trade: trade.id.slice(-8),
        deadline: reminder.deadline.toISOString(),
        createdAt: reminder.createdAt.toISOString(),
        ownerId: trade.disputeOwnerId,
      })),
    };
  }

  /** Everything the desk needs to decide a case. */
  async caseFile(me: AdminView, tradeId: string): Promise<DisputeCase> {
    const now = this.ctx.clock.now();
    const trade = await findTrade(this.ctx.db, tradeId);
    if (!trade || !staffMayObserve(trade)) throw notFound('errors.tradeNotFound');
    const [details] = await toTradeDetails(this.ctx.db, [trade], me.id, now);
    assert(details, 'trade details missing');
    const [people, histories, owners, sent, chat, pending] = await Promise.all([
      usersById(this.ctx.db, [trade.buyerId, trade.sellerId]),
      desk.historiesOf(this.ctx.db, [trade.buyerId, trade.sellerId]),
      desk.staffRefs(this.ctx.db, trade.disputeOwnerId ? [trade.disputeOwnerId] : []),
      sentDetailsOf(this.ctx.db, [trade.id]),
      listMessages(this.ctx.db, trade.id, 100, 0),
      pendingForTrade(this.ctx.db, trade.id),
    ]);
    const proposer = pending
      ? (await desk.staffRefs(this.ctx.db, [pending.proposedBy])).get(pending.proposedBy)
      : null;
    const caseParty = (id: string) => {
      const u = people.get(id);
      assert(u, `trade ${trade.id} lost a party`);
      const history = histories.get(id);
      assert(history, `no history of ${id}`);
      return {
        id,
        name: effectiveName(u),
        username: u.username,
        telegramId: u.telegramId === null ? null : u.telegramId.toString(),
        createdAt: u.createdAt.toISOString(),
        blockedAt: u.blockedAt?.toISOString() ?? null,
        history,
      };
    };
    const openedAt = trade.disputedAt;
    const deadline = openedAt ? new Date(openedAt.getTime() + this.slaMs) : null;
    const open = trade.status === 'DISPUTED';
    return {
      trade: details.trade,
      escrow: details.escrow,
      buyer: caseParty(trade.buyerId),
      seller: caseParty(trade.sellerId),
      openedBy: openedByOf(trade),
      openedAt: openedAt?.toISOString() ?? null,
      ageSeconds: openedAt ? Math.max(0, Math.floor((now.getTime() - openedAt.getTime()) / 1000)) : 0,
      slaDeadline: deadline?.toISOString() ?? null,
      overSla: open && deadline !== null && deadline <= now,
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
      const taken = await desk.takeCase(tx, tradeId, actor.staffId, now);
      if (!taken) {
        const trade = await findTrade(tx, tradeId);
        if (!trade || !staffMayObserve(trade)) throw notFound('errors.tradeNotFound');
        if (trade.status !== 'DISPUTED') throw new AppError('ACTION_NOT_AVAILABLE', 'bo.caseNotDisputed');
        throw new AppError('CONFLICT', 'bo.caseTaken');
      }
      await this.audit(tx, {
        actor,
        action: 'dispute.take',
        tradeId: taken.id,
        beforeState: null,
        afterState: { owner: actor.staffId },
        note: null,
        now,
      });
      return this.ownership(tx, taken);
    });
  }

  /** Gives the case back to the queue: its owner, or an admin for anyone's case. */
  async release(actor: StaffActor, me: AdminView, tradeId: string): Promise<DisputeOwnership> {
    const now = this.ctx.clock.now();
    return this.ctx.db.transaction(async (tx) => {
      const trade = await lockTrade(tx, tradeId);
      if (!trade || !staffMayObserve(trade)) throw notFound('errors.tradeNotFound');
      if (!trade.disputeOwnerId) return this.ownership(tx, trade);
      if (trade.disputeOwnerId !== me.id && !staffMay(me.role, 'disputes.override')) {
        throw new AppError('FORBIDDEN', 'bo.caseOwnerOnly');
      }
      const released = await desk.releaseCase(tx, tradeId, me.id, true);
      assert(released, `release of locked trade ${tradeId} updated nothing`);
      await this.audit(tx, {
        actor,
        action: 'dispute.release',
        tradeId: trade.id,
        beforeState: { owner: trade.disputeOwnerId },
        afterState: { owner: null },
        note: null,
        now,
      });
      return this.ownership(tx, released);
    });
  }

  /** The moderator writes into the trade chat; both parties see the line live. */
  async message(actor: StaffActor, me: AdminView, tradeId: string, content: string): Promise<ChatMessage> {
    const events = new PendingEvents();
    const now = this.ctx.clock.now();
    const view = await this.ctx.db.transaction(async (tx) => {
      const trade = await this.caseToActOn(tx, me, tradeId);
      const message = await this.postLine(tx, { trade, staffId: me.id, content, now, events });
      await this.audit(tx, {
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
      const trade = await this.caseToActOn(tx, me, tradeId);
      const userId = input.party === 'buyer' ? trade.buyerId : trade.sellerId;
      const deadline = new Date(now.getTime() + input.hours * HOUR);
      const row = await evidence.insertEvidenceRequest(tx, {
        tradeId: trade.id,
        party: input.party,
        userId,
        staffId: me.id,
        text: input.text,
        deadline,
        createdAt: now,
      });
      // The deadline travels as data: each party reads it in their own zone (docs/decisions/030);
      // the stored Russian text, for a client that knows no key, names Moscow time.
      const values = { party: input.party, deadline: deadline.toISOString(), text: input.text };
      const line = translate('ru', 'bo.chatEvidenceRequest', {
        ...values,
        deadline: formatZonedTime(deadline, DEFAULT_TIME_ZONE, 'ru', { withDate: true }),
      });
      await this.postLine(tx, {
        trade,
        staffId: me.id,
        content: line.slice(0, 2000),
        keyed: { key: 'bo.chatEvidenceRequest', values },
        now,
        events,
      });
      await this.audit(tx, {
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
    assert(this.prices, 'DisputesService.resolve needs the price feed');
    const rates = await currentUsdRates(this.prices);
    const threshold = this.ctx.config.safety.fourEyesUsd;
    const now = this.ctx.clock.now();
    const events = new PendingEvents();
    const result = await this.ctx.db.transaction(async (tx) => {
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
      const currency = trade.cryptocurrency as Cryptocurrency;
      const value = valuation(trade.amountCrypto, rates.rateOf(currency), threshold);
      if (!value.needsSecondAdmin) {
        const settled = await this.settle(tx, {
          trade,
          decision: { outcome, note },
          actor,
          authorId: me.id,
          now,
          events,
        });
        await events.writeTo(tx, now);
        return settled;
      }
      const approval = await insertApproval(tx, {
        kind: 'dispute.resolve',
        tradeId: trade.id,
        userId: null,
        cryptocurrency: currency,
        amount: trade.amountCrypto,
        usdCents: value.usdCents,
        payload: { outcome, note },
        proposedBy: me.id,
        proposedAt: now,
      });
      await insertAuditEntry(tx, {
        staffId: actor.staffId,
        action: 'approval.propose',
        entityType: 'trade',
        entityId: trade.id,
        ipAddress: actor.ipAddress,
        userAgent: actor.userAgent,
        note,
        beforeState: { status: trade.status, owner: trade.disputeOwnerId },
        afterState: { approval: 'pending' },
        metadata: {
          approvalId: approval.id,
          kind: approval.kind,
          outcome,
          amount: formatCrypto(trade.amountCrypto),
          usdValue: formatUsdCents(value.usdCents),
          thresholdUsd: threshold,
          priceSource: rates.source,
        },
        createdAt: now,
      });
      return pendingResult(approval, threshold);
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
    await this.postLine(tx, {
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

  /** The locked trade of an open case the caller may act on (owner, or an admin). */
  private async caseToActOn(tx: Tx, me: AdminView, tradeId: string): Promise<TradeRow> {
    const trade = await lockTrade(tx, tradeId);
    if (!trade || !staffMayObserve(trade)) throw notFound('errors.tradeNotFound');
    if (trade.status !== 'DISPUTED') throw new AppError('ACTION_NOT_AVAILABLE', 'bo.caseNotDisputed');
    if (!mayAct(me, trade)) throw new AppError('FORBIDDEN', 'bo.caseOwnerOnly');
    return trade;
  }

  /**
   * A MODERATOR line in the trade chat, shown live in the trade room; `announce` also tells both
   * parties (toast and inbox). The resolution's outcome line is not announced: the resolution's
   * own notification says it.
   */
  private async postLine(
    tx: Tx,
    {
      trade,
      staffId,
      content,
      keyed = null,
      now,
      events,
      announce = true,
    }: {
      trade: TradeRow;
      staffId: string;
      content: string;
      /** A line written from a catalogue key, with its values as data. */
      keyed?: { key: string; values: Record<string, string> } | null;
      now: Date;
      events: PendingEvents;
      announce?: boolean;
    },
  ): Promise<ChatMessage> {
    const row = await insertMessage(tx, {
      tradeId: trade.id,
      senderId: null,
      staffId,
      type: 'MODERATOR',
      content,
      contentKey: keyed?.key ?? null,
      contentValues: keyed?.values ?? null,
      createdAt: now,
    });
    const view = toChatMessage(row, null);
    events.toTrade(trade.id, 'message:new', { tradeId: trade.id, message: view });
    if (announce) {
      events.toUsers([trade.buyerId, trade.sellerId], 'trade:message', {
        tradeId: trade.id,
        messageId: view.id,
        senderName: translate('ru', 'bo.moderator'),
        message: view.content,
        fromModerator: true,
        contentKey: view.contentKey,
        contentValues: view.contentValues ?? null,
      });
    }
    return view;
  }

  private async ownership(db: Executor, trade: TradeRow): Promise<DisputeOwnership> {
    const owners = await desk.staffRefs(db, trade.disputeOwnerId ? [trade.disputeOwnerId] : []);
    return {
      tradeId: trade.id,
      owner: trade.disputeOwnerId ? (owners.get(trade.disputeOwnerId) ?? null) : null,
      takenAt: trade.disputeTakenAt?.toISOString() ?? null,
    };
  }

  private async audit(
    tx: Tx,
    {
      actor,
      action,
      tradeId,
      beforeState,
      afterState,
      note,
      now,
    }: {
      actor: StaffActor;
      action: string;
      tradeId: string;
      beforeState: Record<string, unknown> | null;
      afterState: Record<string, unknown> | null;
      note: string | null;
      now: Date;
    },
  ) {
    await insertAuditEntry(tx, {
      staffId: actor.staffId,
      action,
      entityType: 'trade',
      entityId: tradeId,
      ipAddress: actor.ipAddress,
      userAgent: actor.userAgent,
      note,
      beforeState,
      afterState,
      metadata: null,
      createdAt: now,
    });
  }
}

/** The case owner acts on a case; an admin on any case. */
function mayAct(me: AdminView, trade: Pick<TradeRow, 'disputeOwnerId'>): boolean {
  return trade.disputeOwnerId === me.id || staffMay(me.role, 'disputes.override');
}

function openedByOf(t: TradeRow): 'buyer' | 'seller' | null {
  if (t.disputedBy === t.buyerId) return 'buyer';
  if (t.disputedBy === t.sellerId) return 'seller';
  return null;
}

async function usersById(db: Executor, ids: string[]): Promise<Map<string, UserRow>> {
  const unique = [...new Set(ids)];
  const rows = await Promise.all(unique.map((id) => findUserById(db, id)));
  return new Map(rows.flatMap((u) => (u ? [[u.id, u] as const] : [])));
}

function partyRef(people: Map<string, UserRow>, id: string) {
  const u = people.get(id);
  assert(u, `party ${id} missing`);
  return { id, name: effectiveName(u), username: u.username };
}
