import { backofficeConsole } from './backoffice-console.ts';
import { merchantApi } from './merchant-api.ts';
import { reminders } from './reminders.ts';
import { reserves } from './reserves.ts';
import { staffSafety } from './staff-safety.ts';
import { telegram } from './telegram.ts';
import { tradeNotes } from './trade-notes.ts';

/**
 * Texts of screens that load later, with their own code (docs/decisions/015): the back office's
 * console (with the four-eyes approvals' texts, ./staff-safety.ts), the merchant API's settings
 * page, the trade notes (./trade-notes.ts: the trade page and the Active Trades list), the
 * reminders and time zone texts (the inbox and the profile page; docs/decisions/030), and the
 * app inside Telegram (loaded with the Telegram integration; docs/decisions/029). The browser
 * adds them when such a screen opens.
 */
export const ruLater = {
  ...backofficeConsole,
  ...staffSafety,
  ...merchantApi,
  ...tradeNotes,
  ...reminders,
  ...reserves,
  ...telegram,
} as const;
