import type { MessageKey } from './i18n/runtime.ts';

/**
 * The one trade state machine (docs/product/trading-rules.md). A pure table: the server applies it inside a
 * transaction, the client only displays what the server says is available.
 */

export const TRADE_STATUSES = [
  'CREATED',
  'ESCROW_LOCKED',
  'PAYMENT_PENDING',
  'PAYMENT_CONFIRMED',
  'DISPUTED',
  'COMPLETED',
  'CANCELLED',
] as const;
export type TradeStatus = (typeof TRADE_STATUSES)[number];

/** Statuses the client may display though the server never writes them. */
export const DISPLAY_ONLY_STATUSES = ['PAYMENT_RELEASED', 'PENDING', 'CONFIRMING', 'PAID'] as const;

export const USER_ACTIONS = [
  'mark_paid',
  'confirm_payment',
  'release_crypto',
  'cancel_trade',
  'dispute_trade',
] as const;
export type UserAction = (typeof USER_ACTIONS)[number];
/** `release_funds` is accepted as an alias of `release_crypto`. */
export const ACTION_ALIASES: Record<string, UserAction> = { release_funds: 'release_crypto' };

export type SystemAction = 'expire' | 'auto_release' | 'resolve_release' | 'resolve_refund';
export type TradeAction = UserAction | SystemAction;
export type TradeRole = 'buyer' | 'seller' | 'observer';
export type Actor = 'buyer' | 'seller' | 'system' | 'moderator';

interface Rule {
  action: TradeAction;
  actors: readonly Actor[];
  from: readonly TradeStatus[];
  to: TradeStatus;
}

export const TRADE_RULES: readonly Rule[] = [
  { action: 'mark_paid', actors: ['buyer'], from: ['CREATED', 'ESCROW_LOCKED'], to: 'PAYMENT_PENDING' },
  { action: 'confirm_payment', actors: ['seller'], from: ['PAYMENT_PENDING'], to: 'PAYMENT_CONFIRMED' },
  { action: 'release_crypto', actors: ['seller'], from: ['PAYMENT_CONFIRMED'], to: 'COMPLETED' },
  {
    action: 'cancel_trade',
    actors: ['buyer'],
    from: ['CREATED', 'ESCROW_LOCKED', 'PAYMENT_PENDING'],
    to: 'CANCELLED',
  },
  // A seller may not cancel once the buyer says they paid.
  { action: 'cancel_trade', actors: ['seller'], from: ['CREATED', 'ESCROW_LOCKED'], to: 'CANCELLED' },
  {
    action: 'dispute_trade',
    actors: ['buyer', 'seller'],
    from: ['PAYMENT_PENDING', 'PAYMENT_CONFIRMED'],
    to: 'DISPUTED',
  },
  { action: 'expire', actors: ['system'], from: ['ESCROW_LOCKED'], to: 'CANCELLED' },
  { action: 'auto_release', actors: ['system'], from: ['PAYMENT_CONFIRMED'], to: 'COMPLETED' },
  { action: 'resolve_release', actors: ['moderator'], from: ['DISPUTED'], to: 'COMPLETED' },
  { action: 'resolve_refund', actors: ['moderator'], from: ['DISPUTED'], to: 'CANCELLED' },
];

/** The status after `action` by `actor`, or null when the machine does not allow it. */
export function nextState(status: TradeStatus, action: TradeAction, actor: Actor): TradeStatus | null {
  const rule = TRADE_RULES.find(
    (r) => r.action === action && r.actors.includes(actor) && r.from.includes(status),
  );
  return rule ? rule.to : null;
}

/** The user actions a party may take now; observers get none. */
export function availableActions(status: TradeStatus, role: TradeRole): UserAction[] {
  if (role === 'observer') return [];
  return USER_ACTIONS.filter((action) => nextState(status, action, role) !== null);
}

export function normalizeAction(action: string): UserAction | null {
  if ((USER_ACTIONS as readonly string[]).includes(action)) return action as UserAction;
  // Own keys only: 'constructor' or 'toString' must not resolve through the prototype.
  return Object.hasOwn(ACTION_ALIASES, action) ? (ACTION_ALIASES[action] ?? null) : null;
}

export const ACTIVE_TRADE_STATUSES: readonly TradeStatus[] = [
  'CREATED',
  'ESCROW_LOCKED',
  'PAYMENT_PENDING',
  'PAYMENT_CONFIRMED',
  'DISPUTED',
];
export const isFinal = (status: TradeStatus) => status === 'COMPLETED' || status === 'CANCELLED';

/** Dispute reasons per role. */
export const DISPUTE_REASONS = {
  buyer: ['no_payment_received', 'wrong_amount', 'no_crypto_received', 'seller_not_responding', 'other'],
  seller: ['no_payment_received', 'wrong_amount', 'fake_proof', 'buyer_not_responding', 'other'],
} as const;
export const DISPUTE_DETAILS_MAX = 1000;
export const DisputeMessages = {
  reason: 'validation.dispute.reason',
  details: 'validation.dispute.details',
  tooLong: 'validation.dispute.tooLong',
} as const satisfies Record<string, MessageKey>;
