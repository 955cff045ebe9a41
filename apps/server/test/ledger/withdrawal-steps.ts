import { randomUUID } from 'node:crypto';
import type { StaffWithdrawalAction, WithdrawalStatus } from '@p2p/shared';
import { formatCrypto } from '@p2p/shared';
import { expect } from 'vitest';
import type { AppContext } from '../../src/context.ts';
import type { ManualClock } from '../../src/lib/clock.ts';
import * as ledger from '../../src/modules/ledger/ledger.ts';
import type { WithdrawalDecisionsService } from '../../src/modules/withdrawals/withdrawal-decisions.service.ts';
import type { WithdrawalsService } from '../../src/modules/withdrawals/withdrawals.service.ts';
import { secondFactor } from '../factories.ts';
import { servicesOf } from '../helpers.ts';
import { EXTERNAL, txHashFor } from '../withdrawals/support.ts';
import type { Currency, Model } from './model.ts';
import { type Destination, NETWORK_OF, WithdrawalModel } from './model-withdrawals.ts';
import type { Op } from './operations.ts';

/** Deposit addresses of the sequence's users, per currency's chain (for internal transfers). */
export type DepositAddresses = Record<Currency, string>[];

type Attempt = (label: string, expected: boolean, call: () => Promise<unknown>) => Promise<void>;

const NEXT: Partial<Record<WithdrawalStatus, StaffWithdrawalAction>> = {
  PENDING: 'approve',
  APPROVED: 'processing', // claimed before it is sent (docs/decisions/023)
  PROCESSING: 'complete',
};
const QUEUED = new Set<WithdrawalStatus>(['PENDING', 'APPROVED', 'PROCESSING']);
let hashSeq = 0;

/** The money-out operations of the property test, through the real services. */
export class WithdrawalSteps {
  readonly model: WithdrawalModel;
  private readonly users: WithdrawalsService;
  private readonly decisions: WithdrawalDecisionsService;

  constructor(
    private readonly ctx: AppContext,
    private readonly clock: ManualClock,
    private readonly ids: string[],
    private readonly base: Model,
    private readonly addresses: DepositAddresses,
    private readonly staffId: string,
    private readonly attempt: Attempt,
    private readonly richest: (currency: Currency) => number,
  ) {
    this.model = new WithdrawalModel(base);
    this.users = servicesOf(ctx).withdrawals;
    this.decisions = servicesOf(ctx).admin.withdrawalDecisions;
  }

  private id = (u: number) => this.ids[u] as string;

  async apply(o: Extract<Op, { kind: 'deposit' | 'withdraw' | 'wcancel' | 'wdecide' }>) {
    switch (o.kind) {
      case 'deposit':
        return this.attempt('deposit', true, async () => {
          const ref = { reason: 'property deposit', refType: 'deposit' as const, refId: randomUUID() };
          await this.ctx.db.transaction((tx) =>
            ledger.creditDeposit(tx, {
              userId: this.id(o.user),
              currency: o.currency,
              amount: o.amount,
              ref,
              now: this.clock.now(),
            }),
          );
          this.base.credit(o.user, o.currency, o.amount);
        });
      case 'withdraw':
        return this.withdraw(
          o.user === 'rich' ? this.richest(o.currency) : o.user,
          o.currency,
          o.amount,
          o.to,
        );
      case 'wcancel':
        return this.cancel(o.withdrawal, o.byOwner);
      case 'wdecide':
        return this.decide(o.withdrawal, o.action);
    }
  }

  private async withdraw(user: number, currency: Currency, amount: bigint, to: Destination) {
    const recipient = to === 'internal' ? (user + 1) % this.ids.length : to === 'own' ? user : null;
    const toAddress =
      recipient === null ? EXTERNAL[NETWORK_OF[currency]] : this.addresses[recipient]?.[currency];
    const fee = this.model.canRequest(user, currency, amount, to);
    await this.attempt(`withdraw_${to}`, fee !== null, async () => {
      const view = await this.users.request(this.id(user), {
        totpCode: await secondFactor(this.ctx, this.id(user)),
        cryptocurrency: currency,
        amount: formatCrypto(amount),
        toAddress,
      });
      expect(view.internal).toBe(to === 'internal');
      this.model.request({
        id: view.id,
        user,
        currency,
        amount,
        fee: fee as bigint,
        recipient: to === 'internal' ? recipient : null,
      });
    });
  }

  /** Nothing to act on yet: ask for a withdrawal instead of wasting the step. */
  private fallback(n: number) {
    const currency: Currency = n % 3 === 2 ? 'ETH' : 'BTC';
    const amount = currency === 'BTC' ? 1_000_000n : 10_000_000n;
    return this.withdraw(this.richest(currency), currency, amount, n % 4 === 3 ? 'internal' : 'external');
  }

  /** Mostly one still in the queue; every fifth pick may land on a settled one. */
  private pick(n: number) {
    const all = this.model.withdrawals;
    const queued = all.filter((w) => QUEUED.has(w.status));
    const from = n % 5 === 0 || queued.length === 0 ? all : queued;
    return from.length ? from[n % from.length] : undefined;
  }

  private async cancel(n: number, byOwner: boolean) {
    const w = this.pick(n);
    if (!w) return this.fallback(n);
    const who = byOwner ? w.user : (w.user + 1) % this.ids.length;
    await this.attempt('wcancel', this.model.canCancel(w, byOwner), async () => {
      await this.users.cancel(this.id(who), w.id);
      this.model.cancel(w);
    });
  }

  private async decide(n: number, asked: StaffWithdrawalAction | 'next') {
    // "next" mostly carries an approved one on, so that lifecycles get far in 12 steps.
    const approved = this.model.withdrawals.filter(
      (x) => x.status === 'APPROVED' || x.status === 'PROCESSING',
    );
    const w = (asked === 'next' && n % 4 !== 0 ? approved.at(-1) : undefined) ?? this.pick(n);
    if (!w) return this.fallback(n);
    const action = asked === 'next' ? (NEXT[w.status] ?? 'approve') : asked;
    hashSeq += 1;
    const body = { note: 'Property', txHash: txHashFor(NETWORK_OF[w.currency], 7_000_000 + hashSeq) };
    const actor = { staffId: this.staffId, ipAddress: null, userAgent: null };
    await this.attempt(`w${action}`, this.model.canDecide(w, action), async () => {
      await this.decisions.decide(actor, w.id, action, body);
      this.model.decide(w, action);
    });
  }
}
