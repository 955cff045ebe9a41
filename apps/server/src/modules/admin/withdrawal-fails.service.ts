import {
  type AdminWithdrawalView,
  type Cryptocurrency,
  formatCrypto,
  type PendingApprovalResult,
  type WithdrawalDecisionRequest,
} from '@p2p/shared';
import type { Needs } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { insertAuditEntry, type StaffActor } from '../audit-log/index.ts';
import {
  currentUsdRates,
  formatUsdCents,
  insertApproval,
  type PriceSource,
  pendingForWithdrawal,
  pendingResult,
  valuation,
} from '../four-eyes/index.ts';
import type { WithdrawalDecisionsService } from '../withdrawals/index.ts';

/**
 * «Не отправлено» on a claimed withdrawal (docs/decisions/035). The coins may already have left
 * the hot wallet, so returning them to the balance is four eyes' business above FOUR_EYES_USD:
 * the claimer's fail becomes a proposal (202) that a second admin approves, and only the
 * approval returns the amount and fee (ApprovalsService). Below it the claimer fails it at
 * once, audited as before. Either way the note says what was checked on the chain.
 */
export class WithdrawalFailsService {
  constructor(
    private readonly ctx: Needs<'config' | 'db' | 'clock'>,
    private readonly prices: PriceSource,
    private readonly decisions: WithdrawalDecisionsService,
  ) {}

  async fail(
    actor: StaffActor,
    id: string,
    input: WithdrawalDecisionRequest,
  ): Promise<AdminWithdrawalView | PendingApprovalResult> {
    const note = input.note?.trim();
    if (!note) {
      throw new AppError('VALIDATION_ERROR', 'bo.wd.chainCheckRequired', undefined, { field: 'note' });
    }
    // Read before the transaction: a feed call never holds a lock.
    const rates = await currentUsdRates(this.prices);
    const threshold = this.ctx.config.safety.fourEyesUsd;
    const proposal = await this.ctx.db.transaction(async (tx) => {
      const now = this.ctx.clock.now();
      const row = await this.decisions.lockFailable(tx, actor, id);
      // What would return to the balance: the amount and the fee.
      const back = row.amount + row.fee;
      const value = valuation(back, rates.rateOf(row.cryptocurrency as Cryptocurrency), threshold);
      if (!value.needsSecondAdmin) return null;
      if (await pendingForWithdrawal(tx, id)) throw new AppError('CONFLICT', 'staffSafety.failPending');
      const approval = await insertApproval(tx, {
        kind: 'withdrawal.fail',
        tradeId: null,
        userId: row.userId,
        withdrawalId: row.id,
        cryptocurrency: row.cryptocurrency,
        amount: back,
        usdCents: value.usdCents,
        payload: { note },
        proposedBy: actor.staffId,
        proposedAt: now,
      });
      await insertAuditEntry(tx, {
        staffId: actor.staffId,
        action: 'approval.propose',
        entityType: 'withdrawal',
        entityId: row.id,
        ipAddress: actor.ipAddress,
        userAgent: actor.userAgent,
        note,
        beforeState: null,
        afterState: { approval: 'pending' },
        metadata: {
          approvalId: approval.id,
          kind: approval.kind,
          userId: row.userId,
          currency: row.cryptocurrency,
          amount: formatCrypto(back),
          usdValue: formatUsdCents(value.usdCents),
          thresholdUsd: threshold,
          priceSource: rates.source,
        },
        createdAt: now,
      });
      return pendingResult(approval, threshold);
    });
    return proposal ?? this.decisions.decide(actor, id, 'fail', { ...input, note });
  }
}
