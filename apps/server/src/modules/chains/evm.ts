import type { NetworkId } from '@p2p/shared';
import {
  type Address,
  createPublicClient,
  getAddress,
  type Hash,
  http,
  type PublicClient,
  parseAbiItem,
  TransactionNotFoundError,
  TransactionReceiptNotFoundError,
} from 'viem';
import { OUTSIDE_CALL_TIMEOUT_MS } from './http.ts';
import type {
  ChainWatcher,
  ObservedTransfer,
  ScanErrorSink,
  ScanResult,
  TransferRef,
  TransferState,
} from './watcher.ts';

const TRANSFER = parseAbiItem('event Transfer(address indexed from, address indexed to, uint256 value)');

/** Native value transfers have no log; they take this index in the deposit key. */
export const NATIVE_TRANSFER_INDEX = -1;

/** Blocks read per scan when looking for native transfers (one request each). */
const MAX_NATIVE_BLOCKS = 20;
/** Block range of one eth_getLogs (providers cap it; 1000 is accepted widely). */
const MAX_LOG_RANGE = 1_000;
/** Recipients per eth_getLogs topic list. */
const MAX_TOPIC_ADDRESSES = 200;

export interface EvmWatcherOptions {
  network: NetworkId;
  rpcUrl: string;
  /** An ERC-20/BEP-20 token: read its Transfer logs instead of native transfers. */
  token?: { contract: string; decimals: number } | undefined;
  timeoutMs?: number;
}

/**
 * An EVM chain (Ethereum, BNB Smart Chain) over JSON-RPC with viem's public client. Native
 * coin: scans blocks (`eth_getBlockByNumber(n, true)`) for transactions whose `to` is ours.
 * Tokens: `eth_getLogs` for the contract's Transfer events with our addresses as the `to`
 * topic, keyed by log index. A native transfer made inside a contract call (no `to` of
 * ours at the top level) is not seen; docs/decisions/011-custody.md says so to users.
 */
export class EvmWatcher implements ChainWatcher {
  readonly network: NetworkId;
  private readonly client: PublicClient;
  private readonly token: { contract: Address; decimals: number } | null;

  constructor(options: EvmWatcherOptions) {
    this.network = options.network;
    this.client = createPublicClient({
      transport: http(options.rpcUrl, {
        timeout: options.timeoutMs ?? OUTSIDE_CALL_TIMEOUT_MS,
        retryCount: 0,
      }),
      cacheTime: 0,
    });
    this.token = options.token
      ? { contract: getAddress(options.token.contract), decimals: options.token.decimals }
      : null;
  }

  async tipHeight(): Promise<number> {
    return Number(await this.client.getBlockNumber({ cacheTime: 0 }));
  }

  scan(
    addresses: ReadonlySet<string>,
    from: number,
    to: number,
    onError: ScanErrorSink,
  ): Promise<ScanResult> {
    return this.token
      ? this.scanLogs(addresses, from, to, onError)
      : this.scanBlocks(addresses, from, to, onError);
  }

  private async scanBlocks(
    addresses: ReadonlySet<string>,
    from: number,
    to: number,
    onError: ScanErrorSink,
  ): Promise<ScanResult> {
    const transfers: ObservedTransfer[] = [];
    const end = Math.min(to, from + MAX_NATIVE_BLOCKS - 1);
    for (let height = from; height <= end; height++) {
      try {
        const block = await this.client.getBlock({ blockNumber: BigInt(height), includeTransactions: true });
        for (const tx of block.transactions) {
          if (!tx.to || tx.value <= 0n) continue;
          const recipient = getAddress(tx.to);
          if (!addresses.has(recipient)) continue;
          transfers.push({
            txHash: tx.hash,
            outputIndex: NATIVE_TRANSFER_INDEX,
            toAddress: recipient,
            rawAmount: tx.value,
            decimals: 18,
            blockHeight: height,
          });
        }
      } catch (error) {
        // Stop here: the next tick resumes at this block, so nothing is skipped.
        onError(error, `block ${height}`);
        return { transfers, scannedTo: height - 1 };
      }
    }
    return { transfers, scannedTo: end };
  }

  private async scanLogs(
    addresses: ReadonlySet<string>,
    from: number,
    to: number,
    onError: ScanErrorSink,
  ): Promise<ScanResult> {
    const token = this.token as { contract: Address; decimals: number };
    const end = Math.min(to, from + MAX_LOG_RANGE - 1);
    const recipients = [...addresses] as Address[];
    const transfers: ObservedTransfer[] = [];
    for (let i = 0; i < recipients.length; i += MAX_TOPIC_ADDRESSES) {
      try {
        const logs = await this.client.getLogs({
          address: token.contract,
          event: TRANSFER,
          args: { to: recipients.slice(i, i + MAX_TOPIC_ADDRESSES) },
          fromBlock: BigInt(from),
          toBlock: BigInt(end),
          strict: true,
        });
        for (const log of logs) {
          if (log.removed || log.blockNumber === null || log.logIndex === null) continue;
          const recipient = getAddress(log.args.to);
          if (!addresses.has(recipient) || log.args.value <= 0n) continue;
          transfers.push({
            txHash: log.transactionHash,
            outputIndex: log.logIndex,
            toAddress: recipient,
            rawAmount: log.args.value,
            decimals: token.decimals,
            blockHeight: Number(log.blockNumber),
          });
        }
      } catch (error) {
        onError(error, `logs ${from}..${end}`);
        return { transfers, scannedTo: from - 1 };
      }
    }
    return { transfers, scannedTo: end };
  }

  async status(ref: TransferRef): Promise<TransferState> {
    const hash = ref.txHash as Hash;
    try {
      const receipt = await this.client.getTransactionReceipt({ hash });
      // A reverted transaction moved no value; a log index the receipt no longer has means
      // the transaction was re-included elsewhere (its logs renumbered): this key is gone.
      if (receipt.status !== 'success') return { state: 'missing' };
      if (ref.outputIndex !== NATIVE_TRANSFER_INDEX) {
        const log = receipt.logs.find((l) => l.logIndex === ref.outputIndex);
        if (!log || (this.token && getAddress(log.address) !== this.token.contract))
          return { state: 'missing' };
      }
      return { state: 'included', blockHeight: Number(receipt.blockNumber) };
    } catch (error) {
      if (!(error instanceof TransactionReceiptNotFoundError)) throw error;
    }
    try {
      await this.client.getTransaction({ hash });
      return { state: 'unconfirmed' };
    } catch (error) {
      if (error instanceof TransactionNotFoundError) return { state: 'missing' };
      throw error;
    }
  }
}
