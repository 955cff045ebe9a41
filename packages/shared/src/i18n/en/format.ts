import type { format as ru } from '../ru/format.ts';
import type { Messages } from '../types.ts';

export const format: Messages<typeof ru> = {
  'format.count.minutes': '{count, plural, one {# minute} other {# minutes}}',
  'format.count.hours': '{count, plural, one {# hour} other {# hours}}',
  'format.count.seconds': '{count, plural, one {# second} other {# seconds}}',
  'format.count.trades': '{count, plural, one {# trade} other {# trades}}',
  'format.count.completedTrades': '{count, plural, one {# completed} other {# completed}}',
  'format.count.orders': '{count, plural, one {# order} other {# orders}}',
  'format.count.reviews': '{count, plural, one {# review} other {# reviews}}',
  'format.count.messages': '{count, plural, one {# message} other {# messages}}',
  'format.count.files': '{count, plural, one {# file} other {# files}}',
  'format.minutesShort': '{count} min',
  'format.hoursMinutes': '{hours} h {minutes} min',
  'format.size.bytes': '{value} B',
  'format.size.kb': '{value} KB',
  'format.size.mb': '{value} MB',
  'format.approx': '≈ {value}',
  'format.range': '{min} – {max}',
};
