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
};
