import {
  type BalanceOperationRequest,
  type BalanceOperationResult,
  CRYPTO_DECIMALS,
  type Cryptocurrency,
  formatCrypto,
  type PendingApprovalResult,
  parseAmount,
} from '@p2p/shared';
import type { Needs } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { AppError, assert } from '../../errors.ts';
import { insertAuditEntry, type StaffActor } from '../audit-log/index.ts';
import {
  currentUsdRates,
  formatUsdCents,
  insertApproval,
  type PriceSource,
  pendingResult,
  type UsdRates,
  valuation,
} from '../four-eyes/index.ts';
import { idempotent } from '../idempotency/index.ts';
import { balancesOfUser, credit, debit } from '../ledger/index.ts';
import { userExists } from './admin-users.repository.ts';

export type BalanceOperation = 'credit' | 'debit';

const snapshot = (available: bigint, locked: bigint) => ({
  available: formatCrypto(available),
  locked: formatCrypto(locked),
});

/** Staff's manual credits and debits of a user's balance (docs/product/wallet-and-withdrawals.md). */
export class BalanceOperationsService {
  /** `prices`: the feed that values a credit for four eyes (docs/decisions/023). */
  constructor(
    private readonly ctx: Needs<'config' | 'db' | 'clock'>,
    private readonly prices: PriceSource,
  ) {}

  /**
   * Moves money through the ledger (the only writer of balances) and writes the audit
   * entry in the same transaction: either both happen or neither. A debit never takes the
   * balance below zero (the ledger refuses with INSUFFICIENT_BALANCE under a row lock).
   * A credit worth more than FOUR_EYES_USD moves nothing: it is stored as a proposal that a
   * second admin approves (docs/decisions/023).
   */
  async apply(
    operation: BalanceOperation,
    userId: string,
    request: BalanceOperationRequest,
    actor: StaffActor,
  ): Promise<BalanceOperationResult | PendingApprovalResult> {
    const amount = parseAmount(request.amount, CRYPTO_DECIMALS);
    assert(amount > 0n, `validated ${operation} amount is not positive: ${request.amount}`);
    const { cryptocurrency: currency } = request;
    const threshold = this.ctx.config.safety.fourEyesUsd;
    let rates: UsdRates | null = null;
    if (operation === 'credit') {
      rates = await currentUsdRates(this.prices);
    }
    const scope = {
      userId: actor.staffId,
      scope: `admin.balance.${operation}`,
      key: actor.idempotencyKey,
      request: { userId, ...request },
    };
    return idempotent(this.ctx.db, scope, async (tx) => {
      if (!(await userExists(tx, userId))) throw new AppError('NOT_FOUND', 'errors.userNotFound');
      const now = this.ctx.clock.now();
      if (rates) {
        const value = valuation(amount, rates.rateOf(currency), threshold);
        if (value.needsSecondAdmin) {
          return this.propose(tx, { userId, request, amount, usdCents: value.usdCents, rates, actor, now });
        }
      }
      return this.post(tx, {
        operation,
        userId,
        movement: { currency, amount, reason: request.reason },
        actor,
        now,
      });
    });
  }

  /** A credit above FOUR_EYES_USD: stored as a proposal, audited, nothing moves. */
  private async propose(
    tx: Tx,
    p: {
      userId: string;
      request: BalanceOperationRequest;
      amount: bigint;
      usdCents: bigint;
      rates: UsdRates;
      actor: StaffActor;
      now: Date;
    },
  ): Promise<PendingApprovalResult> {
    const { userId, request, amount, usdCents, rates, actor, now } = p;
    const currency = request.cryptocurrency;
    const threshold = this.ctx.config.safety.fourEyesUsd;
    const approval = await insertApproval(tx, {
      kind: 'balance.credit',
      tradeId: null,
      userId,
      cryptocurrency: currency,
      amount,
      usdCents,
      payload: { ...request },
      proposedBy: actor.staffId,
      proposedAt: now,
    });
    await insertAuditEntry(tx, {
      staffId: actor.staffId,
      action: 'approval.propose',
      entityType: 'user',
      entityId: userId,
      ipAddress: actor.ipAddress,
      userAgent: actor.userAgent,
      note: request.reason,
      beforeState: null,
      afterState: { approval: 'pending' },
      metadata: {
        approvalId: approval.id,
        kind: approval.kind,
        currency,
        amount: formatCrypto(amount),
        usdValue: formatUsdCents(usdCents),
        thresholdUsd: threshold,
        priceSource: rates.source,
      },
      createdAt: now,
    });
    return pendingResult(approval, threshold);
  }

  /**
   * One credit or debit with its audit entry, in the caller's transaction: a direct operation,
   * or (`approval`) a credit a second admin approved, audited as theirs with the proposal named.
   */
  async post(
    tx: Tx,
    {
      operation,
      userId,
      movement,
      actor,
      now,
      approval = null,
    }: {
      operation: BalanceOperation;
      userId: string;
      movement: { currency: Cryptocurrency; amount: bigint; reason: string };
      actor: StaffActor;
      now: Date;
      approval?: { id: string; proposedBy: string } | null;
    },
  ): Promise<BalanceOperationResult> {
    const { currency, amount, reason } = movement;
    const move = operation === 'credit' ? credit : debit;
    const ref = { reason, refType: 'staff', refId: actor.staffId };
    const ledgerTxId = await move(tx, { userId, currency, amount, ref, now });

    // The ledger holds this row locked until commit, so "after" is exact, and "before"
    // is exactly "after" minus the one movement just posted. (Reading "before" first
    // would either race, unlocked, or lock rows out of the ledger's order and deadlock.)
    const after = (await balancesOfUser(tx, userId)).find((b) => b.currency === currency);
    assert(after, `no ${currency} balance row after a posting`);
    const beforeAvailable = after.available + (operation === 'credit' ? -amount : amount);
    assert(beforeAvailable >= 0n, `derived balance before the ${operation} is negative`);

    await insertAuditEntry(tx, {
      staffId: actor.staffId,
      action: `balance.${operation}`,
      entityType: 'user',
      entityId: userId,
      ipAddress: actor.ipAddress,
      userAgent: actor.userAgent,
      note: reason,
      beforeState: snapshot(beforeAvailable, after.locked),
      afterState: snapshot(after.available, after.locked),
      metadata: {
        currency,
        amount: formatCrypto(amount),
        ledgerTxId,
        ...(approval ? { approvalId: approval.id, proposedBy: approval.proposedBy } : {}),
      },
      createdAt: now,
    });
    return {
      balance: {
        currency,
        ...snapshot(after.available, after.locked),
        total: formatCrypto(after.available + after.locked),
      },
      ledgerTxId,
    };
  }
}
