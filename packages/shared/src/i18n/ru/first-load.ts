import { account } from './account.ts';
import { accountPages } from './account-pages.ts';
import { adConditions } from './ad-conditions.ts';
import { botSafety } from './bot-safety.ts';
import { common } from './common.ts';
import { errors } from './errors.ts';
import { format } from './format.ts';
import { info } from './info.ts';
import { limits } from './limits.ts';
import { lists } from './lists.ts';
import { market } from './market.ts';
import { money } from './money.ts';
import { notifications } from './notifications.ts';
import { paymentMethods } from './payment-methods.ts';
import { realtime } from './realtime.ts';
import { reservesEntry } from './reserves-entry.ts';
import { security } from './security.ts';
import { swaps } from './swaps.ts';
import { trade } from './trade.ts';
import { validation } from './validation.ts';

/**
 * Russian texts the browser loads before its first render: every screen's but those that load
 * later with their own code (./later.ts). ./index.ts is the whole catalogue.
 */
export const ruFirstLoad = {
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
} as const;
