import { type Cryptocurrency, formatCrypto, type PendingApprovalResult } from '@p2p/shared';
import type { Tx } from '../../db/client.ts';
import type { TradeRow } from '../../db/schema.ts';
import { insertAuditEntry, type StaffActor } from '../audit-log/index.ts';
import { formatUsdCents, insertApproval, pendingResult, type UsdRates } from '../four-eyes/index.ts';
import type { DisputeOutcome } from './dispute-rules.ts';

/** A resolution worth more than FOUR_EYES_USD, as its proposer wrote it. */
export interface ResolutionProposal {
  trade: TradeRow;
  decision: { outcome: DisputeOutcome; note: string };
  actor: StaffActor;
  proposerId: string;
  /** The trade's value in cents and the threshold it passed, with the rates it was read at. */
  value: { usdCents: bigint; thresholdUsd: number; rates: UsdRates };
  now: Date;
}

/**
 * Stores a resolution as a proposal for a second admin (docs/decisions/023), in the proposer's
 * transaction, with its audit entry; nothing moves until it is approved.
 */
export async function proposeResolution(
  tx: Tx,
  proposal: ResolutionProposal,
): Promise<PendingApprovalResult> {
  const { trade, decision, actor, value, now } = proposal;
  const approval = await insertApproval(tx, {
    kind: 'dispute.resolve',
    tradeId: trade.id,
    userId: null,
    cryptocurrency: trade.cryptocurrency as Cryptocurrency,
    amount: trade.amountCrypto,
    usdCents: value.usdCents,
    payload: { outcome: decision.outcome, note: decision.note },
    proposedBy: proposal.proposerId,
    proposedAt: now,
  });
  await insertAuditEntry(tx, {
    staffId: actor.staffId,
    action: 'approval.propose',
    entityType: 'trade',
    entityId: trade.id,
    ipAddress: actor.ipAddress,
    userAgent: actor.userAgent,
    note: decision.note,
    beforeState: { status: trade.status, owner: trade.disputeOwnerId },
    afterState: { approval: 'pending' },
    metadata: {
      approvalId: approval.id,
      kind: approval.kind,
      outcome: decision.outcome,
      amount: formatCrypto(trade.amountCrypto),
      usdValue: formatUsdCents(value.usdCents),
      thresholdUsd: value.thresholdUsd,
      priceSource: value.rates.source,
    },
    createdAt: now,
  });
  return pendingResult(approval, value.thresholdUsd);
}
