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
import { receiptMatches } from './receipt-matches.ts';
import { security } from './security.ts';
import { staffSafety } from './staff-safety.ts';
import { swaps } from './swaps.ts';
import { trade } from './trade.ts';
import { validation } from './validation.ts';
import { withdrawalClaims } from './withdrawal-claims.ts';

/**
 * Russian, the default language. Its keys define the catalogue: every other language must
 * have exactly these keys (checked by the type of each area module and by a test).
 */
export const ru = {
  ...common,
  ...format,
  ...validation,
  ...errors,
  ...account,
  ...accountPages,
  ...market,
  ...trade,
  ...chat,
  ...lists,
  ...paymentMethods,
  ...info,
  ...notifications,
  ...money,
  ...backoffice,
  ...backofficeConsole,
  ...security,
  ...fraud,
  ...limits,
  ...staffSafety,
  ...botSafety,
  ...withdrawalClaims,
  ...receiptMatches,
  ...merchantApi,
  ...adConditions,
  ...swaps,
} as const;
