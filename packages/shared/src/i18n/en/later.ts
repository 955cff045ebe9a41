import { backofficeConsole } from './backoffice-console.ts';
import { merchantApi } from './merchant-api.ts';

/**
 * Texts of screens that load later, with their own code (docs/decisions/015): the back office's
 * console and the merchant API's settings page. The browser adds them when such a screen opens.
 */
export const enLater = {
  ...backofficeConsole,
  ...merchantApi,
};
