import type { InlineKeyboardButton } from 'grammy/types';
import type { NotificationRow } from '../../db/schema.ts';

/** The place a Mini App opens at: the web app reads it from its launch parameters. */
export type StartParam = `trade_${string}` | `order_${string}` | 'wallet';

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const ORDER_LINK = new RegExp(`^/order/(${UUID})`, 'i');

/**
 * Where a notification opens in the Mini App (docs/decisions/017): a trade's notices at the
 * trade, an order's at the order, deposits and withdrawals at the wallet; null for anything else.
 */
export function startParamOf(
  row: Pick<NotificationRow, 'entityType' | 'entityId' | 'link'>,
): StartParam | null {
  if (row.entityType === 'trade' && row.entityId) return `trade_${row.entityId}`;
  if (row.entityType === 'deposit' || row.entityType === 'withdrawal') return 'wallet';
  const order = ORDER_LINK.exec(row.link);
  if (order?.[1]) return `order_${order[1].toLowerCase()}`;
  if (row.link.startsWith('/wallet') || row.link.startsWith('/withdrawals')) return 'wallet';
  return null;
}

/**
 * The Mini App as the bot's buttons open it (TELEGRAM_MINI_APP_URL, docs/decisions/017):
 * - a web address (the web app served to Telegram): a `web_app` button, the place passed as
 *   `?tgWebAppStartParam=`. Telegram offers such buttons in private chats only, and the bot
 *   writes to private chats only (a chat is linked by /start in a private chat);
 * - a direct link `https://t.me/<bot>/<app>` (a Mini App registered with BotFather): a link
 *   button, the place passed as `?startapp=`.
 */
export class MiniApp {
  private constructor(private readonly url: string) {}

  /** The Mini App of the configuration; null when none is configured. */
  static of(url: string | null): MiniApp | null {
    return url ? new MiniApp(url) : null;
  }

  /** Whether the address is a t.me direct link rather than the web app's own address. */
  get direct(): boolean {
    return new URL(this.url).hostname === 't.me';
  }

  /** The web app's own address, when the Mini App is configured by it (not by a t.me link). */
  get webUrl(): string | null {
    return this.direct ? null : this.url;
  }

  /** A button opening the Mini App at `place`. */
  button(text: string, place: StartParam): InlineKeyboardButton {
    return this.direct
      ? { text, url: withParam(this.url, 'startapp', place) }
      : { text, web_app: { url: withParam(this.url, 'tgWebAppStartParam', place) } };
  }
}

function withParam(base: string, name: string, value: string): string {
  const url = new URL(base);
  url.searchParams.set(name, value);
  return url.toString();
}
