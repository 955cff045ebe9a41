import type { tradeNotes as ru } from '../ru/trade-notes.ts';
import type { Messages } from '../types.ts';

export const tradeNotes: Messages<typeof ru> = {
  'trade.progress.skipped': 'Skipped',
  'trade.progress.cancelled': 'Trade cancelled',
  'trade.cancelBlocked.CREATED': 'Trade is being created - please wait',
  'trade.cancelBlocked.PAYMENT_RELEASED': 'Cannot cancel - payment already released by buyer',
  'trade.cancelBlocked.COMPLETED': 'Trade is already completed',
  'trade.cancelBlocked.CANCELLED': 'Trade is already cancelled',
  'trade.cancelBlocked.DISPUTED': 'Trade is under dispute - contact support',
  'trade.cancelBlocked.other': 'Cancel action not available for this trade status',
  // The API's five phases of a trade (its `steps`; packages/shared/src/trade-steps.ts).
  'trade.phase.initiation': 'Trade created',
  'trade.phase.initiation.text': "The seller's crypto is locked in escrow",
  'trade.phase.payment': 'Payment',
  'trade.phase.payment.text': 'The buyer sends the money to the seller',
  'trade.phase.confirmation': 'Confirmation',
  'trade.phase.confirmation.text': 'The seller confirms the payment arrived',
  'trade.phase.release': 'Release',
  'trade.phase.release.text': 'The seller sends the crypto to the buyer',
  'trade.phase.completion': 'Completion',
  'trade.phase.completion.text': 'The trade is complete',
  'bot.menuButton': 'App',
};
