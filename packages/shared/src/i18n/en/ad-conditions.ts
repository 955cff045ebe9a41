import type { adConditions as ru } from '../ru/ad-conditions.ts';
import type { Messages } from '../types.ts';

export const adConditions: Messages<typeof ru> = {
  'conditions.minTrades':
    'This order requires at least {min, plural, one {# completed trade} other {# completed trades}}: you have {has}',
  'conditions.minAgeDays':
    'This order requires an account older than {min, plural, one {# day} other {# days}}: yours is {has, plural, one {# day} other {# days}} old',
  'conditions.notEligible': 'You do not meet the conditions',
  'conditions.label': 'Conditions',
  'conditions.chipTrades': '{min, plural, one {# trade} other {# trades}} or more',
  'conditions.chipAge': 'account {min, plural, one {# day} other {# days}} or older',
  'conditions.chipRating': 'rating {min} or higher',
  'conditions.section': 'Conditions for the counterparty',
  'conditions.sectionHint': 'Optional. Whoever does not meet them cannot open a trade.',
  'conditions.minTradesField': 'Minimum completed trades',
  'conditions.minAgeField': 'Account age at least (days)',
  'conditions.ratingHint': 'The minimum partner rating is set in the trading settings: now {min}',
  'conditions.ratingNone': 'The minimum partner rating is set in the trading settings: none now',
  'conditions.ratingLink': 'Change',
  'validation.order.minTakerTrades': 'Minimum trades: a whole number from 0 to 10,000',
  'validation.order.minTakerAgeDays': 'Account age: a whole number of days from 0 to 3650',
  'prefs.trading.hideAway': 'Hide my orders when I am away',
  'prefs.trading.hideAwayHint':
    'Your orders leave the book when you have not been seen for this long, and come back by themselves when you are online again.',
  'prefs.trading.hideAwayMinutes': 'After how many minutes ({min} to {max})',
  'validation.settings.hideAway': 'Away time: a whole number of minutes from 5 to 1440',
  'merchant.trades30d': 'Trades in 30 days',
  'merchant.completion': 'Completed',
  'merchant.avgRelease': 'Avg. release time',
  'merchant.avgPayment': 'Avg. payment time',
};
