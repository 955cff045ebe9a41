import type { NetworkId } from '@p2p/shared';
import { fetchJson, fetchText, HttpStatusError, OUTSIDE_CALL_TIMEOUT_MS, scanEachAddress } from './http.ts';
import type {
  ChainWatcher,
  ObservedTransfer,
  ScanErrorSink,
  ScanResult,
  TransferRef,
  TransferState,
} from './watcher.ts';

/** The parts of an Esplora transaction (`GET /address/{a}/txs`) the watcher reads. */
interface EsploraTx {
  txid: string;
  status: { confirmed: boolean; block_height?: number };
  vout: { scriptpubkey_address?: string; value: number }[];
}

interface EsploraStatus {
  confirmed: boolean;
  block_height?: number;
}

/**
 * Bitcoin through an Esplora-compatible REST API (Blockstream's esplora, mempool.space,
 * electrs). Address-indexed: each scan reads every deposit address's recent transactions
 * (the API lists the mempool and the newest confirmed ones), one credit per output paying
 * the address. Satoshi values are JSON integers below 2^53, so reading them as numbers is exact.
 */
export class EsploraWatcher implements ChainWatcher {
  readonly network: NetworkId = 'BTC';
  private readonly base: string;

  constructor(
    baseUrl: string,
    private readonly timeoutMs = OUTSIDE_CALL_TIMEOUT_MS,
  ) {
    this.base = baseUrl.replace(/\/+$/, '');
  }

  async tipHeight(): Promise<number> {
    const text = await fetchText(`${this.base}/blocks/tip/height`, {}, this.timeoutMs);
    const height = Number(text.trim());
    if (!Number.isSafeInteger(height) || height < 0) throw new Error(`bad tip height: ${text.slice(0, 40)}`);
    return height;
  }

  async scan(
    addresses: ReadonlySet<string>,
    _from: number,
    toHeight: number,
    onError: ScanErrorSink,
  ): Promise<ScanResult> {
    return scanEachAddress(addresses, toHeight, onError, async (address, into) => {
      const txs = await fetchJson<EsploraTx[]>(
        `${this.base}/address/${encodeURIComponent(address)}/txs`,
        {},
        this.timeoutMs,
      );
      for (const tx of txs) into.push(...outputsTo(tx, address));
    });
  }

  async status(ref: TransferRef): Promise<TransferState> {
    let status: EsploraStatus;
    try {
      status = await fetchJson<EsploraStatus>(
        `${this.base}/tx/${encodeURIComponent(ref.txHash)}/status`,
        {},
        this.timeoutMs,
      );
    } catch (error) {
      // Esplora answers 404 for a transaction it knows neither in a block nor in its mempool.
      if (error instanceof HttpStatusError && error.status === 404) return { state: 'missing' };
      throw error;
    }
    if (status.confirmed && Number.isSafeInteger(status.block_height)) {
      return { state: 'included', blockHeight: status.block_height as number };
    }
    return { state: 'unconfirmed' };
  }
}

function outputsTo(tx: EsploraTx, address: string): ObservedTransfer[] {
  const out: ObservedTransfer[] = [];
  const height =
    tx.status.confirmed && Number.isSafeInteger(tx.status.block_height) ? tx.status.block_height : null;
  tx.vout.forEach((vout, index) => {
    if (vout.scriptpubkey_address?.toLowerCase() !== address) return;
    if (!Number.isSafeInteger(vout.value) || vout.value <= 0) return;
    out.push({
      txHash: tx.txid,
      outputIndex: index,
      toAddress: address,
      rawAmount: BigInt(vout.value),
      decimals: 8,
      blockHeight: height ?? null,
    });
  });
  return out;
}
