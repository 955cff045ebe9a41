import {
  type NetworkId,
  STAFF_TRANSITIONS,
  type StaffWithdrawalAction,
  USER_CANCELLABLE_STATUSES,
  type WithdrawalStatus,
  withdrawLimitsOf,
} from '@p2p/shared';
import type { Currency, Model } from './model.ts';

/**
 * Money out in the model (docs/decisions/012-withdrawals.md), on top of the trade model's
 * accounts: a request holds amount + fee, a transfer to another user's deposit address moves
 * at once and free, cancel/reject/fail give the hold back, completion sends it out.
 */

export type Destination = 'external' | 'internal' | 'own';
export const NETWORK_OF: Record<Currency, NetworkId> = { BTC: 'BTC', ETH: 'ETH' };

export interface ModelWithdrawal {
  id: string;
  user: number;
  currency: Currency;
  amount: bigint;
  fee: bigint;
  status: WithdrawalStatus;
  recipient: number | null;
}

export class WithdrawalModel {
  readonly withdrawals: ModelWithdrawal[] = [];

  constructor(private readonly model: Model) {}

  /** The fee a request must pay, or null when it must be refused. */
  canRequest(user: number, currency: Currency, amount: bigint, to: Destination): bigint | null {
    if (to === 'own') return null;
    const limits = withdrawLimitsOf(NETWORK_OF[currency]);
    if (amount < limits.min || amount > limits.max) return null;
    const fee = to === 'internal' ? 0n : limits.fee;
    return amount + fee <= this.model.account(user, currency).available ? fee : null;
  }

  request(w: Omit<ModelWithdrawal, 'status'>) {
    const from = this.model.account(w.user, w.currency);
    if (w.recipient !== null) {
      const to = this.model.account(w.recipient, w.currency);
      from.available -= w.amount;
      from.transferredOut += w.amount;
      to.available += w.amount;
      to.transferredIn += w.amount;
      this.withdrawals.push({ ...w, status: 'COMPLETED' });
      return;
    }
    from.available -= w.amount + w.fee;
    from.locked += w.amount + w.fee;
    this.withdrawals.push({ ...w, status: 'PENDING' });
  }

  canCancel = (w: ModelWithdrawal, byOwner: boolean) =>
    byOwner && w.recipient === null && USER_CANCELLABLE_STATUSES.includes(w.status);

  cancel(w: ModelWithdrawal) {
    this.release(w);
    w.status = 'CANCELLED';
  }

  canDecide = (w: ModelWithdrawal, action: StaffWithdrawalAction) =>
    w.recipient === null && STAFF_TRANSITIONS[action].from.includes(w.status);

  decide(w: ModelWithdrawal, action: StaffWithdrawalAction) {
    const rule = STAFF_TRANSITIONS[action];
    if (rule.money === 'unlock') this.release(w);
    if (rule.money === 'send') {
      const a = this.model.account(w.user, w.currency);
      a.locked -= w.amount + w.fee;
      a.withdrawn += w.amount;
      a.fees += w.fee;
      this.model.fees[w.currency] += w.fee;
      this.model.external[w.currency] += w.amount;
    }
    w.status = rule.to;
  }

  private release(w: ModelWithdrawal) {
    const a = this.model.account(w.user, w.currency);
    a.locked -= w.amount + w.fee;
    a.available += w.amount + w.fee;
  }
}
