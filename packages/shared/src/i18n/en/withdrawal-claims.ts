import type { withdrawalClaims as ru } from '../ru/withdrawal-claims.ts';
import type { Messages } from '../types.ts';

export const withdrawalClaims: Messages<typeof ru> = {
  'wdc.beingSent': 'The withdrawal is already being sent and cannot be cancelled',
  'wdc.alreadyClaimed': '{claimer} is already sending this withdrawal',
  'wdc.failClaimerOnly': 'Only the admin sending this withdrawal can mark it failed: {claimer}',
  'wdc.action.processing': 'Send',
  'wdc.action.complete': 'Complete',
  'wdc.action.fail': 'Failed',
  'wdc.done.processing': 'The withdrawal is yours: send the coins',
  'wdc.claimedBy': 'Claimed by',
  'wdc.claimedByLine': '{name}, {time}',
  'wdc.you': '{name} (you)',
  'wdc.addressHidden': 'The full address appears after "Send"',
  'wdc.sending': 'Sending details',
  'wdc.address': 'Destination address',
  'wdc.amount': 'Amount to send',
  'wdc.addressLabel': 'destination address',
  'wdc.amountLabel': 'amount to send',
  'wdc.send.title': 'Sending a withdrawal',
  'wdc.send.intro':
    'The withdrawal is yours: the user can no longer cancel it. Send exactly this amount to this address on {network}, then enter the TX Hash of the transaction.',
  'wdc.send.later': 'Later',
  'wdc.fail.title': 'Sending failed?',
  'wdc.fail.text':
    '{amount} will return to the user’s available balance. Mark it only if the coins certainly did not leave. Above the four-eyes limit a second administrator approves it first.',
  'wdc.fail.note': 'What you checked on the chain (address, hash, mempool)',
  'wdc.user.beingSent': 'Being sent: it can no longer be cancelled',
};
