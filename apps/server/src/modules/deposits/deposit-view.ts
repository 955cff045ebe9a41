import { type ChainMode, type DepositView, explorerTxUrl, formatCrypto } from '@p2p/shared';
import type { DepositRow } from '../../db/schema.ts';

/** A devnet transaction exists on no public explorer, so it gets no link. */
export function toDepositView(row: DepositRow, mode: ChainMode): DepositView {
  return {
    id: row.id,
    network: row.network,
    currency: row.currency,
    amount: formatCrypto(row.amount),
    address: row.address,
    txHash: row.txHash,
    outputIndex: row.outputIndex,
    confirmations: row.confirmations,
    requiredConfirmations: row.requiredConfirmations,
    status: row.status,
    aboveMaximum: row.aboveMaximum,
    explorerUrl: mode === 'live' ? explorerTxUrl(row.network, row.txHash) : null,
    seenAt: row.seenAt.toISOString(),
    creditedAt: row.creditedAt ? row.creditedAt.toISOString() : null,
  };
}
