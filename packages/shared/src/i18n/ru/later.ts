import { account } from './account.ts';
import { accountPages } from './account-pages.ts';
import { adConditions } from './ad-conditions.ts';
import { backoffice } from './backoffice.ts';
import { backofficeConsole } from './backoffice-console.ts';
import { botSafety } from './bot-safety.ts';
import { chat } from './chat.ts';
import { common } from './common.ts';
import { errors } from './errors.ts';
import { format } from './format.ts';
import { fraud } from './fraud.ts';
import { info } from './info.ts';
import { limits } from './limits.ts';
import { lists } from './lists.ts';
import { market } from './market.ts';
import { merchantApi } from './merchant-api.ts';
import { money } from './money.ts';
import { notifications } from './notifications.ts';
import { paymentMethods } from './payment-methods.ts';
import { realtime } from './realtime.ts';
import { receiptMatches } from './receipt-matches.ts';
import { reminders } from './reminders.ts';
import { reserves } from './reserves.ts';
import { reservesEntry } from './reserves-entry.ts';
import { security } from './security.ts';
import { securityEvents } from './security-events.ts';
import { staffSafety } from './staff-safety.ts';
import { swaps } from './swaps.ts';
import { telegram } from './telegram.ts';
import { trade } from './trade.ts';
import { tradeNotes } from './trade-notes.ts';
import { validation } from './validation.ts';
import { withdrawalClaims } from './withdrawal-claims.ts';

/**
 * Every text the market's first paint does not show (docs/decisions/040): the other screens'
 * texts (the account, the trade, the money pages, validation and error messages, the realtime
 * notices) and those of screens that load later with their own code (docs/decisions/015): the
 * back office's console (with ./staff-safety.ts and ./backoffice.ts), the receipt matches, the
 * payer's account checks, the trade chat, the withdrawals' claim states, the merchant API's
 * settings page, the trade notes, the reminders and time zone texts (docs/decisions/030), and
 * the app inside Telegram (docs/decisions/029). The browser loads them right after the market's
 * first paint, or together with the code of a screen that is opened first.
 */
export const ruLater = {
  ...common,
  ...format,
  ...validation,
  ...errors,
  ...account,
  ...accountPages,
  ...market,
  ...trade,
  ...realtime,
  ...lists,
  ...paymentMethods,
  ...info,
  ...notifications,
  ...money,
  ...security,
  ...limits,
  ...botSafety,
  ...reservesEntry,
  ...adConditions,
  ...swaps,
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
