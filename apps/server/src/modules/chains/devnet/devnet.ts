import { randomBytes } from 'node:crypto';
import {
  CRYPTO_DECIMALS,
  type DevBlocksResult,
  type DevDropResult,
  type DevTransferRequest,
  type DevTransferResult,
  formatCrypto,
  NETWORK_IDS,
  NETWORKS,
  type NetworkId,
  parseAmount,
} from '@p2p/shared';
import { base58 } from '@scure/base';
import type { Db } from '../../../db/client.ts';
import type { Clock } from '../../../lib/clock.ts';
import { idempotent } from '../../idempotency/index.ts';
import { NATIVE_TRANSFER_INDEX } from '../evm.ts';
import { canonicalAddress } from '../keys.ts';
import type {
  ChainWatcher,
  ObservedTransfer,
  ScanErrorSink,
  ScanResult,
  TransferRef,
  TransferState,
} from '../watcher.ts';
import * as repo from './devnet.repository.ts';

/** Where a devnet transfer's value sits, as on the real chain of its network. */
function outputIndexOf(network: NetworkId): number {
  const info = NETWORKS[network];
  return info.family === 'evm' && !info.token ? NATIVE_TRANSFER_INDEX : 0;
}

/** Transaction ids look like the real chain's: 0x-prefixed on EVM chains, base58 signatures on Solana. */
function newTxHash(network: NetworkId): string {
  const { family } = NETWORKS[network];
  if (family === 'solana') return base58.encode(randomBytes(64));
  const hex = randomBytes(32).toString('hex');
  return family === 'evm' ? `0x${hex}` : hex;
}

/**
 * The embedded devnet (CHAIN_MODE=devnet): one simulated chain per network kept in the
 * database, so every instance sees the same chain. A block is produced every
 * `blockSeconds` by whichever instance holds the chain row (FOR UPDATE SKIP LOCKED), so
 * instances never produce twice. No real coins exist here.
 */
export class Devnet {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly blockSeconds: number,
  ) {}

  /**
   * Puts a transfer in the mempool; the next block includes it. With the sender's
   * Idempotency-Key a retried request answers the first transfer instead of sending twice.
   */
  async send(
    network: NetworkId,
    request: DevTransferRequest,
    sender: { userId: string; idempotencyKey?: string | undefined } | null,
  ): Promise<DevTransferResult> {
    const amount = parseAmount(request.amount, CRYPTO_DECIMALS);
    const toAddress = canonicalAddress(NETWORKS[network].chain, request.toAddress) ?? request.toAddress;
    const scope = {
      userId: sender?.userId ?? '',
      scope: `dev.chain.transfer.${network}`,
      key: sender?.idempotencyKey,
      request,
    };
    return idempotent(this.db, scope, async (tx) => {
      const txHash = newTxHash(network);
      await repo.insertTransfer(tx, {
        network,
        txHash,
        outputIndex: outputIndexOf(network),
        toAddress,
        amount,
        sentBy: sender?.userId ?? null,
        now: this.clock.now(),
      });
      return { network, txHash, toAddress, amount: formatCrypto(amount) };
    });
  }

  /** Mines `count` blocks at once (waits for a producer that holds the chain). */
  async mine(network: NetworkId, count: number): Promise<DevBlocksResult> {
    const height = await this.db.transaction(async (tx) => {
      const chain = await repo.lockChain(tx, network, false);
      if (!chain) throw new Error(`devnet chain ${network} missing`);
      return repo.appendBlocks(tx, { network, height: chain.height, count, now: this.clock.now() });
    });
    return { network, height };
  }

  /** Simulates a transfer vanishing: evicted from the mempool, or its block reorganised away. */
  async drop(network: NetworkId, txHash: string): Promise<DevDropResult> {
    const dropped = await repo.dropTransfer(this.db, network, txHash, this.clock.now());
    return { network, txHash, dropped };
  }

  /** One production pass: each chain whose block time has come gets one block. */
  async produce(): Promise<number> {
    let produced = 0;
    for (const network of NETWORK_IDS) {
      produced += await this.db.transaction(async (tx) => {
        const chain = await repo.lockChain(tx, network, true);
        if (!chain) return 0; // another instance is producing this chain right now
        const now = this.clock.now();
        if (!chain.lastBlockAt) {
          await repo.startClock(tx, network, now);
          return 0;
        }
        if (now.getTime() - chain.lastBlockAt.getTime() < this.blockSeconds * 1000) return 0;
        await repo.appendBlocks(tx, { network, height: chain.height, count: 1, now });
        return 1;
      });
    }
    return produced;
  }

  watcher(network: NetworkId): ChainWatcher {
    return new DevnetWatcher(this.db, network);
  }
}

/** Reads a devnet chain through the same interface as a real one. */
export class DevnetWatcher implements ChainWatcher {
  constructor(
    private readonly db: Db,
    readonly network: NetworkId,
  ) {}

  tipHeight(): Promise<number> {
    return repo.chainHeight(this.db, this.network);
  }

  async scan(
    addresses: ReadonlySet<string>,
    _from: number,
    toHeight: number,
    _onError: ScanErrorSink,
  ): Promise<ScanResult> {
    const rows = await repo.transfersTo(this.db, this.network, [...addresses]);
    const transfers: ObservedTransfer[] = rows
      .filter((r) => r.blockHeight === null || r.blockHeight <= toHeight)
      .map((r) => ({
        txHash: r.txHash,
        outputIndex: r.outputIndex,
        toAddress: r.toAddress,
        rawAmount: r.amount,
        decimals: CRYPTO_DECIMALS,
        blockHeight: r.blockHeight,
      }));
    return { transfers, scannedTo: toHeight };
  }

  async status(ref: TransferRef): Promise<TransferState> {
    const row = await repo.findTransfer(this.db, this.network, ref.txHash, ref.outputIndex);
    if (!row || row.droppedAt) return { state: 'missing' };
    return row.blockHeight === null
      ? { state: 'unconfirmed' }
      : { state: 'included', blockHeight: row.blockHeight };
  }
}
