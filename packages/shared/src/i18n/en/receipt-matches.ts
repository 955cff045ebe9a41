import type { receiptMatches as ru } from '../ru/receipt-matches.ts';
import type { Messages } from '../types.ts';

export const receiptMatches: Messages<typeof ru> = {};
