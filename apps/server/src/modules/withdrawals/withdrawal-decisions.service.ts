import {
  type AdminWithdrawalView,
  claimPermits,
  formatCrypto,
  NETWORKS,
  paginationOf,
  STAFF_TRANSITIONS,
  type StaffWithdrawalAction,
  type WithdrawalDecisionRequest,
  type WithdrawalStatus,
} from '@p2p/shared';
import { normalizeTxHash } from '@p2p/shared/address';
import type { Needs } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import type { WithdrawalRow } from '../../db/schema.ts';
import { AppError, assert, notFound } from '../../errors.ts';
import { PendingEvents } from '../../events/notifier.ts';
import { insertAuditEntry, type StaffActor } from '../audit-log/index.ts';
import * as ledger from '../ledger/index.ts';
import { withdrawalFacts } from './withdrawal-facts.ts';
import { claimOf, toAdminWithdrawalView } from './withdrawal-view.ts';
import * as repo from './withdrawals.repository.ts';
import { announce, moneyOf } from './withdrawals.service.ts';

const snapshot = (w: WithdrawalRow) => ({
  status: w.status,
  amount: formatCrypto(w.amount),
  fee: formatCrypto(w.fee),
  txHash: w.txHash,
  reviewNotes: w.reviewNotes,
  claimedBy: w.claimedBy,
  claimedAt: w.claimedAt?.toISOString() ?? null,
});

/** How a refusal names a staff member to another: the name, else the e-mail. */
const staffName = (s: repo.Claimer | null) => (s ? `${s.firstName} ${s.lastName}`.trim() || s.email : '');

/**
 * The back office's side of withdrawals (docs/decisions/012 and 023): the queue, and the admin's
 * decisions. Each decision locks the withdrawal row, checks the transition table, moves the
 * money and writes the audit entry in one transaction; a second, late decision finds the
 * new status and answers 409 without touching anything. `processing` is the claim
 * («Отправить»): it records who takes the request for sending, and only a claimed request is
 * completed or failed (docs/decisions/023, section 2).
 */
export class WithdrawalDecisionsService {
  constructor(private readonly ctx: Needs<'db' | 'clock' | 'notifier'>) {}

  /** A page of the queue as `viewerId` sees it (the actions open to them). */
  async queue(
    viewerId: string,
    query: { page: number; limit: number; status?: WithdrawalStatus | undefined },
  ) {
    const { rows, total } = await repo.withdrawalQueue(
      this.ctx.db,
      query.status,
      query.limit,
      (query.page - 1) * query.limit,
    );
    const facts = await withdrawalFacts(this.ctx.db, rows, this.ctx.clock.now());
    return {
      withdrawals: rows.map((row) => ({ ...toAdminWithdrawalView(row, viewerId), facts: facts.get(row.id) })),
      pagination: paginationOf(query.page, query.limit, total),
    };
  }

  async decide(
    actor: StaffActor,
    id: string,
    action: StaffWithdrawalAction,
    input: WithdrawalDecisionRequest,
  ): Promise<AdminWithdrawalView> {
    const note = input.note?.trim() || null;
    if (action === 'reject' && !note) {
      throw new AppError('VALIDATION_ERROR', 'bo.wd.rejectReasonRequired', undefined, { field: 'note' });
    }
    // Failing a claimed request says what was checked on the chain (docs/decisions/035).
    if (action === 'fail' && !note) {
      throw new AppError('VALIDATION_ERROR', 'bo.wd.chainCheckRequired', undefined, { field: 'note' });
    }
    if (action === 'complete' && !input.txHash?.trim()) {
      throw new AppError('VALIDATION_ERROR', 'bo.wd.txHashRequired', undefined, { field: 'txHash' });
    }
    const events = new PendingEvents();
    await this.applyDecision({ actor, id, action, note, txHashText: input.txHash, events }).catch(
      (error: unknown) => {
        // Two hashes checked at once for two withdrawals: the unique index stops the second.
        if (violates(error, 'withdrawals_tx_hash_key')) {
          throw new AppError('CONFLICT', 'bo.txHashUsed', undefined, { field: 'txHash' });
        }
        throw error;
      },
    );
    events.publishTo(this.ctx.notifier);
    const view = await repo.withdrawalWithOwner(this.ctx.db, id);
    assert(view, `withdrawal ${id} vanished after a decision`);
    return toAdminWithdrawalView(view, actor.staffId);
  }

  private applyDecision({
    actor,
    id,
    action,
    note,
    txHashText,
    events,
  }: {
    actor: StaffActor;
    id: string;
    action: StaffWithdrawalAction;
    note: string | null;
    txHashText: string | undefined;
    events: PendingEvents;
  }) {
    return this.ctx.db.transaction(async (tx) => {
      const now = this.ctx.clock.now();
      const row = await repo.lockWithdrawal(tx, id);
      if (!row) throw notFound('wd.err.notFound');
      await this.refuseUnlessOpen(tx, actor, row, action);
      const txHash = action === 'complete' ? await this.checkedTxHash(tx, row, txHashText ?? '') : null;
      await this.applyLocked(tx, { actor, row, action, note, txHash, now, events });
      await events.writeTo(tx, now);
    });
  }

  /**
   * Locks a claimed withdrawal that `actor` (its claimer) may fail, for a fail that becomes a
   * proposal above FOUR_EYES_USD (docs/decisions/035): refusals as for the fail itself.
   */
  async lockFailable(tx: Tx, actor: StaffActor, id: string): Promise<WithdrawalRow> {
    const row = await repo.lockWithdrawal(tx, id);
    if (!row) throw notFound('wd.err.notFound');
    await this.refuseUnlessOpen(tx, actor, row, 'fail');
    return row;
  }

  /**
   * A fail a second admin approved (docs/decisions/035), in the approver's transaction: the
   * withdrawal must still be PROCESSING (409 otherwise: sent meanwhile, nothing moves); the
   * amount and fee return once, audited as the approver's with the proposal named.
   */
  async applyApprovedFail(
    tx: Tx,
    p: { actor: StaffActor; id: string; note: string; approvalId: string; now: Date; events: PendingEvents },
  ): Promise<void> {
    const row = await repo.lockWithdrawal(tx, p.id);
    assert(row, `approved fail of a missing withdrawal ${p.id}`);
    if (row.status !== 'PROCESSING') {
      throw new AppError('ACTION_NOT_AVAILABLE', 'staffSafety.withdrawalNoLongerClaimed', undefined, {
        status: row.status,
      });
    }
    await this.applyLocked(tx, { ...p, row, action: 'fail', txHash: null, approvalId: p.approvalId });
  }

  /** The transition on the locked row: status, money and audit entry, one transaction. */
  private async applyLocked(
    tx: Tx,
    p: {
      actor: StaffActor;
      row: WithdrawalRow;
      action: StaffWithdrawalAction;
      note: string | null;
      txHash: string | null;
      now: Date;
      events: PendingEvents;
      approvalId?: string;
    },
  ) {
    const { actor, row, action, note, txHash, now, events } = p;
    const rule = STAFF_TRANSITIONS[action];
    const updated = await repo.updateWithdrawal(tx, row.id, {
      status: rule.to,
      ...(note ? { reviewNotes: note } : {}),
      ...(txHash ? { txHash, completedAt: now } : {}),
      ...(action === 'processing' ? { claimedBy: actor.staffId, claimedAt: now } : {}),
      // The last decision's admin: for complete and fail, who closed the claimed request.
      reviewedBy: actor.staffId,
      reviewedAt: now,
      updatedAt: now,
    });
    const ledgerTxId = await this.moveMoney(tx, row, action, now);
    await insertAuditEntry(tx, {
      staffId: actor.staffId,
      action: `withdrawal.${action}`,
      entityType: 'withdrawal',
      entityId: row.id,
      ipAddress: actor.ipAddress,
      userAgent: actor.userAgent,
      note,
      beforeState: snapshot(row),
      afterState: snapshot(updated),
      metadata: {
        userId: row.userId,
        currency: row.cryptocurrency,
        network: row.network,
        ledgerTxId,
        ...(p.approvalId ? { approvalId: p.approvalId } : {}),
      },
      createdAt: now,
    });
    announce(events, updated, row.status);
  }

  /**
   * Refuses an action the table does not open from the row's status (409; a second claim is
   * told who has it), and a fail by anyone but the claimer while that account is enabled (403).
   */
  private async refuseUnlessOpen(
    tx: Tx,
    actor: StaffActor,
    row: WithdrawalRow,
    action: StaffWithdrawalAction,
  ) {
    const claimer = row.claimedBy ? await repo.claimerOf(tx, row.claimedBy) : null;
    if (row.recipientId || !STAFF_TRANSITIONS[action].from.includes(row.status)) {
      if (action === 'processing' && row.status === 'PROCESSING') {
        throw new AppError(
          'ACTION_NOT_AVAILABLE',
          'wdc.alreadyClaimed',
          { claimer: staffName(claimer) },
          { status: row.status, claimedBy: row.claimedBy },
        );
      }
      throw new AppError('ACTION_NOT_AVAILABLE', 'errors.actionNotAvailable', undefined, {
        status: row.status,
      });
    }
    if (!claimPermits(action, claimOf(row, claimer), actor.staffId)) {
      throw new AppError(
        'FORBIDDEN',
        'wdc.failClaimerOnly',
        { claimer: staffName(claimer) },
        { claimedBy: row.claimedBy },
      );
    }
  }

  /** The transition's money: nothing (still locked), back to available, or out to the chain. */
  private async moveMoney(tx: Tx, row: WithdrawalRow, action: StaffWithdrawalAction, now: Date) {
    const money = STAFF_TRANSITIONS[action].money;
    if (money === 'keep') return null;
    if (money === 'send') return ledger.completeWithdrawal(tx, moneyOf(row), now);
    const reason = action === 'reject' ? 'Withdrawal rejected' : 'Withdrawal failed';
    return ledger.unlockWithdrawal(tx, moneyOf(row), reason, now);
  }

  /** The network's hash format, not yet used for another withdrawal on that network. */
  private async checkedTxHash(tx: Tx, row: WithdrawalRow, text: string) {
    const hash = normalizeTxHash(row.network, text);
    if (!hash) {
      const network = NETWORKS[row.network].label;
      throw new AppError('VALIDATION_ERROR', 'bo.txHashFormat', { network }, { field: 'txHash' });
    }
    // The unique index is the last word; asking first gives a readable answer.
    if (await repo.findByTxHash(tx, row.network, hash)) {
      throw new AppError('CONFLICT', 'bo.txHashUsed', undefined, { field: 'txHash' });
    }
    return hash;
  }
}

/** A unique violation of `constraint`, as either driver reports it (drizzle wraps it in `cause`). */
function violates(error: unknown, constraint: string): boolean {
  for (let e = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { code, constraint: name } = e as { code?: unknown; constraint?: unknown };
    if (code === '23505' && name === constraint) return true;
  }
  return false;
}
