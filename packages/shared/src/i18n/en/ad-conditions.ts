import type { adConditions as ru } from '../ru/ad-conditions.ts';
import type { Messages } from '../types.ts';

export const adConditions: Messages<typeof ru> = {
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
};
