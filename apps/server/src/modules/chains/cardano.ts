import type { NetworkId } from '@p2p/shared';
import { fetchJson, HttpStatusError, OUTSIDE_CALL_TIMEOUT_MS, scanEachAddress } from './http.ts';
import type {
  ChainWatcher,
  ObservedTransfer,
  ScanErrorSink,
  ScanResult,
  TransferRef,
  TransferState,
} from './watcher.ts';

/** Lovelace per ADA: 10^6. */
export const ADA_DECIMALS = 6;
interface AddressTx {
  tx_hash: string;
  tx_index: number;
  block_height: number;
}

interface TxUtxos {
  hash: string;
  outputs: {
    address: string;
    amount: { unit: string; quantity: string }[];
    output_index: number;
    collateral?: boolean;
  }[];
}

interface TxInfo {
  hash: string;
  block_height: number;
  valid_contract?: boolean;
}

export interface BlockfrostWatcherOptions {
  network: NetworkId;
  /** e.g. https://cardano-mainnet.blockfrost.io/api/v0 */
  apiUrl: string;
  projectId?: string | undefined;
  timeoutMs?: number;
}

const TXS_PER_ADDRESS = 50;
const CACHE_LIMIT = 10_000;

/**
 * ADA through a Blockfrost-compatible REST API (docs/decisions/032). Address-indexed: each
 * scan lists every deposit address's newest transactions (`/addresses/{a}/transactions`,
 * confirmed ones only), then reads their outputs (`/txs/{hash}/utxos`). One deposit per
 * output paying our address in lovelace only; an output that carries a native token (with
 * the lovelace the ledger requires beside it) is a token transfer and is not credited, nor
 * is a collateral output or a transaction whose scripts failed. Heights are block heights.
 */
export class BlockfrostWatcher implements ChainWatcher {
  readonly network: NetworkId;
  private readonly base: string;
  private readonly headers: Record<string, string>;
  private readonly outputs = new Map<string, TxUtxos>();

  constructor(private readonly options: BlockfrostWatcherOptions) {
    this.network = options.network;
    this.base = options.apiUrl.replace(/\/+$/, '');
    this.headers = options.projectId ? { project_id: options.projectId } : {};
  }

  private get<T>(path: string): Promise<T> {
    return fetchJson<T>(
      `${this.base}${path}`,
      { headers: this.headers },
      this.options.timeoutMs ?? OUTSIDE_CALL_TIMEOUT_MS,
    );
  }

  async tipHeight(): Promise<number> {
    const block = await this.get<{ height?: number }>('/blocks/latest');
    if (!Number.isSafeInteger(block.height)) throw new Error('/blocks/latest answered without a height');
    return block.height as number;
  }

  async scan(
    addresses: ReadonlySet<string>,
    _from: number,
    toHeight: number,
    onError: ScanErrorSink,
  ): Promise<ScanResult> {
    return scanEachAddress(addresses, toHeight, onError, async (address, into) => {
      for (const tx of await this.recent(address)) {
        const utxos = await this.utxos(tx.tx_hash);
        into.push(...outputsTo(utxos, address, tx.block_height));
      }
    });
  }

  async status(ref: TransferRef): Promise<TransferState> {
    let info: TxInfo;
    try {
      info = await this.get<TxInfo>(`/txs/${encodeURIComponent(ref.txHash)}`);
    } catch (error) {
      // Blockfrost answers 404 for a transaction in no block of its chain (rolled back).
      if (error instanceof HttpStatusError && error.status === 404) return { state: 'missing' };
      throw error;
    }
    if (info.valid_contract === false || !Number.isSafeInteger(info.block_height))
      return { state: 'missing' };
    const utxos = await this.utxos(ref.txHash);
    const found = outputsTo(utxos, ref.toAddress, info.block_height).some(
      (t) => t.outputIndex === ref.outputIndex,
    );
    return found ? { state: 'included', blockHeight: info.block_height } : { state: 'missing' };
  }

  /** The address's newest confirmed transactions; none for an address never used (404). */
  private async recent(address: string): Promise<AddressTx[]> {
    const query = new URLSearchParams({ order: 'desc', count: String(TXS_PER_ADDRESS) });
    try {
      const txs = await this.get<AddressTx[]>(
        `/addresses/${encodeURIComponent(address)}/transactions?${query}`,
      );
      return txs.filter((t) => /^[0-9a-f]{64}$/i.test(t.tx_hash) && Number.isSafeInteger(t.block_height));
    } catch (error) {
      if (error instanceof HttpStatusError && error.status === 404) return [];
      throw error;
    }
  }

  /** A transaction's outputs (they never change; cached per instance). */
  private async utxos(hash: string): Promise<TxUtxos> {
    const cached = this.outputs.get(hash);
    if (cached) return cached;
    const utxos = await this.get<TxUtxos>(`/txs/${encodeURIComponent(hash)}/utxos`);
    if (this.outputs.size >= CACHE_LIMIT) this.outputs.clear();
    this.outputs.set(hash, utxos);
    return utxos;
  }
}

function outputsTo(utxos: TxUtxos, address: string, blockHeight: number): ObservedTransfer[] {
  const out: ObservedTransfer[] = [];
  for (const output of utxos.outputs) {
    if (output.address !== address || output.collateral) continue;
    if (output.amount.some((a) => a.unit !== 'lovelace')) continue;
    const quantity = output.amount.find((a) => a.unit === 'lovelace')?.quantity ?? '0';
    if (!/^\d{1,20}$/.test(quantity) || !Number.isSafeInteger(output.output_index)) continue;
    const raw = BigInt(quantity);
    if (raw <= 0n) continue;
    out.push({
      txHash: utxos.hash,
      outputIndex: output.output_index,
      toAddress: address,
      rawAmount: raw,
      decimals: ADA_DECIMALS,
      blockHeight,
    });
  }
  return out;
}
