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
  'bot.menuButton': 'App',
};
