import { describe, expect, it } from 'vitest';
import {
  ACTIVE_TRADE_STATUSES,
  type Actor,
  availableActions,
  isFinal,
  nextState,
  normalizeAction,
  TRADE_STATUSES,
  type TradeAction,
  type TradeRole,
  type TradeStatus,
  USER_ACTIONS,
} from './trade-machine.ts';

// The contract, copied by hand from docs/product/trading-rules.md (not derived from
// TRADE_RULES), so that a change to the machine that the document does not make fails here.
const STATUSES: TradeStatus[] = [
  'CREATED',
  'ESCROW_LOCKED',
  'PAYMENT_PENDING',
  'PAYMENT_CONFIRMED',
  'DISPUTED',
  'COMPLETED',
  'CANCELLED',
];
const ACTIONS: TradeAction[] = [
  'mark_paid',
  'confirm_payment',
  'release_crypto',
  'cancel_trade',
  'dispute_trade',
  'expire',
  'auto_release',
  'resolve_release',
  'resolve_refund',
];
const ACTORS: Actor[] = ['buyer', 'seller', 'system', 'moderator'];

/** [from, action, actor, to]: every allowed transition; everything else is refused. */
const ALLOWED: [TradeStatus, TradeAction, Actor, TradeStatus][] = [
  ['CREATED', 'mark_paid', 'buyer', 'PAYMENT_PENDING'],
  ['ESCROW_LOCKED', 'mark_paid', 'buyer', 'PAYMENT_PENDING'],
  ['PAYMENT_PENDING', 'confirm_payment', 'seller', 'PAYMENT_CONFIRMED'],
  ['PAYMENT_CONFIRMED', 'release_crypto', 'seller', 'COMPLETED'],
  ['CREATED', 'cancel_trade', 'buyer', 'CANCELLED'],
  ['ESCROW_LOCKED', 'cancel_trade', 'buyer', 'CANCELLED'],
  ['PAYMENT_PENDING', 'cancel_trade', 'buyer', 'CANCELLED'],
  ['CREATED', 'cancel_trade', 'seller', 'CANCELLED'],
  ['ESCROW_LOCKED', 'cancel_trade', 'seller', 'CANCELLED'],
  ['PAYMENT_PENDING', 'dispute_trade', 'buyer', 'DISPUTED'],
  ['PAYMENT_CONFIRMED', 'dispute_trade', 'buyer', 'DISPUTED'],
  ['PAYMENT_PENDING', 'dispute_trade', 'seller', 'DISPUTED'],
  ['PAYMENT_CONFIRMED', 'dispute_trade', 'seller', 'DISPUTED'],
  ['ESCROW_LOCKED', 'expire', 'system', 'CANCELLED'],
  ['PAYMENT_CONFIRMED', 'auto_release', 'system', 'COMPLETED'],
  ['DISPUTED', 'resolve_release', 'moderator', 'COMPLETED'],
  ['DISPUTED', 'resolve_refund', 'moderator', 'CANCELLED'],
];

function expected(status: TradeStatus, action: TradeAction, actor: Actor): TradeStatus | null {
  const hit = ALLOWED.find(([f, a, who]) => f === status && a === action && who === actor);
  return hit ? hit[3] : null;
}

const everyCase = STATUSES.flatMap((status) =>
  ACTIONS.flatMap((action) =>
    ACTORS.map((actor) => ({ status, action, actor, to: expected(status, action, actor) })),
  ),
);

describe('nextState against the documented table', () => {
  it('knows exactly the documented statuses', () => {
    expect([...TRADE_STATUSES]).toEqual(STATUSES);
  });

  it('covers every status x action x actor (252 cases, 17 allowed)', () => {
    expect(everyCase).toHaveLength(7 * 9 * 4);
    expect(everyCase.filter((c) => c.to !== null)).toHaveLength(ALLOWED.length);
  });

  it.each(everyCase)('$status + $action by $actor -> $to', ({ status, action, actor, to }) => {
    expect(nextState(status, action, actor)).toBe(to);
  });

  it('never lets a seller cancel once the buyer has marked the payment', () => {
    for (const status of ['PAYMENT_PENDING', 'PAYMENT_CONFIRMED', 'DISPUTED'] as const) {
      expect(nextState(status, 'cancel_trade', 'seller')).toBeNull();
    }
  });

  it('leaves final statuses final for everyone', () => {
    for (const status of ['COMPLETED', 'CANCELLED'] as const)
      for (const action of ACTIONS)
        for (const actor of ACTORS) expect(nextState(status, action, actor)).toBeNull();
  });
});

describe('availableActions per role', () => {
  const BUTTONS: Record<TradeStatus, Record<'buyer' | 'seller', string[]>> = {
    CREATED: { buyer: ['mark_paid', 'cancel_trade'], seller: ['cancel_trade'] },
    ESCROW_LOCKED: { buyer: ['mark_paid', 'cancel_trade'], seller: ['cancel_trade'] },
    PAYMENT_PENDING: {
      buyer: ['cancel_trade', 'dispute_trade'],
      seller: ['confirm_payment', 'dispute_trade'],
    },
    PAYMENT_CONFIRMED: { buyer: ['dispute_trade'], seller: ['release_crypto', 'dispute_trade'] },
    DISPUTED: { buyer: [], seller: [] },
    COMPLETED: { buyer: [], seller: [] },
    CANCELLED: { buyer: [], seller: [] },
  };
  const cases = STATUSES.flatMap((status) =>
    (['buyer', 'seller'] as const).map((role) => ({ status, role, actions: BUTTONS[status][role] })),
  );

  it.each(cases)('$status as $role -> $actions', ({ status, role, actions }) => {
    expect([...availableActions(status, role)].sort()).toEqual([...actions].sort());
  });

  it.each(STATUSES)('an observer gets nothing in %s', (status) => {
    expect(availableActions(status, 'observer' as TradeRole)).toEqual([]);
  });

  it('offers only user actions, never the system or moderator ones', () => {
    const offered = new Set(
      STATUSES.flatMap((s) => [...availableActions(s, 'buyer'), ...availableActions(s, 'seller')]),
    );
    expect([...offered].sort()).toEqual([...USER_ACTIONS].sort());
  });
});

describe('normalizeAction', () => {
  it('maps the release_funds alias to release_crypto', () => {
    expect(normalizeAction('release_funds')).toBe('release_crypto');
  });

  it.each(['mark_paid', 'confirm_payment', 'release_crypto', 'cancel_trade', 'dispute_trade'])(
    'keeps the user action %s',
    (action) => {
      expect(normalizeAction(action)).toBe(action);
    },
  );

  it.each([
    'expire',
    'auto_release',
    'resolve_release',
    'resolve_refund',
    'create',
    'MARK_PAID',
    '',
    'constructor',
    'toString',
    '__proto__',
    'hasOwnProperty',
  ])('refuses %j (system actions and prototype keys are not user actions)', (action) => {
    expect(normalizeAction(action)).toBeNull();
  });
});

describe('final and active statuses', () => {
  it('treats only COMPLETED and CANCELLED as final; the rest are active', () => {
    expect(STATUSES.filter(isFinal)).toEqual(['COMPLETED', 'CANCELLED']);
    expect([...ACTIVE_TRADE_STATUSES]).toEqual(STATUSES.filter((s) => !isFinal(s)));
  });
});
