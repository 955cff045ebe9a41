import { backoffice } from './backoffice.ts';
import { backofficeConsole } from './backoffice-console.ts';
import { chat } from './chat.ts';
import { fraud } from './fraud.ts';
import { merchantApi } from './merchant-api.ts';
import { receiptMatches } from './receipt-matches.ts';
import { reminders } from './reminders.ts';
import { reserves } from './reserves.ts';
import { securityEvents } from './security-events.ts';
import { staffSafety } from './staff-safety.ts';
import { telegram } from './telegram.ts';
import { tradeNotes } from './trade-notes.ts';
import { withdrawalClaims } from './withdrawal-claims.ts';

/**
 * Texts of screens that load later, with their own code (docs/decisions/015): the back office's
 * console (with the four-eyes approvals' texts, ./staff-safety.ts, and the moderation texts of
 * ./backoffice.ts, which users meet only in a trade's chat and notices), the receipt matches
 * (./receipt-matches.ts: the trade page and the dispute case), the payer's account checks
 * (./fraud.ts: the trade page and the dispute case), the trade chat (./chat.ts), the withdrawals' claim states
 * (./withdrawal-claims.ts: the withdrawal pages and the console), the merchant API's settings
 * page, the trade notes (./trade-notes.ts: the trade page and the Active Trades list), the
 * reminders and time zone texts (the inbox and the profile page; docs/decisions/030), and the
 * app inside Telegram (loaded with the Telegram integration; docs/decisions/029), and the security
 * events' notices, «Это не я» and its cases (./security-events.ts; docs/decisions/033). The browser
 * adds them when such a screen opens.
 */
export const ruLater = {
  ...backofficeConsole,
  ...backoffice,
  ...receiptMatches,
  ...fraud,
  ...chat,
  ...withdrawalClaims,
  ...staffSafety,
  ...merchantApi,
  ...tradeNotes,
  ...reminders,
  ...reserves,
  ...telegram,
  ...securityEvents,
} as const;
