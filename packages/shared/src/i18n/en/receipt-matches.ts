import type { receiptMatches as ru } from '../ru/receipt-matches.ts';
import type { Messages } from '../types.ts';

export const receiptMatches: Messages<typeof ru> = {
  'receiptMatch.title': 'This receipt matches a receipt from another trade',
  'receiptMatch.titleOf': 'The receipt of {time} matches a receipt from another trade',
  'receiptMatch.exact': 'Trade #{trade}: the same file, uploaded {date}',
  'receiptMatch.similar': 'Trade #{trade}: a similar image, uploaded {date}',
  'receiptMatch.badge': 'Matches another trade',
  'receiptMatch.sellerHint':
    "The buyer may have sent someone else's receipt or one of an earlier payment. Confirm receipt only once the money is in your account.",
  'receiptMatch.staffHint':
    'The receipt may come from another trade: compare its amount, date and recipient with the bank statement.',
};
