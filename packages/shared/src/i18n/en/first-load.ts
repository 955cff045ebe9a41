import type { ruFirstLoad } from '../ru/first-load.ts';
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

/** English: the same keys as Russian, area by area: the texts of the first load. */
export const enFirstLoad: Record<keyof typeof ruFirstLoad, string> = {
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
};
