import type { limits as ru } from '../ru/limits.ts';
import type { Messages } from '../types.ts';

export const limits: Messages<typeof ru> = {
  'limits.cancellations':
    'Opening trades is suspended until {until}: {max, plural, one {# cancellation or expired payment} other {# cancellations or expired payments}} within 24 hours',
  'limits.lostDisputes':
    'Opening trades is suspended: {max, plural, one {# dispute lost} other {# disputes lost}}. Only support can lift this',
  'limits.openTrades':
    'Open purchase limit reached: {current} of {max}. Complete one of them to open a new one',
  'limits.openTradesNew':
    'New account limit: at most {max} open purchases at a time (now {current}). After {trades, plural, one {# completed trade} other {# completed trades}} the limit rises to {regular}',
  'limits.amountNew':
    'New account limit: a trade of at most {max}. It lifts after {trades, plural, one {# completed trade} other {# completed trades}}',
  'limits.owner.suspended': 'The buyer of this order cannot open trades right now. Choose another order',
  'limits.owner.openTrades':
    'The buyer of this order already has the most open trades allowed ({max}). Try later or choose another order',
  'limits.owner.amountNew': 'The buyer of this order is a new account: trades with them are limited to {max}',
  'limits.nothingToLift': 'This user has no limits to lift',
  'limits.form.capHint':
    'New account limit: up to {max} per trade. It lifts after {trades, plural, one {# completed trade} other {# completed trades}}',
  'limits.form.title': 'You cannot open a trade right now',
  'limits.form.cancellations':
    'Opening trades is suspended until {until}: {max, plural, one {# cancellation or expired payment} other {# cancellations or expired payments}} within 24 hours.',
  'limits.form.lostDisputes':
    'Opening trades is suspended: {max, plural, one {# dispute lost} other {# disputes lost}}. Only support can lift this.',
  'limits.form.full':
    '{current} of {max} purchases are open, the most allowed. Complete one of them to open a new one.',
  'limits.form.fullNew':
    'A new account may hold at most {max} open purchases at a time (now {current}). Complete one of them to open a new one.',
  'limits.form.capBelowMin':
    "A new account's trade is at most {cap}, and this order's minimum is {min}. Choose an order with a smaller amount.",
  'limits.bo.title': 'Trade limits',
  'limits.bo.newAccount': 'New account: {completed} of {needed} completed trades. Trades up to {rub} ({usd})',
  'limits.bo.established': 'Not a new account: {completed} completed trades',
  'limits.bo.openTrades': 'Open purchases: {current} of {max}',
  'limits.bo.cancellations': 'Cancellations and expiries in 24 hours: {current} of {max}',
  'limits.bo.lostDisputes': 'Disputes lost (since the last lift): {current} of {max}',
  'limits.bo.suspendedCancellations': 'Trading suspended for cancellations: from {since} until {until}',
  'limits.bo.suspendedLostDisputes': 'Trading suspended for lost disputes since {since}, until lifted',
  'limits.bo.notSuspended': 'Trading is not suspended',
  'limits.bo.lift': 'Lift restrictions',
  'limits.bo.liftTitle': 'Lift trade restrictions',
  'limits.bo.liftText':
    'The user can open trades again. Cancellations and lost disputes counted so far are forgiven. The action is recorded in the audit log.',
  'limits.bo.lifted': 'Restrictions lifted',
  'limits.bo.lifts': 'Lifts',
  'limits.bo.liftLine': '{date} · {who}: {reason}',
};
