import {
  STAFF_WITHDRAWAL_ACTIONS,
  type StaffWithdrawalAction,
  USER_ACTIONS,
  type UserAction,
} from '@p2p/shared';
import fc from 'fast-check';
import type { Currency } from './model.ts';
import type { Destination } from './model-withdrawals.ts';

/** The operations of the property test, as plain records fast-check can draw and shrink. */

export const USERS = 3;
export const MINUTE = 60_000;
export const DAY = 24 * 60 * MINUTE;
export const METHODS = ['sberbank', 'tinkoff', 'vtb'] as const;
export type Method = (typeof METHODS)[number];
/** A user by index, or the one with the most available in the currency. */
export type Who = number | 'rich';

export type Op =
  | { kind: 'credit' | 'debit'; user: number; currency: Currency; amount: bigint }
  | {
      kind: 'order';
      type: 'buy' | 'sell';
      user: Who;
      currency: Currency;
      amount: bigint;
      price: number;
      methods: Method[];
      timeLimit: number;
    }
  | {
      kind: 'open';
      /** Relative to the order's owner: mostly someone else, sometimes the owner (refused). */
      taker: 'other' | 'another' | 'owner';
      order: number;
      /** Where in [min, max] the fiat amount falls, in permille; outside 0..1000 breaks the limits. */
      permille: number;
      /** 'listed' takes one of the order's own methods. */
      method: Method | 'listed';
    }
  | { kind: 'act'; trade: number; who: 'right' | 'buyer' | 'seller' | 'other'; action: UserAction | 'next' }
  | { kind: 'delete' | 'pause' | 'resume'; order: number; byOwner: boolean }
  | { kind: 'tick'; advance: number }
  | { kind: 'to_deadline'; trade: number }
  | { kind: 'deposit'; user: number; currency: Currency; amount: bigint }
  | { kind: 'withdraw'; user: Who; currency: Currency; amount: bigint; to: Destination }
  /** The owner (or, refused, someone else) cancels a withdrawal: mostly one still in the queue. */
  | { kind: 'wcancel'; withdrawal: number; byOwner: boolean }
  /** An admin decides a withdrawal; 'next' is the happy path's next step for its status. */
  | { kind: 'wdecide'; withdrawal: number; action: StaffWithdrawalAction | 'next' };

const user = fc.integer({ min: 0, max: USERS - 1 });
const currency = fc.constantFrom<Currency>('BTC', 'BTC', 'ETH');
// From one satoshi to 2 coins, biased towards round amounts that make exact fits likely.
const amount = fc.oneof(
  fc.constantFrom(1_000_000n, 5_000_000n, 10_000_000n, 50_000_000n, 100_000_000n),
  fc.bigInt({ min: 1n, max: 200_000_000n }),
);

const credit = fc.record({ kind: fc.constant('credit' as const), user, currency, amount });
const debit = fc.record({ kind: fc.constant('debit' as const), user, currency, amount });
// The opening credits are big enough to publish and take orders with.
const funding = fc.record({
  kind: fc.constant('credit' as const),
  user,
  currency: fc.constantFrom<Currency>('BTC', 'BTC', 'BTC', 'ETH'),
  amount: fc.bigInt({ min: 10_000_000n, max: 300_000_000n }),
});

const order = fc.record({
  kind: fc.constant('order' as const),
  type: fc.constantFrom<'buy' | 'sell'>('sell', 'sell', 'buy'),
  user: fc.constantFrom<Who>('rich', 'rich', 0, 1, 2),
  currency,
  // Mostly affordable after the funding; sometimes more than anyone has.
  amount: fc.oneof(
    { arbitrary: fc.bigInt({ min: 1_000_000n, max: 60_000_000n }), weight: 3 },
    { arbitrary: fc.bigInt({ min: 1_000_000n, max: 400_000_000n }), weight: 1 },
  ),
  price: fc.nat(),
  methods: fc.subarray([...METHODS], { minLength: 1 }),
  timeLimit: fc.constantFrom(15, 30, 60),
});

const open = fc.record({
  kind: fc.constant('open' as const),
  taker: fc.constantFrom<'other' | 'another' | 'owner'>('other', 'other', 'another', 'another', 'owner'),
  order: fc.nat(),
  permille: fc.oneof(
    { arbitrary: fc.integer({ min: 0, max: 1000 }), weight: 3 },
    { arbitrary: fc.integer({ min: -200, max: 1300 }), weight: 1 },
  ),
  method: fc.constantFrom<Method | 'listed'>('listed', 'listed', 'listed', ...METHODS),
});

const act = fc.record({
  kind: fc.constant('act' as const),
  trade: fc.nat(),
  // Mostly the happy path's next step by the right party, so lifecycles get far in 12 steps.
  who: fc.constantFrom<'right' | 'buyer' | 'seller' | 'other'>(
    'right',
    'right',
    'right',
    'right',
    'right',
    'right',
    'buyer',
    'seller',
    'other',
  ),
  action: fc.constantFrom<UserAction | 'next'>(
    'next',
    'next',
    'next',
    'next',
    'next',
    'next',
    'next',
    ...USER_ACTIONS,
  ),
});

const orderAdmin = fc.record({
  kind: fc.constantFrom('delete' as const, 'pause' as const, 'resume' as const),
  order: fc.nat(),
  byOwner: fc.boolean(),
});

const tick = fc.record({
  kind: fc.constant('tick' as const),
  advance: fc.constantFrom(0, MINUTE, 16 * MINUTE, 31 * MINUTE, 61 * MINUTE, 31 * DAY),
});

const toDeadline = fc.record({ kind: fc.constant('to_deadline' as const), trade: fc.nat() });

const deposit = fc.record({ kind: fc.constant('deposit' as const), user, currency, amount });

const withdraw = fc.record({
  kind: fc.constant('withdraw' as const),
  user: fc.constantFrom<Who>('rich', 'rich', 0, 1, 2),
  currency,
  // Around the limits (BTC 0.001-10 + 0.0005, ETH 0.01-100 + 0.005), and beyond them.
  amount: fc.oneof(
    {
      arbitrary: fc.constantFrom(100_000n, 1_000_000n, 2_000_000n, 5_000_000n, 10_000_000n, 30_000_000n),
      weight: 3,
    },
    { arbitrary: fc.constantFrom(99_999n, 999_999n, 1_000_000_001n), weight: 1 },
    { arbitrary: fc.bigInt({ min: 1n, max: 250_000_000n }), weight: 2 },
  ),
  to: fc.constantFrom<Destination>('external', 'external', 'external', 'internal', 'own'),
});

const wcancel = fc.record({
  kind: fc.constant('wcancel' as const),
  withdrawal: fc.nat(),
  byOwner: fc.boolean(),
});

const wdecide = fc.record({
  kind: fc.constant('wdecide' as const),
  withdrawal: fc.nat(),
  action: fc.constantFrom<StaffWithdrawalAction | 'next'>(
    'next',
    'next',
    'next',
    ...STAFF_WITHDRAWAL_ACTIONS,
  ),
});

const op: fc.Arbitrary<Op> = fc.oneof(
  { arbitrary: credit, weight: 2 },
  { arbitrary: debit, weight: 1 },
  // Orders and trades also appear as fallbacks (see runner.ts), so acts get the most weight.
  { arbitrary: order, weight: 2 },
  { arbitrary: open, weight: 3 },
  { arbitrary: act, weight: 14 },
  { arbitrary: orderAdmin, weight: 1 },
  { arbitrary: tick, weight: 2 },
  { arbitrary: toDeadline, weight: 1 },
  // Money out.
  { arbitrary: deposit, weight: 1 },
  { arbitrary: withdraw, weight: 3 },
  { arbitrary: wcancel, weight: 2 },
  { arbitrary: wdecide, weight: 5 },
);

/** 3-12 operations: users start empty, so 1-2 opening credits, then 2-10 of any kind. */
export const sequence: fc.Arbitrary<Op[]> = fc
  .tuple(fc.array(funding, { minLength: 1, maxLength: 2 }), fc.array(op, { minLength: 2, maxLength: 10 }))
  .map(([first, rest]) => [...first, ...rest]);
