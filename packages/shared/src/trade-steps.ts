import type { MessageKey } from './i18n/runtime.ts';
import type { TradeView } from './schemas/trades.ts';
import type { TradeRole } from './trade-machine.ts';

/**
 * A trade's progress, computed here once for the trade page and for the API's `steps`
 * (docs/product/trading-rules.md): the four steps a trade reaches (created, payment sent,
 * payment confirmed, completed), each at a moment recorded on the trade, with the catalogue's
 * keys of its title and of what the trade waits for while it is the current step.
 */

export type ProgressStepKey = 'created' | 'paid' | 'confirmed' | 'completed' | 'cancelled';
export type ProgressStepState = 'done' | 'current' | 'pending' | 'skipped';
export interface ProgressStep {
  key: ProgressStepKey;
  state: ProgressStepState;
  /** When the step was reached (ISO), or null. */
  at: string | null;
  title: MessageKey;
  /** What the trade waits for while this is the current step; null on any other. */
  waiting: MessageKey | null;
}

/** What the steps are read from: the status, the moments, and whether details were sent. */
export type ProgressInput = Pick<
  TradeView,
  'status' | 'createdAt' | 'paidAt' | 'confirmedAt' | 'completedAt' | 'paymentTemplate'
> &
  Partial<Pick<TradeView, 'cancelledAt'>>;

const TITLE = {
  created: 'trade.progress.created',
  paid: 'trade.progress.paid',
  confirmed: 'trade.progress.confirmed',
  completed: 'trade.progress.completed',
  cancelled: 'trade.progress.cancelled',
} as const satisfies Record<ProgressStepKey, MessageKey>;

/** What the trade waits for while a step is the current one. */
const WAITING = {
  created: 'trade.progress.wait.created',
  paid: 'trade.progress.wait.paid',
  confirmed: 'trade.progress.wait.confirmed',
} as const satisfies Partial<Record<ProgressStepKey, MessageKey>>;

/**
 * The seller has not sent payment details yet while the buyer is to pay: the seller must act
 * first, and the deadline is theirs to send the details; the buyer's own window starts when the
 * details arrive (docs/decisions/034).
 */
export function awaitingPaymentDetails(trade: Pick<TradeView, 'status' | 'paymentTemplate'>): boolean {
  const status: string = trade.status;
  return (status === 'CREATED' || status === 'ESCROW_LOCKED') && !trade.paymentTemplate;
}

type Reached = Pick<ProgressStep, 'key' | 'state' | 'at'>;

/**
 * The steps' states. The current step is the last one reached while the trade is still going;
 * a disputed trade has none (it stopped there). A finished trade reads as finished: a completed
 * one has all four behind it, a step it went without (a moderator released the coins before the
 * seller confirmed) skipped; a cancelled one ends at «Сделка отменена», the steps it never
 * reached skipped, not «ahead».
 */
function reachedSteps(trade: ProgressInput): Reached[] {
  const moments: [ProgressStepKey, string | null][] = [
    ['created', trade.createdAt],
    ['paid', trade.paidAt],
    ['confirmed', trade.confirmedAt],
    ['completed', trade.completedAt],
  ];
  if (trade.status === 'COMPLETED') {
    return moments.map(([key, at]) => ({ key, at, state: at || key === 'completed' ? 'done' : 'skipped' }));
  }
  if (trade.status === 'CANCELLED') {
    const forward = moments
      .slice(0, 3)
      .map(([key, at]): Reached => ({ key, at, state: at ? 'done' : 'skipped' }));
    return [...forward, { key: 'cancelled', at: trade.cancelledAt ?? null, state: 'done' }];
  }
  const live = trade.status !== 'DISPUTED';
  const reached = moments.filter(([, at]) => at).length;
  return moments.map(([key, at], i) => ({
    key,
    at,
    state: i >= reached ? 'pending' : live && i === reached - 1 && key !== 'completed' ? 'current' : 'done',
  }));
}

/** What the current step waits for: before the details are sent, the seller is to send them. */
function waitingOf(step: Reached, trade: ProgressInput, role: TradeRole): MessageKey | null {
  if (step.state !== 'current' || !(step.key in WAITING)) return null;
  if (step.key === 'created' && awaitingPaymentDetails(trade)) {
    return role === 'seller' ? 'trade.progress.wait.detailsSeller' : 'trade.progress.wait.detailsBuyer';
  }
  return WAITING[step.key as keyof typeof WAITING];
}

/** The trade's steps as `role` sees them: states, moments, and the catalogue keys of their texts. */
export function progressSteps(trade: ProgressInput, role: TradeRole): ProgressStep[] {
  return reachedSteps(trade).map((step) => ({
    ...step,
    title: TITLE[step.key],
    waiting: waitingOf(step, trade, role),
  }));
}

/**
 * "Шаг N из 4": the number of the last step reached, the same one the progress list marks
 * (awaiting payment 1, payment sent 2, confirmed 3, completed 4); a cancelled trade keeps the
 * number of the step it stopped at.
 */
export function progressStepNumber(steps: readonly Pick<ProgressStep, 'key' | 'state'>[]): number {
  const forward = steps.filter((s) => s.key !== 'cancelled');
  return Math.max(1, forward.findLastIndex((s) => s.state === 'done' || s.state === 'current') + 1);
}

export type TradePhaseName = 'initiation' | 'payment' | 'confirmation' | 'release' | 'completion';
export interface TradePhase {
  id: number;
  name: TradePhaseName;
  title: MessageKey;
  description: MessageKey;
  status: 'completed' | 'active' | 'pending';
  completedAt: string | null;
  startedAt: string | null;
}

/** The API's five phases, each ending when a step is reached (the release with the completion). */
const PHASES: readonly { name: TradePhaseName; endsAt: ProgressStepKey }[] = [
  { name: 'initiation', endsAt: 'created' },
  { name: 'payment', endsAt: 'paid' },
  { name: 'confirmation', endsAt: 'confirmed' },
  { name: 'release', endsAt: 'completed' },
  { name: 'completion', endsAt: 'completed' },
];

/**
 * The trade's `steps` as the API gives them (docs/product/trading-rules.md: `currentStep`
 * counts the same five): read off the steps above, not computed again. A phase is completed
 * when its step was reached, and starts when the one before it ends; the phase in progress is
 * the one after the current step.
 */
export function tradePhases(steps: readonly ProgressStep[]): TradePhase[] {
  const stepOf = (key: ProgressStepKey) => steps.find((s) => s.key === key);
  return PHASES.map((phase, i) => {
    const before = PHASES[i - 1];
    const completedAt = stepOf(phase.endsAt)?.at ?? null;
    const startedAt = stepOf(before?.endsAt ?? 'created')?.at ?? null;
    const active = before !== undefined && stepOf(before.endsAt)?.state === 'current';
    return {
      id: i + 1,
      name: phase.name,
      title: `trade.phase.${phase.name}`,
      description: `trade.phase.${phase.name}.text`,
      status: completedAt ? 'completed' : active ? 'active' : 'pending',
      completedAt,
      startedAt,
    };
  });
}

/**
 * The API's `currentStep`, 1 to 5 (docs/product/trading-rules.md): the phase that ended last
 * while another is in progress, 5 once the trade completed (a moderator's release included,
 * which skipped the confirmation), 0 while nothing is in progress (disputed or cancelled).
 */
export function currentPhase(phases: readonly Pick<TradePhase, 'id' | 'status'>[]): number {
  if (phases.at(-1)?.status === 'completed') return phases.length;
  const active = phases.find((p) => p.status === 'active');
  return active ? active.id - 1 : 0;
}
