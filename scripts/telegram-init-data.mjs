// Launch data ("init data") signed the way a Telegram client receives it for a Mini App: the
// fields sorted into a check string, HMAC-SHA256 keyed with HMAC-SHA256("WebAppData", bot token)
// (https://core.telegram.org/bots/webapps, "Validating data received via the Mini App"). For the
// tools that open the app as Telegram would: scripts/lighthouse.mjs and the browser journeys
// (e2e/support/telegram.ts). The server's check is apps/server's own.
import { createHmac } from 'node:crypto';

/** `fields` (user as JSON, auth_date, query_id, ...) with their `hash`, as a query string. */
export function signInitData(botToken, fields) {
  const check = Object.keys(fields)
    .sort()
    .map((key) => `${key}=${fields[key]}`)
    .join('\n');
  const secret = createHmac('sha256', 'WebAppData').update(botToken).digest();
  const hash = createHmac('sha256', secret).update(check).digest('hex');
  return new URLSearchParams({ ...fields, hash }).toString();
}
