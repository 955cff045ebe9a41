import { backofficeConsole } from './backoffice-console.ts';
import { merchantApi } from './merchant-api.ts';
import { telegram } from './telegram.ts';

/**
 * Texts of screens that load later, with their own code (docs/decisions/015): the back office's
 * console, the merchant API's settings page, and the app inside Telegram. The browser adds them
 * when such a screen opens (inside Telegram: when the Telegram integration loads).
 */
export const ruLater = {
  ...backofficeConsole,
  ...merchantApi,
  ...telegram,
} as const;
