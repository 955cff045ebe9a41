import { account } from './account.ts';
import { chat } from './chat.ts';
import { common } from './common.ts';
import { errors } from './errors.ts';
import { format } from './format.ts';
import { info } from './info.ts';
import { lists } from './lists.ts';
import { market } from './market.ts';
import { paymentMethods } from './payment-methods.ts';
import { trade } from './trade.ts';
import { validation } from './validation.ts';

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
  ...market,
  ...trade,
  ...chat,
  ...lists,
  ...paymentMethods,
  ...info,
} as const;
