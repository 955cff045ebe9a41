import {
  type CaseApprovalRef,
  type Cryptocurrency,
  formatCrypto,
  type PendingApprovalResult,
  ResolveDisputeRequest,
  type StaffRef,
} from '@p2p/shared';
import type { StaffApprovalRow } from '../../db/schema.ts';
import { assert } from '../../errors.ts';
import { formatUsdCents } from './four-eyes.ts';

/**
 * Proposals as the one who made them hears of them (docs/decisions/023): the 202 answer of an
 * action that became a proposal, and the proposal a dispute case shows while it waits.
 */

/** The outcome and written note of a proposed resolution. */
export function resolutionOf(row: StaffApprovalRow): ResolveDisputeRequest {
  assert(row.kind === 'dispute.resolve', `approval ${row.id} is a ${row.kind}`);
  return ResolveDisputeRequest.parse(row.payload);
}

/** The 202 answer of a resolution or a credit that became a proposal. */
export function pendingResult(row: StaffApprovalRow, thresholdUsd: number): PendingApprovalResult {
  return {
    pendingApproval: true,
    approvalId: row.id,
    kind: row.kind,
    cryptocurrency: row.cryptocurrency as Cryptocurrency,
    amount: formatCrypto(row.amount),
    usdValue: formatUsdCents(row.usdCents),
    thresholdUsd,
  };
}

/** The proposal a dispute case shows while it waits. */
export function caseApprovalRef(row: StaffApprovalRow, proposer: StaffRef): CaseApprovalRef {
  const { outcome, note } = resolutionOf(row);
  return {
    id: row.id,
    outcome,
    usdValue: formatUsdCents(row.usdCents),
    reason: note,
    proposedBy: proposer,
    proposedAt: row.proposedAt.toISOString(),
  };
}
