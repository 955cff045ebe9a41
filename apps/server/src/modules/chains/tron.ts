import type { NetworkId } from '@p2p/shared';
import { fetchJson, OUTSIDE_CALL_TIMEOUT_MS, scanEachAddress } from './http.ts';
import { tronToHex } from './keys.ts';
import type {
  ChainWatcher,
  ObservedTransfer,
  ScanErrorSink,
  ScanResult,
  TransferRef,
  TransferState,
} from './watcher.ts';

/** keccak256("Transfer(address,address,uint256)") without 0x, as TRON logs carry topics. */
const TRANSFER_TOPIC = 'ddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';
/** Resolved transactions kept per instance (their logs never change once in a block). */
const CACHE_LIMIT = 10_000;

interface Trc20Item {
  transaction_id: string;
  token_info?: { address?: string };
  to?: string;
  type?: string;
}

interface TxLog {
  address?: string;
  topics?: string[];
  data?: string;
}

interface TxInfo {
  id?: string;
  blockNumber?: number;
  receipt?: { result?: string };
  log?: TxLog[];
}

export interface TronWatcherOptions {
  apiUrl: string;
  /** Base58 address of the TRC-20 contract (USDT: TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t). */
  contract: string;
  decimals: number;
  apiKey?: string | undefined;
  timeoutMs?: number;
}

/**
 * USDT on TRON through the TronGrid HTTP API. TronGrid's account listing
 * (`/v1/accounts/{a}/transactions/trc20`) finds candidate transactions; each is then read
 * with `/wallet/gettransactioninfobyid`, whose logs are the authority for amount, recipient
 * and the log index (the position of the Transfer log within the transaction, since TRON's
 * API numbers logs per transaction). A transaction not yet in a block is picked up on a
 * later tick; TRON makes a block every 3 s.
 */
export class TronWatcher implements ChainWatcher {
  readonly network: NetworkId = 'USDT-TRC20';
  private readonly base: string;
  private readonly contractHex: string;
  private readonly headers: Record<string, string>;
  private readonly resolved = new Map<string, TxInfo>();

  constructor(private readonly options: TronWatcherOptions) {
    this.base = options.apiUrl.replace(/\/+$/, '');
    const hex = tronToHex(options.contract);
    if (!hex) throw new Error(`not a TRON address: ${options.contract}`);
    this.contractHex = hex;
    this.headers = options.apiKey ? { 'TRON-PRO-API-KEY': options.apiKey } : {};
  }

  private call<T>(path: string, body?: unknown): Promise<T> {
    const init =
      body === undefined
        ? { headers: this.headers }
        : { method: 'POST' as const, body, headers: this.headers };
    return fetchJson<T>(`${this.base}${path}`, init, this.options.timeoutMs ?? OUTSIDE_CALL_TIMEOUT_MS);
  }

  async tipHeight(): Promise<number> {
    const block = await this.call<{ block_header?: { raw_data?: { number?: number } } }>(
      '/wallet/getnowblock',
      {},
    );
    const height = block.block_header?.raw_data?.number;
    if (!Number.isSafeInteger(height)) throw new Error('getnowblock answered without a block number');
    return height as number;
  }

  async scan(
    addresses: ReadonlySet<string>,
    _from: number,
    toHeight: number,
    onError: ScanErrorSink,
  ): Promise<ScanResult> {
    return scanEachAddress(addresses, toHeight, onError, async (address, into) => {
      for (const txid of await this.candidates(address)) {
        const info = await this.info(txid);
        if (info) into.push(...this.transfersIn(txid, info, address));
      }
    });
  }

  async status(ref: TransferRef): Promise<TransferState> {
    // Read afresh, not from the scan cache: the transfer may have been reorganised away.
    const info = await this.info(ref.txHash, false);
    if (info) {
      const found = this.transfersIn(ref.txHash, info, ref.toAddress).some(
        (t) => t.outputIndex === ref.outputIndex,
      );
      return found ? { state: 'included', blockHeight: info.blockNumber as number } : { state: 'missing' };
    }
    const tx = await this.call<{ txID?: string }>('/wallet/gettransactionbyid', { value: ref.txHash });
    return tx.txID ? { state: 'unconfirmed' } : { state: 'missing' };
  }

  /** Recent USDT transfers into `address`, newest first (TronGrid lists at most 50 here). */
  private async candidates(address: string): Promise<string[]> {
    const query = new URLSearchParams({
      only_to: 'true',
      contract_address: this.options.contract,
      limit: '50',
    });
    const page = await this.call<{ data?: Trc20Item[] }>(
      `/v1/accounts/${encodeURIComponent(address)}/transactions/trc20?${query}`,
    );
    const txids = (page.data ?? [])
      .filter((d) => d.to === address && d.token_info?.address === this.options.contract)
      .map((d) => d.transaction_id)
      .filter((id) => /^[0-9a-f]{64}$/i.test(id));
    return [...new Set(txids)];
  }

  /** The transaction's info once it is in a block, or null while it is not. */
  private async info(txid: string, useCache = true): Promise<TxInfo | null> {
    const cached = useCache ? this.resolved.get(txid) : undefined;
    if (cached) return cached;
    const info = await this.call<TxInfo>('/wallet/gettransactioninfobyid', { value: txid });
    if (!info.id || !Number.isSafeInteger(info.blockNumber)) return null;
    if (this.resolved.size >= CACHE_LIMIT) this.resolved.clear();
    this.resolved.set(txid, info);
    return info;
  }

  private transfersIn(txid: string, info: TxInfo, address: string): ObservedTransfer[] {
    if (info.receipt?.result !== 'SUCCESS') return [];
    const recipientHex = tronToHex(address);
    const out: ObservedTransfer[] = [];
    (info.log ?? []).forEach((log, index) => {
      const [topic, , to] = log.topics ?? [];
      if (log.address?.toLowerCase() !== this.contractHex || topic !== TRANSFER_TOPIC || !to) return;
      if (to.slice(-40).toLowerCase() !== recipientHex || !/^[0-9a-f]{1,64}$/i.test(log.data ?? '')) return;
      const value = BigInt(`0x${log.data}`);
      if (value <= 0n) return;
      out.push({
        txHash: txid,
        outputIndex: index,
        toAddress: address,
        rawAmount: value,
        decimals: this.options.decimals,
        blockHeight: info.blockNumber as number,
      });
    });
    return out;
  }
}
