import {
  type AdminWithdrawalView,
  type Cryptocurrency,
  explorerTxUrl,
  formatCrypto,
  staffActionsFor,
  USER_CANCELLABLE_STATUSES,
  type WithdrawalView,
} from '@p2p/shared';
import type { WithdrawalRow } from '../../db/schema.ts';
import type { Owner, WithdrawalWithOwner } from './withdrawals.repository.ts';

/** The withdrawal of spec 3 §3 as its owner sees it. */
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

/** The back office's view: who asked, and what an admin may do next. */
export function toAdminWithdrawalView(row: WithdrawalWithOwner): AdminWithdrawalView {
  return {
    ...toWithdrawalView(row, row.owner),
    user: { ...row.owner },
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
    availableActions: staffActionsFor(row.status, row.recipientId !== null),
  };
}
