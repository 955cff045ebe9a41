import type { NetworkId } from '@p2p/shared';

/**
 * One interface over every way of reading a chain (docs/decisions/011-custody.md): Esplora
 * for Bitcoin, JSON-RPC for EVM chains, TronGrid for TRON, and the database devnet. The
 * deposit watcher drives them all the same way, so the devnet exercises the real credit path.
 */

/** A transfer to one of our addresses, as a chain shows it. */
export interface ObservedTransfer {
  txHash: string;
  /** Bitcoin vout; EVM/TRON log index; -1 for a native EVM value transfer. */
  outputIndex: number;
  /** Canonical form (see keys.ts `canonicalAddress`). */
  toAddress: string;
  /** In the asset's base units. */
  rawAmount: bigint;
  decimals: number;
  /** Null while unconfirmed (mempool). */
  blockHeight: number | null;
}

/** Where a known transfer is now. */
export type TransferState =
  | { state: 'included'; blockHeight: number }
  | { state: 'unconfirmed' }
  /** Not on the chain (evicted, replaced, reorganised away, or reverted). */
  | { state: 'missing' };

export interface TransferRef {
  txHash: string;
  outputIndex: number;
  toAddress: string;
}

export interface ScanResult {
  transfers: ObservedTransfer[];
  /** The height up to which the chain was fully read (≤ the requested end). */
  scannedTo: number;
}

/** Reports one failed item of a scan (an address, a block) without stopping the rest. */
export type ScanErrorSink = (error: unknown, item: string) => void;

export interface ChainWatcher {
  readonly network: NetworkId;
  /** Height of the newest block. */
  tipHeight(): Promise<number>;
  /**
   * Transfers to `addresses` (canonical) in blocks `fromHeight..toHeight`, plus unconfirmed
   * ones where the source shows them. Address-indexed sources (Esplora, TronGrid, devnet)
   * return each address's recent transfers whatever the range; block scanners stop at the
   * first block they could not read and say so in `scannedTo`.
   */
  scan(
    addresses: ReadonlySet<string>,
    fromHeight: number,
    toHeight: number,
    onError: ScanErrorSink,
  ): Promise<ScanResult>;
  /** Re-reads one transfer: confirmations come from its block height. */
  status(transfer: TransferRef): Promise<TransferState>;
}
