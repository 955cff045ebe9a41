import {
  type Cryptocurrency,
  checkWithdrawalAmount,
  formatCrypto,
  plainAmount,
  USER_CANCELLABLE_STATUSES,
  WithdrawalMessages,
  type WithdrawalRequest,
  type WithdrawalStatus,
  type WithdrawalView,
} from '@p2p/shared';
import type { Needs } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import type { WithdrawalRow } from '../../db/schema.ts';
import { AppError, notFound } from '../../errors.ts';
import { PendingEvents } from '../../events/notifier.ts';
import { findAddressOwner } from '../deposits/index.ts';
import { idempotent } from '../idempotency/index.ts';
import * as ledger from '../ledger/index.ts';
import { balancesOfUser } from '../ledger/index.ts';
import { requireNoSecurityHold } from '../limits/index.ts';
import type { TwoFactorService } from '../two-factor/index.ts';
import { assertNotBlocked, findUserById } from '../users/index.ts';
import { englishDetail, refusal, resolveDestination } from './destination.ts';
import { saveAddress } from './saved-addresses.service.ts';
import { toWithdrawalView } from './withdrawal-view.ts';
import * as repo from './withdrawals.repository.ts';

/** The ledger's view of a withdrawal row. */
export const moneyOf = (w: WithdrawalRow): ledger.WithdrawalMoney => ({
  id: w.id,
  userId: w.userId,
  currency: w.cryptocurrency as Cryptocurrency,
  amount: w.amount,
  fee: w.fee,
});

/** The `withdrawal:updated` event of a row that just changed (docs/decisions/012-withdrawals.md). */
export function announce(events: PendingEvents, w: WithdrawalRow, previousStatus: WithdrawalStatus | null) {
  const payload = {
    withdrawalId: w.id,
    status: w.status,
    previousStatus,
    cryptocurrency: w.cryptocurrency,
    amount: formatCrypto(w.amount),
    internal: w.recipientId !== null,
  };
  events.toUsers([w.userId], 'withdrawal:updated', { ...payload, direction: 'out' });
  if (w.recipientId) events.toUsers([w.recipientId], 'withdrawal:updated', { ...payload, direction: 'in' });
}

/**
 * Money out, as users ask for it (docs/decisions/012-withdrawals.md): a request holds amount + fee in the
 * balance until staff decide; to another user's deposit address it settles at once.
 */
export class WithdrawalsService {
  constructor(
    private readonly ctx: Needs<'config' | 'db' | 'clock' | 'notifier'>,
    private readonly twoFactor: TwoFactorService,
  ) {}

  async request(userId: string, input: WithdrawalRequest, idempotencyKey?: string): Promise<WithdrawalView> {
    const devnet = this.ctx.config.devnetAddresses;
    const { network, address } = await resolveDestination(this.ctx.db, userId, input, devnet);
    const check = checkWithdrawalAmount(network.id, input.amount);
    if (!check.ok)
      throw refusal('VALIDATION_ERROR', check.message, { field: 'amount', reason: check.reason });

    const events = new PendingEvents();
    const scope = { userId, scope: 'withdrawals.request', key: idempotencyKey, request: input };
    const view = await this.twoFactor.countingFailures(
      userId,
      () =>
        idempotent(this.ctx.db, scope, async (tx) => {
          const now = this.ctx.clock.now();
          await assertNotBlocked(tx, userId);
          // Nor after a security change, for its hold (docs/decisions/033): internal transfers too.
          await requireNoSecurityHold(this.ctx, tx, userId);
          // Every withdrawal takes its own fresh code: a step-up window never covers one.
          const ask = WithdrawalMessages.twoFactorRequired;
          await this.twoFactor.requireFreshCode(tx, {
            userId,
            code: input.totpCode,
            now,
            ask: ask.key,
            details: englishDetail(ask),
          });
          if (input.saveLabel && !input.addressId) {
            // Saved already (ON CONFLICT DO NOTHING left the transaction sound): nothing to add.
            const saved = await saveAddress(
              tx,
              userId,
              { network, address, label: input.saveLabel },
              now,
            ).then(
              () => true,
              (error: unknown) => {
                if (!(error instanceof AppError && error.code === 'CONFLICT')) throw error;
                return false;
              },
            );
            // A destination saved is a security event for the owner (docs/decisions/033).
            if (saved)
              events.toUsers([userId], 'security:event', { kind: 'address_saved', at: now.toISOString() });
          }
          const owner = await findAddressOwner(tx, network.chain, address);
          if (owner?.userId === userId) {
            throw refusal('RULE_VIOLATION', WithdrawalMessages.ownAddress, { field: 'toAddress' });
          }
          const recipientId = owner?.userId ?? null;
          const row = await repo.insertWithdrawal(tx, {
            userId,
            cryptocurrency: network.currency,
            network: network.id,
            amount: check.amount,
            fee: recipientId ? 0n : check.fee,
            toAddress: address,
            recipientId,
            status: recipientId ? 'COMPLETED' : 'PENDING',
            completedAt: recipientId ? now : null,
            createdAt: now,
            updatedAt: now,
          });
          await this.hold(tx, row, now);
          announce(events, row, null);
          await events.writeTo(tx, now);
          const user = await findUserById(tx, userId);
          return toWithdrawalView(row, {
            firstName: user?.firstName ?? '',
            lastName: user?.lastName ?? null,
          });
        }),
      input.totpCode,
    );
    events.publishTo(this.ctx.notifier);
    return view;
  }

  /** The money side of a new request; a balance too small answers with what is available. */
  private async hold(tx: Tx, row: WithdrawalRow, now: Date) {
    const money = moneyOf(row);
    try {
      if (row.recipientId)
        await ledger.transferInternally(tx, { ...money, recipientId: row.recipientId }, now);
      else await ledger.lockWithdrawal(tx, money, now);
    } catch (error) {
      if (!(error instanceof AppError) || error.code !== 'INSUFFICIENT_BALANCE') throw error;
      // The ledger holds the balance row locked, so this is exactly what was short.
      const balance = (await balancesOfUser(tx, row.userId)).find((b) => b.currency === money.currency);
      const available = balance?.available ?? 0n;
      throw refusal(
        'INSUFFICIENT_BALANCE',
        WithdrawalMessages.insufficient(plainAmount(available), money.currency),
        {
          field: 'amount',
          available: formatCrypto(available),
          required: formatCrypto(money.amount + money.fee),
        },
      );
    }
  }

  async mine(
    userId: string,
    query: { status?: WithdrawalStatus | undefined; limit: number; offset: number },
  ) {
    const { rows, total } = await repo.withdrawalsOfUser(this.ctx.db, {
      userId,
      status: query.status,
      limit: query.limit,
      offset: query.offset,
    });
    return {
      data: rows.map((r) => toWithdrawalView(r, r.owner)),
      pagination: {
        total,
        limit: query.limit,
        offset: query.offset,
        hasNext: query.offset + rows.length < total,
      },
    };
  }

  /**
   * The owner takes back a PENDING request, or an APPROVED one nobody has claimed for sending:
   * amount + fee return to available. The claim locks the same row, so a cancel and a claim
   * never both win; a claimed request is being sent and stays so (docs/decisions/023).
   */
  async cancel(userId: string, id: string): Promise<WithdrawalView> {
    const events = new PendingEvents();
    const view = await this.ctx.db.transaction(async (tx) => {
      const now = this.ctx.clock.now();
      const row = await repo.lockWithdrawal(tx, id);
      if (!row || row.userId !== userId) throw notFound('wd.err.notFound');
      if (row.status === 'PROCESSING') {
        throw new AppError('ACTION_NOT_AVAILABLE', 'wdc.beingSent', undefined, { status: row.status });
      }
      if (!USER_CANCELLABLE_STATUSES.includes(row.status)) {
        throw new AppError('ACTION_NOT_AVAILABLE', 'errors.actionNotAvailable', undefined, {
          status: row.status,
        });
      }
      const updated = await repo.updateWithdrawal(tx, id, { status: 'CANCELLED', updatedAt: now });
      await ledger.unlockWithdrawal(tx, moneyOf(row), 'Withdrawal cancelled by the user', now);
      announce(events, updated, row.status);
      await events.writeTo(tx, now);
      const user = await findUserById(tx, userId);
      return toWithdrawalView(updated, {
        firstName: user?.firstName ?? '',
        lastName: user?.lastName ?? null,
      });
    });
    events.publishTo(this.ctx.notifier);
    return view;
  }
}
