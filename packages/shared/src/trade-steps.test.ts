import { describe, expect, it } from 'vitest';
import type { TradePaymentTemplate } from './schemas/payment-templates.ts';
import type { TradeRole, TradeStatus } from './trade-machine.ts';
import {
  currentPhase,
  type ProgressInput,
  type ProgressStep,
  progressStepNumber,
  progressSteps,
  tradePhases,
} from './trade-steps.ts';

const DETAILS: TradePaymentTemplate = {
  templateId: null,
  name: 'Сбербанк',
  type: 'BANK_CARD',
  details: {},
  sentAt: '2026-01-01T10:01:00Z',
};
const base = {
  createdAt: '2026-01-01T10:00:00Z',
  paidAt: null,
  confirmedAt: null,
  completedAt: null,
  paymentTemplate: DETAILS,
};
const PAID = '2026-01-01T10:05:00Z';
const CONFIRMED = '2026-01-01T10:06:00Z';
const DONE = '2026-01-01T10:07:00Z';
const CANCELLED = '2026-01-01T10:30:00Z';

/** The buyer's steps, unless a role is given. */
const steps = (trade: Pick<ProgressInput, 'status'> & Partial<ProgressInput>, role: TradeRole = 'buyer') =>
  progressSteps({ ...base, ...trade }, role);

/** Each status as a trade usually reaches it: the moments it has. */
const TRADES: Record<TradeStatus, Partial<ProgressInput>> = {
  CREATED: {},
  ESCROW_LOCKED: {},
  PAYMENT_PENDING: { paidAt: PAID },
  PAYMENT_CONFIRMED: { paidAt: PAID, confirmedAt: CONFIRMED },
  // Disputed after the buyer said they paid.
  DISPUTED: { paidAt: PAID },
  COMPLETED: { paidAt: PAID, confirmedAt: CONFIRMED, completedAt: DONE },
  CANCELLED: { cancelledAt: CANCELLED },
};

/** What every role sees in each status: steps, what the current one waits for, «Шаг N», the API's phases and step. */
const EXPECTED: Record<
  TradeStatus,
  {
    steps: [ProgressStep['key'], ProgressStep['state']][];
    waiting: string | null;
    n: number;
    phases: string[];
    /** The API's `currentStep`. */
    current: number;
  }
> = {
  CREATED: {
    steps: [
      ['created', 'current'],
      ['paid', 'pending'],
      ['confirmed', 'pending'],
      ['completed', 'pending'],
    ],
    waiting: 'trade.progress.wait.created',
    n: 1,
    phases: ['completed', 'active', 'pending', 'pending', 'pending'],
    current: 1,
  },
  ESCROW_LOCKED: {
    steps: [
      ['created', 'current'],
      ['paid', 'pending'],
      ['confirmed', 'pending'],
      ['completed', 'pending'],
    ],
    waiting: 'trade.progress.wait.created',
    n: 1,
    phases: ['completed', 'active', 'pending', 'pending', 'pending'],
    current: 1,
  },
  PAYMENT_PENDING: {
    steps: [
      ['created', 'done'],
      ['paid', 'current'],
      ['confirmed', 'pending'],
      ['completed', 'pending'],
    ],
    waiting: 'trade.progress.wait.paid',
    n: 2,
    phases: ['completed', 'completed', 'active', 'pending', 'pending'],
    current: 2,
  },
  PAYMENT_CONFIRMED: {
    steps: [
      ['created', 'done'],
      ['paid', 'done'],
      ['confirmed', 'current'],
      ['completed', 'pending'],
    ],
    waiting: 'trade.progress.wait.confirmed',
    n: 3,
    phases: ['completed', 'completed', 'completed', 'active', 'pending'],
    current: 3,
  },
  DISPUTED: {
    steps: [
      ['created', 'done'],
      ['paid', 'done'],
      ['confirmed', 'pending'],
      ['completed', 'pending'],
    ],
    waiting: null,
    n: 2,
    phases: ['completed', 'completed', 'pending', 'pending', 'pending'],
    current: 0,
  },
  COMPLETED: {
    steps: [
      ['created', 'done'],
      ['paid', 'done'],
      ['confirmed', 'done'],
      ['completed', 'done'],
    ],
    waiting: null,
    n: 4,
    phases: ['completed', 'completed', 'completed', 'completed', 'completed'],
    current: 5,
  },
  CANCELLED: {
    steps: [
      ['created', 'done'],
      ['paid', 'skipped'],
      ['confirmed', 'skipped'],
      ['cancelled', 'done'],
    ],
    waiting: null,
    n: 1,
    phases: ['completed', 'pending', 'pending', 'pending', 'pending'],
    current: 0,
  },
};

const ROLES: TradeRole[] = ['buyer', 'seller', 'observer'];
const CASES = (Object.keys(TRADES) as TradeStatus[]).flatMap((status) =>
  ROLES.map((role) => [status, role] as const),
);

describe('the trade steps, for every status and role', () => {
  it.each(CASES)('%s, seen by the %s', (status, role) => {
    const shown = progressSteps({ ...base, ...TRADES[status], status }, role);
    const expected = EXPECTED[status];
    expect(shown.map((s) => [s.key, s.state])).toEqual(expected.steps);
    expect(shown.map((s) => s.title)).toEqual(expected.steps.map(([key]) => `trade.progress.${key}`));
    // Only the current step says what comes next.
    expect(shown.map((s) => s.waiting)).toEqual(
      shown.map((s) => (s.state === 'current' ? expected.waiting : null)),
    );
    expect(progressStepNumber(shown)).toBe(expected.n);
    expect(tradePhases(shown).map((p) => p.status)).toEqual(expected.phases);
    expect(currentPhase(tradePhases(shown))).toBe(expected.current);
  });

  it.each(CASES)('%s without payment details yet, seen by the %s', (status, role) => {
    const shown = progressSteps({ ...base, ...TRADES[status], status, paymentTemplate: null }, role);
    const waiting = shown.find((s) => s.state === 'current')?.waiting ?? null;
    // Before the details the seller is to send them; the buyer (and staff) wait for them.
    const before =
      role === 'seller' ? 'trade.progress.wait.detailsSeller' : 'trade.progress.wait.detailsBuyer';
    const first = status === 'CREATED' || status === 'ESCROW_LOCKED';
    expect(waiting).toBe(first ? before : EXPECTED[status].waiting);
    expect(shown.map((s) => [s.key, s.state])).toEqual(EXPECTED[status].steps);
  });
});

describe('the trade steps', () => {
  it('numbers steps 1 to 4 by what has happened, the list marking the same step', () => {
    const awaiting = steps({ ...base, status: 'ESCROW_LOCKED' });
    expect(progressStepNumber(awaiting)).toBe(1);
    expect(awaiting.map((s) => s.state)).toEqual(['current', 'pending', 'pending', 'pending']);
    const paid = steps({ ...base, status: 'PAYMENT_PENDING', paidAt: '2026-01-01T10:05:00Z' });
    expect(progressStepNumber(paid)).toBe(2);
    // Paid but not yet confirmed: "payment confirmed" is still ahead, not "now".
    expect(paid.map((s) => s.state)).toEqual(['done', 'current', 'pending', 'pending']);
    const confirmed = steps({
      ...base,
      status: 'PAYMENT_CONFIRMED',
      paidAt: '2026-01-01T10:05:00Z',
      confirmedAt: '2026-01-01T10:06:00Z',
    });
    expect(progressStepNumber(confirmed)).toBe(3);
    expect(confirmed.findIndex((s) => s.state === 'current') + 1).toBe(progressStepNumber(confirmed));
    const done = steps({
      ...base,
      status: 'COMPLETED',
      paidAt: '2026-01-01T10:05:00Z',
      confirmedAt: '2026-01-01T10:06:00Z',
      completedAt: '2026-01-01T10:07:00Z',
    });
    expect(progressStepNumber(done)).toBe(4);
    expect(done.every((s) => s.state === 'done')).toBe(true);
  });

  it('reads a trade completed by a moderator as completed: step 4 of 4, the skipped step marked', () => {
    // Disputed after the buyer paid, released by the moderator: never confirmed by the seller.
    const released = steps({
      ...base,
      status: 'COMPLETED',
      paidAt: '2026-01-01T10:05:00Z',
      completedAt: '2026-01-01T11:00:00Z',
    });
    expect(released.map((s) => [s.key, s.state])).toEqual([
      ['created', 'done'],
      ['paid', 'done'],
      ['confirmed', 'skipped'],
      ['completed', 'done'],
    ]);
    expect(progressStepNumber(released)).toBe(4);
  });

  it('ends a cancelled trade at its cancellation, the steps it never reached skipped', () => {
    const expired = steps({ ...base, status: 'CANCELLED', cancelledAt: '2026-01-01T10:30:00Z' });
    expect(expired.map((s) => [s.key, s.state, s.at])).toEqual([
      ['created', 'done', base.createdAt],
      ['paid', 'skipped', null],
      ['confirmed', 'skipped', null],
      ['cancelled', 'done', '2026-01-01T10:30:00Z'],
    ]);
    expect(progressStepNumber(expired)).toBe(1);
    // Refunded by a moderator after the buyer said they paid: it stopped at step 2.
    const refunded = steps({
      ...base,
      status: 'CANCELLED',
      paidAt: '2026-01-01T10:05:00Z',
      cancelledAt: '2026-01-01T11:00:00Z',
    });
    expect(refunded.map((s) => s.state)).toEqual(['done', 'done', 'skipped', 'done']);
    expect(progressStepNumber(refunded)).toBe(2);
  });

  it('leaves nothing in progress on a cancelled or disputed trade', () => {
    const cancelled = steps({ ...base, status: 'CANCELLED' });
    expect(cancelled.some((s) => s.state === 'current')).toBe(false);
    expect(progressStepNumber(cancelled)).toBe(1);
    // Disputed after the buyer paid: the payment step stays done, nothing is in progress.
    const disputed = steps({ ...base, status: 'DISPUTED', paidAt: '2026-01-01T10:05:00Z' });
    expect(disputed.map((s) => s.state)).toEqual(['done', 'done', 'pending', 'pending']);
    expect(progressStepNumber(disputed)).toBe(2);
    // The same trade still in progress has its next step active: the status is what stops it.
    const live = steps({ ...base, status: 'PAYMENT_PENDING', paidAt: '2026-01-01T10:05:00Z' });
    expect(live.some((s) => s.state === 'current')).toBe(true);
  });

  it('gives the API its five phases with their moments and texts, the release ending with the completion', () => {
    const completed = tradePhases(steps({ status: 'COMPLETED', ...TRADES.COMPLETED }));
    expect(completed).toEqual([
      {
        id: 1,
        name: 'initiation',
        title: 'trade.phase.initiation',
        description: 'trade.phase.initiation.text',
        status: 'completed',
        completedAt: base.createdAt,
        startedAt: base.createdAt,
      },
      {
        id: 2,
        name: 'payment',
        title: 'trade.phase.payment',
        description: 'trade.phase.payment.text',
        status: 'completed',
        completedAt: PAID,
        startedAt: base.createdAt,
      },
      {
        id: 3,
        name: 'confirmation',
        title: 'trade.phase.confirmation',
        description: 'trade.phase.confirmation.text',
        status: 'completed',
        completedAt: CONFIRMED,
        startedAt: PAID,
      },
      {
        id: 4,
        name: 'release',
        title: 'trade.phase.release',
        description: 'trade.phase.release.text',
        status: 'completed',
        completedAt: DONE,
        startedAt: CONFIRMED,
      },
      {
        id: 5,
        name: 'completion',
        title: 'trade.phase.completion',
        description: 'trade.phase.completion.text',
        status: 'completed',
        completedAt: DONE,
        startedAt: DONE,
      },
    ]);
    // Released by a moderator before the seller confirmed: the confirmation never completed.
    const released = tradePhases(steps({ status: 'COMPLETED', paidAt: PAID, completedAt: DONE }));
    expect(currentPhase(released)).toBe(5);
    expect(released.map((p) => [p.status, p.startedAt])).toEqual([
      ['completed', base.createdAt],
      ['completed', base.createdAt],
      ['pending', PAID],
      ['completed', null],
      ['completed', DONE],
    ]);
  });
});
