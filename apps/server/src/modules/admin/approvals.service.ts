import {
  type AdminView,
  type ApprovalList,
  type ApprovalsQuery,
  type ApprovalView,
  BalanceOperationRequest,
  CRYPTO_DECIMALS,
  type Cryptocurrency,
  formatCrypto,
  paginationOf,
  parseAmount,
  staffMay,
} from '@p2p/shared';
import type { Needs } from '../../context.ts';
import type { Executor, Tx } from '../../db/client.ts';
import type { StaffApprovalRow, TradeRow } from '../../db/schema.ts';
import { AppError, assert } from '../../errors.ts';
import { PendingEvents } from '../../events/notifier.ts';
import { insertAuditEntry, type StaffActor } from '../audit-log/index.ts';
import type { DisputesService } from '../disputes/index.ts';
import * as approvals from '../four-eyes/index.ts';
import { formatUsdCents, resolutionOf } from '../four-eyes/index.ts';
import { lockTrade } from '../trade-access/index.ts';
import { findUserById } from '../users/index.ts';
import type { WithdrawalDecisionsService } from '../withdrawals/index.ts';
import { approvalViews, failNoteOf } from './approval-view.ts';
import type { BalanceOperationsService } from './balance-operations.service.ts';
import { findStaffById } from './staff.repository.ts';

type Decision = 'approved' | 'rejected' | 'cancelled';

/**
 * Four eyes (docs/decisions/023-trust-and-safety.md, "Staff are bounded"): the proposals a
 * resolution or a credit above FOUR_EYES_USD became, and their decisions. A second admin
 * approves (the money moves in their transaction, everything re-checked at that moment) or
 * rejects; the proposer may only withdraw their own. Every step is in the audit log.
 */
export class ApprovalsService {
  /** The services whose decisions an approval carries out. */
  constructor(
    private readonly ctx: Needs<'config' | 'db' | 'clock' | 'notifier'>,
    private readonly disputes: DisputesService,
    private readonly balances: BalanceOperationsService,
    private readonly withdrawals: WithdrawalDecisionsService,
  ) {}

  async list(me: AdminView, query: ApprovalsQuery): Promise<ApprovalList> {
    const { rows, total } = await approvals.listApprovals(this.ctx.db, query.state, {
      limit: query.limit,
      offset: (query.page - 1) * query.limit,
    });
    return {
      approvals: await approvalViews(this.ctx.db, me, rows),
      pagination: paginationOf(query.page, query.limit, total),
      pendingCount:
        query.state === 'pending' ? total : await approvals.countApprovals(this.ctx.db, 'pending'),
      thresholdUsd: this.ctx.config.safety.fourEyesUsd,
    };
  }

  /**
   * Applies a proposal as the second admin. Locks the trade (when there is one) and then the
   * proposal, so two approvals of one proposal run one after the other and the second finds
   * it decided (409): the money moves once.
   */
  async approve(actor: StaffActor, me: AdminView, id: string, note: string | null): Promise<ApprovalView> {
    const events = new PendingEvents();
    const view = await this.ctx.db.transaction(async (tx) => {
      const now = this.ctx.clock.now();
      const seen = await this.decidable(tx, me, id);
      const trade = seen.tradeId ? await lockTrade(tx, seen.tradeId) : null;
      const approval = await this.lockPending(tx, id);
      const from = { id: approval.id, proposedBy: approval.proposedBy };
      if (approval.kind === 'dispute.resolve') {
        assert(trade, `approval ${id} lost its trade`);
        await this.ensureCaseStillOpen(tx, trade, approval);
        await this.disputes.settle(tx, {
          trade,
          decision: resolutionOf(approval),
          actor,
          authorId: approval.proposedBy,
          now,
          events,
          approval: from,
        });
      } else if (approval.kind === 'withdrawal.fail') {
        // The claimed withdrawal fails now, in this transaction: the amount returns once.
        assert(approval.withdrawalId, `fail approval ${id} names no withdrawal`);
        await this.ensureProposerStillAdmin(tx, approval);
        await this.withdrawals.applyApprovedFail(tx, {
          actor,
          id: approval.withdrawalId,
          note: failNoteOf(approval),
          approvalId: approval.id,
          now,
          events,
        });
      } else {
        const credit = await this.creditStillValid(tx, approval);
        await this.balances.post(tx, {
          operation: 'credit',
          userId: credit.userId,
          movement: credit,
          actor,
          now,
          approval: from,
        });
      }
      const view = await this.close(tx, { actor, me, approval, status: 'approved', note, now });
      await events.writeTo(tx, now);
      return view;
    });
    events.publishTo(this.ctx.notifier);
    return view;
  }

  /** Refuses a proposal: nothing moves; a dispute stays open and its owner may propose again. */
  async reject(actor: StaffActor, me: AdminView, id: string, note: string): Promise<ApprovalView> {
    return this.ctx.db.transaction(async (tx) => {
      await this.decidable(tx, me, id);
      const approval = await this.lockPending(tx, id);
      return this.close(tx, { actor, me, approval, status: 'rejected', note, now: this.ctx.clock.now() });
    });
  }

  /** The proposer withdraws their own pending proposal. */
  async cancel(actor: StaffActor, me: AdminView, id: string): Promise<ApprovalView> {
    return this.ctx.db.transaction(async (tx) => {
      const approval = await this.lockPending(tx, id, true);
      if (approval.proposedBy !== me.id) throw new AppError('FORBIDDEN', 'staffSafety.cancelOwnOnly');
      return this.close(tx, {
        actor,
        me,
        approval,
        status: 'cancelled',
        note: null,
        now: this.ctx.clock.now(),
      });
    });
  }

  /** The proposal, when `me` may decide it: never one's own, admins only (403 otherwise). */
  private async decidable(db: Executor, me: AdminView, id: string): Promise<StaffApprovalRow> {
    const row = await approvals.findApproval(db, id);
    if (!row) throw new AppError('NOT_FOUND', 'staffSafety.approvalNotFound');
    if (row.proposedBy === me.id) throw new AppError('FORBIDDEN', 'staffSafety.notOwnProposal');
    if (!staffMay(me.role, 'approvals.decide')) throw new AppError('FORBIDDEN', 'bo.adminsOnly');
    return row;
  }

  private async lockPending(tx: Tx, id: string, mayBeMissing = false): Promise<StaffApprovalRow> {
    const row = await approvals.lockApproval(tx, id);
    if (!row && mayBeMissing) throw new AppError('NOT_FOUND', 'staffSafety.approvalNotFound');
    assert(row, `approval ${id} vanished`);
    if (row.status !== 'pending') {
      throw new AppError('CONFLICT', 'staffSafety.alreadyDecided', undefined, { status: row.status });
    }
    return row;
  }

  /**
   * The case as it is now: still disputed, and the proposer still able to resolve it (enabled,
   * and its owner or an admin). Otherwise the proposal is stale (409) and nothing moves.
   */
  private async ensureCaseStillOpen(tx: Tx, trade: TradeRow, approval: StaffApprovalRow) {
    if (trade.status !== 'DISPUTED') {
      throw new AppError('ACTION_NOT_AVAILABLE', 'staffSafety.caseNoLongerDisputed', undefined, {
        status: trade.status,
      });
    }
    const proposer = await findStaffById(tx, approval.proposedBy);
    const mayStill =
      proposer &&
      !proposer.disabledAt &&
      (trade.disputeOwnerId === proposer.id || staffMay(proposer.role, 'disputes.override'));
    if (!mayStill) throw new AppError('CONFLICT', 'staffSafety.proposerNoLonger');
  }

  /** The proposer of a withdrawal fail may still decide withdrawals (enabled, an admin). */
  private async ensureProposerStillAdmin(tx: Tx, approval: StaffApprovalRow) {
    const proposer = await findStaffById(tx, approval.proposedBy);
    if (!proposer || proposer.disabledAt || !staffMay(proposer.role, 'withdrawals.decide')) {
      throw new AppError('CONFLICT', 'staffSafety.proposerNoLonger');
    }
  }

  /** The proposed credit validated again, as if it were sent now, by a proposer who still may. */
  private async creditStillValid(tx: Tx, approval: StaffApprovalRow) {
    const proposer = await findStaffById(tx, approval.proposedBy);
    if (!proposer || proposer.disabledAt || !staffMay(proposer.role, 'balances.move')) {
      throw new AppError('CONFLICT', 'staffSafety.proposerNoLonger');
    }
    const request = BalanceOperationRequest.safeParse(approval.payload);
    if (!request.success || !approval.userId) throw new AppError('CONFLICT', 'staffSafety.creditInvalid');
    const amount = parseAmount(request.data.amount, CRYPTO_DECIMALS);
    assert(amount === approval.amount, `approval ${approval.id} payload and amount disagree`);
    assert(request.data.cryptocurrency === approval.cryptocurrency, `approval ${approval.id} currency`);
    const user = await findUserById(tx, approval.userId);
    if (!user) throw new AppError('CONFLICT', 'staffSafety.creditInvalid');
    return {
      userId: user.id,
      currency: request.data.cryptocurrency as Cryptocurrency,
      amount,
      reason: request.data.reason,
    };
  }

  /** Writes the decision and its audit entry (who, when, from where, why). */
  private async close(
    tx: Tx,
    {
      actor,
      me,
      approval,
      status,
      note,
      now,
    }: {
      actor: StaffActor;
      me: AdminView;
      approval: StaffApprovalRow;
      status: Decision;
      note: string | null;
      now: Date;
    },
  ): Promise<ApprovalView> {
    const decided = await approvals.decideApproval(tx, approval.id, {
      status,
      decidedBy: me.id,
      decidedAt: now,
      decisionNote: note,
    });
    assert(decided, `locked pending approval ${approval.id} was not updated`);
    await insertAuditEntry(tx, {
      staffId: actor.staffId,
      action: `approval.${status === 'approved' ? 'approve' : status === 'rejected' ? 'reject' : 'cancel'}`,
      entityType: approval.tradeId ? 'trade' : approval.withdrawalId ? 'withdrawal' : 'user',
      entityId: approval.tradeId ?? approval.withdrawalId ?? approval.userId,
      ipAddress: actor.ipAddress,
      userAgent: actor.userAgent,
      note,
      beforeState: { approval: 'pending' },
      afterState: { approval: status },
      metadata: {
        approvalId: approval.id,
        kind: approval.kind,
        proposedBy: approval.proposedBy,
        amount: formatCrypto(approval.amount),
        usdValue: formatUsdCents(approval.usdCents),
      },
      createdAt: now,
    });
    const [view] = await approvalViews(tx, me, [decided]);
    assert(view, 'approval view missing');
    return view;
  }
}
