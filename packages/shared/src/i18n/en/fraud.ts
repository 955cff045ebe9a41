import type { fraud as ru } from '../ru/fraud.ts';
import type { Messages } from '../types.ts';

export const fraud: Messages<typeof ru> = {
  'fraud.payer.required': 'Say which account you paid from',
  'fraud.payer.bankRequired': 'Choose the bank you paid from',
  'fraud.payer.last4Format': 'Last 4 digits of the card or phone: exactly 4 digits',
  'fraud.payer.nameRequired': "Enter the payer's name as the bank shows it",
  'fraud.payer.nameTooLong': "Payer's name: at most 100 characters",
  'fraud.payer.title': 'Payer account',
  'fraud.payer.ask': 'Which account did you pay from? The seller will check it against their bank statement.',
  'fraud.payer.bank': 'Bank',
  'fraud.payer.last4': 'Last 4 digits of the card or phone',
  'fraud.payer.name': "Payer's name as the bank shows it",
  'fraud.payer.namePlaceholder': 'Ivan P. S.',
  'fraud.payer.summary': '{bank} ·· {last4}, {name}',
  'fraud.payer.check': 'Check your statement: the money must come from this account.',
  'fraud.payer.fresh': 'This account has not paid on the platform before',
  'fraud.payer.history':
    '{completed, plural, one {# completed trade} other {# completed trades}} from this account, {sellers, plural, one {# seller} other {# sellers}}; first seen {date}',
  'fraud.payer.thirdParty':
    'This account already paid for {count, plural, one {another buyer} other {# other buyers}}: it may be a third-party payment. Do not confirm until you are sure the buyer paid themselves.',
  'fraud.payer.nameMismatch': "The payer's name does not match the buyer's name ({buyer})",
  'fraud.payer.none': 'The buyer has not named the paying account yet',
};
