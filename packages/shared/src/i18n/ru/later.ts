import { backofficeConsole } from './backoffice-console.ts';
import { merchantApi } from './merchant-api.ts';
import { tradeNotes } from './trade-notes.ts';

/**
 * Texts of screens that load later, with their own code (docs/decisions/015): the back office's
 * console, the merchant API's settings page, and the trade notes (./trade-notes.ts: the trade
 * page and the Active Trades list). The browser adds them when such a screen opens.
 */
export const ruLater = {
  ...backofficeConsole,
  ...merchantApi,
  ...tradeNotes,
} as const;
