import { NETWORKS, type NetworkId } from '@p2p/shared';
import type { Needs } from '../../context.ts';
import type { ChainWatcher, ObservedTransfer } from '../chains/index.ts';
import { addressBook } from './deposit-addresses.repository.ts';
import * as repo from './deposits.repository.ts';
import type { DepositsService } from './deposits.service.ts';

/** Blocks below the scan mark that are read again, so a shallow reorg's new block is seen. */
export const RESCAN_DEPTH = 3;
/** Pending deposits re-checked per tick and network. */
const PENDING_BATCH = 200;

export interface WatchLog {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface TickReport {
  network: NetworkId;
  tip: number;
  seen: number;
  credited: number;
  dropped: number;
  failures: number;
}

/**
 * Drives one network's chain adapter: find new transfers to our addresses, then re-check
 * every pending deposit and credit, update or drop it. Runs in every instance; the database
 * makes concurrent watchers safe (unique transfer key, row lock on the deposit). A failure of
 * one address, block or deposit is logged and counted and the rest goes on.
 */
export class DepositWatcher {
  constructor(
    private readonly ctx: Needs<'db' | 'clock'>,
    private readonly deposits: DepositsService,
    readonly adapter: ChainWatcher,
    private readonly log: WatchLog,
  ) {}

  get network(): NetworkId {
    return this.adapter.network;
  }

  async tick(): Promise<TickReport> {
    const report: TickReport = {
      network: this.network,
      tip: 0,
      seen: 0,
      credited: 0,
      dropped: 0,
      failures: 0,
    };
    const fail = (error: unknown, item: string) => {
      report.failures++;
      this.log.warn({ err: error, network: this.network, item }, 'chain watcher: item failed');
    };
    const tip = await this.adapter.tipHeight();
    report.tip = tip;
    await this.discover(tip, report, fail);

    for (const deposit of await repo.pendingDeposits(this.ctx.db, this.network, PENDING_BATCH)) {
      try {
        const { txHash, outputIndex, address } = deposit;
        const state = await this.adapter.status({ txHash, outputIndex, toAddress: address });
        const outcome = await this.deposits.advance(deposit.id, state, tip);
        if (outcome === 'credited') report.credited++;
        if (outcome === 'dropped') report.dropped++;
      } catch (error) {
        fail(error, `deposit ${deposit.txHash}:${deposit.outputIndex}`);
      }
    }
    return report;
  }

  /** Reads new transfers since the scan mark and records those not yet known. */
  private async discover(tip: number, report: TickReport, fail: (error: unknown, item: string) => void) {
    const { chain } = NETWORKS[this.network];
    const book = await addressBook(this.ctx.db, chain);
    const mark = await repo.scannedHeight(this.ctx.db, this.network);
    const now = this.ctx.clock.now();
    if (book.size === 0) {
      // Nobody can have been paid yet; start watching from here.
      await repo.saveScannedHeight(this.ctx.db, this.network, tip, now);
      return;
    }
    // A first scan starts from the tip: addresses are only handed out by a running server.
    const from = Math.max(0, (mark ?? tip) + 1 - RESCAN_DEPTH);
    const { transfers, scannedTo } = await this.adapter.scan(new Set(book.keys()), from, tip, fail);
    const known = await repo.knownTransferKeys(
      this.ctx.db,
      this.network,
      transfers.map((t) => t.txHash),
    );
    for (const transfer of transfers) {
      if (known.has(`${transfer.txHash}:${transfer.outputIndex}`)) continue;
      const owner = book.get(transfer.toAddress);
      if (!owner) continue;
      try {
        if (await this.deposits.record(this.network, owner, transfer, tip)) report.seen++;
      } catch (error) {
        fail(error, describe(transfer));
      }
    }
    if (scannedTo >= 0) await repo.saveScannedHeight(this.ctx.db, this.network, scannedTo, now);
  }
}

function describe(t: ObservedTransfer): string {
  return `transfer ${t.txHash}:${t.outputIndex}`;
}
