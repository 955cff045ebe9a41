import {
  CRYPTO_DECIMALS,
  type DepositsPage,
  type DepositsQuery,
  NETWORKS,
  type NetworkId,
  parseAmount,
} from '@p2p/shared';
import type { Needs } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import type { DepositRow } from '../../db/schema.ts';
import { assert } from '../../errors.ts';
import { PendingEvents } from '../../events/notifier.ts';
import { type ObservedTransfer, type TransferState, toPlatformUnits } from '../chains/index.ts';
import { creditDeposit } from '../ledger/index.ts';
import { toDepositView } from './deposit-view.ts';
import * as repo from './deposits.repository.ts';

/**
 * A pending transfer the chain no longer shows on this many checks in a row is dropped: one
 * lagging node or a 404 from a load-balanced API must not drop a deposit that still exists.
 */
export const DROP_AFTER_MISSING_CHECKS = 3;

/** Confirmations of a transfer in block `height` when the newest block is `tip`. */
export function confirmationsAt(height: number | null, tip: number): number {
  return height === null ? 0 : Math.max(1, tip - height + 1);
}

/**
 * Deposits: what the watchers saw arrive at users' addresses, and their crediting. A
 * transfer is keyed by (network, txHash, outputIndex); it is inserted once whoever sees it
 * first, and credited once: the status moves `pending -> credited` under the deposit's row
 * lock in the same transaction as the ledger posting (docs/decisions/011-custody.md).
 */
export class DepositsService {
  constructor(private readonly ctx: Needs<'config' | 'db' | 'clock' | 'notifier'>) {}

  async list(userId: string, query: DepositsQuery): Promise<DepositsPage> {
    const { rows, total } = await repo.depositsOfUser(this.ctx.db, userId, query);
    return {
      deposits: rows.map((r) => toDepositView(r, this.ctx.config.chain.mode)),
      pagination: {
        total,
        limit: query.limit,
        offset: query.offset,
        hasNext: query.offset + rows.length < total,
      },
    };
  }

  /**
   * Records a transfer first seen at `tip`. Below the network's minimum it is kept as
   * `below_minimum` and never credited; above the maximum it is flagged and credited all the
   * same (the coins did arrive). Returns false when it was already recorded or is dust.
   */
  async record(network: NetworkId, userId: string, seen: ObservedTransfer, tip: number): Promise<boolean> {
    const info = NETWORKS[network];
    const { amount, remainder } = toPlatformUnits(seen.rawAmount, seen.decimals);
    if (amount === 0n) return false; // less than 1e-8: nothing a user could ever be credited
    const min = parseAmount(info.deposit.min, CRYPTO_DECIMALS);
    const max = parseAmount(info.deposit.max, CRYPTO_DECIMALS);
    const now = this.ctx.clock.now();
    const row = await repo.insertDeposit(this.ctx.db, {
      network,
      userId,
      currency: info.currency,
      address: seen.toAddress,
      txHash: seen.txHash,
      outputIndex: seen.outputIndex,
      amount,
      rawAmount: seen.rawAmount.toString(),
      rawDecimals: seen.decimals,
      remainder: remainder.toString(),
      blockHeight: seen.blockHeight,
      confirmations: confirmationsAt(seen.blockHeight, tip),
      requiredConfirmations: info.deposit.confirmations,
      status: amount < min ? 'below_minimum' : 'pending',
      aboveMaximum: amount > max,
      seenAt: now,
      updatedAt: now,
    });
    if (!row) return false;
    const events = new PendingEvents();
    events.toUsers([userId], 'deposit:pending', toDepositView(row, this.ctx.config.chain.mode));
    events.publishTo(this.ctx.notifier);
    return true;
  }

  /**
   * Applies what the chain says about a pending deposit now: more confirmations, crediting
   * at the required number, or dropping once it has been missing long enough. Safe to run
   * from any number of watchers at once: the row lock orders them and only a change of state
   * is written, posted and announced.
   */
  async advance(
    depositId: string,
    state: TransferState,
    tip: number,
  ): Promise<'credited' | 'dropped' | 'updated' | null> {
    const events = new PendingEvents();
    const outcome = await this.ctx.db.transaction(async (tx) => {
      const row = await repo.lockDeposit(tx, depositId);
      if (row?.status !== 'pending') return null;
      const now = this.ctx.clock.now();
      const mode = this.ctx.config.chain.mode;

      if (state.state === 'missing') {
        const missingChecks = row.missingChecks + 1;
        if (missingChecks < DROP_AFTER_MISSING_CHECKS) {
          await repo.updateDeposit(tx, row.id, { missingChecks, updatedAt: now });
          return null;
        }
        const dropped = await repo.updateDeposit(tx, row.id, {
          status: 'dropped',
          missingChecks,
          updatedAt: now,
        });
        events.toUsers([row.userId], 'deposit:pending', toDepositView(dropped, mode));
        await events.writeTo(tx, now);
        return 'dropped' as const;
      }

      const blockHeight = state.state === 'included' ? state.blockHeight : null;
      const confirmations = confirmationsAt(blockHeight, tip);
      if (confirmations >= row.requiredConfirmations) {
        const credited = await this.credit(tx, row, { blockHeight, confirmations }, now);
        events.toUsers([row.userId], 'deposit:credited', toDepositView(credited, mode));
        await events.writeTo(tx, now);
        return 'credited' as const;
      }
      if (confirmations === row.confirmations && blockHeight === row.blockHeight && row.missingChecks === 0) {
        return null;
      }
      const updated = await repo.updateDeposit(tx, row.id, {
        blockHeight,
        confirmations,
        missingChecks: 0,
        updatedAt: now,
      });
      if (confirmations !== row.confirmations) {
        events.toUsers([row.userId], 'deposit:pending', toDepositView(updated, mode));
      }
      await events.writeTo(tx, now);
      return 'updated' as const;
    });
    events.publishTo(this.ctx.notifier);
    return outcome;
  }

  private async credit(
    tx: Tx,
    row: DepositRow,
    at: { blockHeight: number | null; confirmations: number },
    now: Date,
  ): Promise<DepositRow> {
    assert(row.status === 'pending', `deposit ${row.id} credited from ${row.status}`);
    assert(row.amount > 0n, `deposit ${row.id} has no amount to credit`);
    const ledgerTxId = await creditDeposit(tx, {
      userId: row.userId,
      currency: row.currency,
      amount: row.amount,
      ref: {
        reason: `Deposit ${row.network} ${row.txHash}:${row.outputIndex}`,
        refType: 'deposit',
        refId: row.id,
      },
      now,
    });
    return repo.updateDeposit(tx, row.id, {
      status: 'credited',
      ledgerTxId,
      creditedAt: now,
      blockHeight: at.blockHeight,
      confirmations: at.confirmations,
      missingChecks: 0,
      updatedAt: now,
    });
  }
}
