import {
  type AdminWithdrawalView,
  type Cryptocurrency,
  claimPermits,
  explorerTxUrl,
  formatCrypto,
  maskedAddress,
  staffActionsFor,
  UNCLAIMED_WITHDRAWAL_STATUSES,
  USER_CANCELLABLE_STATUSES,
  type WithdrawalStatus,
  type WithdrawalView,
} from '@p2p/shared';
import type { WithdrawalRow } from '../../db/schema.ts';
import type { Claimer, Owner, WithdrawalWithOwner } from './withdrawals.repository.ts';

/** A withdrawal as its owner sees it (the shared `WithdrawalView`). */
export function toWithdrawalView(
  row: WithdrawalRow,
  owner: Pick<Owner, 'firstName' | 'lastName'>,
): WithdrawalView {
  const fee = formatCrypto(row.fee);
  return {
    id: row.id,
    cryptocurrency: row.cryptocurrency as Cryptocurrency,
    network: row.network,
    amount: formatCrypto(row.amount),
    fee,
    networkFee: fee,
    total: formatCrypto(row.amount + row.fee),
    toAddress: row.toAddress,
    internal: row.recipientId !== null,
    status: row.status,
    txHash: row.txHash,
    explorerUrl: row.txHash ? explorerTxUrl(row.network, row.txHash) : null,
    reviewNotes: row.reviewNotes,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
    cancellable: USER_CANCELLABLE_STATUSES.includes(row.status),
    user: { firstName: owner.firstName, lastName: owner.lastName },
  };
}

/**
 * Where the coins go, as the back office may see it: not while the request is open and
 * unclaimed, so that nobody sends before claiming it (docs/decisions/023, section 2).
 */
export function staffVisibleAddress(status: WithdrawalStatus, toAddress: string): string | null {
  return UNCLAIMED_WITHDRAWAL_STATUSES.includes(status) ? null : toAddress;
}

/** The claim as `claimPermits` reads it. */
export const claimOf = (row: { claimedBy: string | null }, claimer: Claimer | null) => ({
  claimedBy: row.claimedBy,
  claimerActive: claimer !== null && claimer.disabledAt === null,
});

/** The back office's view for `viewerId`: who asked, who claimed it, what the viewer may do next. */
export function toAdminWithdrawalView(row: WithdrawalWithOwner, viewerId: string): AdminWithdrawalView {
  const c = row.claimer;
  return {
    ...toWithdrawalView(row, row.owner),
    toAddress: staffVisibleAddress(row.status, row.toAddress),
    addressPreview: maskedAddress(row.toAddress),
    user: { ...row.owner },
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
    claimedBy: c
      ? { id: c.id, firstName: c.firstName, lastName: c.lastName, email: c.email, role: c.role }
      : null,
    claimedAt: row.claimedAt?.toISOString() ?? null,
    availableActions: staffActionsFor(row.status, row.recipientId !== null).filter((action) =>
      claimPermits(action, claimOf(row, c), viewerId),
    ),
  };
}
