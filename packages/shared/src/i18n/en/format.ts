import type { format as ru } from '../ru/format.ts';
import type { Messages } from '../types.ts';

export const format: Messages<typeof ru> = {
  'format.count.trades': '{count, plural, one {# trade} other {# trades}}',
  'format.count.completedTrades': '{count, plural, one {# completed} other {# completed}}',
  'format.count.orders': '{count, plural, one {# order} other {# orders}}',
  'format.count.reviews': '{count, plural, one {# review} other {# reviews}}',
  'format.count.messages': '{count, plural, one {# message} other {# messages}}',
  'format.count.files': '{count, plural, one {# file} other {# files}}',
  'format.minutesShort': '{count} min',
  'format.range': '{min} – {max}',
};
