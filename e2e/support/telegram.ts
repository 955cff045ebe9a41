import { createServer, type Server } from 'node:http';
import type { BrowserContext, Page } from 'playwright-core';
import { signInitData as signLaunch } from '../../scripts/telegram-init-data.mjs';

/**
 * A Telegram client, as far as a Mini App can tell (docs/decisions/029): the launch URL's hash
 * (`tgWebAppData` signed with the bot's token, version, platform, theme, start parameter), the
 * webview's `window.TelegramWebviewProxy.postEvent` (recorded here), and events delivered the way
 * a client delivers them to a webview (`window.Telegram.WebView.receiveEvent`). It answers the
 * requests a client answers (viewport, theme, safe areas). Plus a Bot API stub for the server's bot.
 */

/** The bot the Mini App server runs with (its token signs the init data). */
export const BOT = {
  token: '7000000001:E2E_mini_app_token_abcdefghijklmn',
  username: 'p2p_e2e_bot',
} as const;

export interface TelegramUser {
  id: number;
  first_name: string;
  last_name?: string;
  username?: string;
}

export type ThemeParams = Record<string, string>;

/** Telegram Desktop's day theme. */
export const LIGHT_THEME: ThemeParams = {
  bg_color: '#ffffff',
  secondary_bg_color: '#f0f2f5',
  section_bg_color: '#ffffff',
  text_color: '#000000',
  hint_color: '#707579',
  subtitle_text_color: '#5e6670',
  link_color: '#1c6fd1',
  button_color: '#2f6ea5',
  button_text_color: '#ffffff',
  section_separator_color: '#e1e4e8',
  header_bg_color: '#ffffff',
  accent_text_color: '#1c6fd1',
};

/** Telegram's night theme. */
export const DARK_THEME: ThemeParams = {
  bg_color: '#17212b',
  secondary_bg_color: '#0e1621',
  section_bg_color: '#17212b',
  text_color: '#f5f5f5',
  hint_color: '#8a9aa9',
  subtitle_text_color: '#9aa8b5',
  link_color: '#6ab3f3',
  button_color: '#5288c1',
  button_text_color: '#ffffff',
  section_separator_color: '#2b3a4a',
  header_bg_color: '#17212b',
  accent_text_color: '#6ab3f3',
};

let queryCounter = 0;

/** Init data as Telegram signs it: HMAC-SHA256 keyed with HMAC-SHA256("WebAppData", token). */
export function signInitData(user: TelegramUser, extra: Record<string, string> = {}): string {
  return signLaunch(BOT.token, {
    query_id: `AAE2E${Date.now().toString(36)}${(queryCounter++).toString(36)}`,
    user: JSON.stringify(user),
    auth_date: String(Math.floor(Date.now() / 1000)),
    // Clients since Bot API 8.0 add a third-party signature; covered by the hash like any field.
    signature: 'e2e-signature-not-checked-by-the-app',
    ...extra,
  });
}

/** The URL a Telegram client opens: the app's address and the launch parameters in the hash. */
export function launchUrl(
  appUrl: string,
  {
    user,
    theme = LIGHT_THEME,
    platform = 'tdesktop',
    startParam,
    forged = false,
  }: {
    user: TelegramUser;
    theme?: ThemeParams;
    platform?: string;
    startParam?: string;
    /** Init data whose signature does not match (another user put in after signing). */
    forged?: boolean;
  },
): string {
  let initData = signInitData(user, startParam ? { start_param: startParam } : {});
  if (forged) {
    const fields = new URLSearchParams(initData);
    fields.set('user', JSON.stringify({ ...user, id: user.id + 1 }));
    initData = fields.toString();
  }
  const params = new URLSearchParams({
    tgWebAppData: initData,
    tgWebAppVersion: '8.0',
    tgWebAppPlatform: platform,
    tgWebAppThemeParams: JSON.stringify(theme),
  });
  if (startParam) params.set('tgWebAppStartParam', startParam);
  return `${appUrl}#${params}`;
}

export interface BridgeCall {
  type: string;
  params: Record<string, unknown> | undefined;
}

/** The webview's bridge: records what the app posts and answers as a client does. */
export async function installTelegramWebview(context: BrowserContext, theme: ThemeParams): Promise<void> {
  await context.addInitScript((themeParams: Record<string, string>) => {
    const w = window as unknown as {
      __tgCalls: { type: string; params: unknown }[];
      TelegramWebviewProxy: { postEvent: (type: string, data?: string) => void };
      Telegram?: { WebView?: { receiveEvent?: (name: string, data: unknown) => void } };
    };
    w.__tgCalls = [];
    const deliver = (name: string, data: unknown) =>
      setTimeout(() => w.Telegram?.WebView?.receiveEvent?.(name, data), 0);
    w.TelegramWebviewProxy = {
      postEvent(type, data) {
        w.__tgCalls.push({ type, params: data ? JSON.parse(data) : undefined });
        const size = { height: window.innerHeight, width: window.innerWidth };
        if (type === 'web_app_request_viewport')
          deliver('viewport_changed', { ...size, is_expanded: true, is_state_stable: true });
        if (type === 'web_app_request_theme') deliver('theme_changed', { theme_params: themeParams });
        if (type === 'web_app_request_safe_area')
          deliver('safe_area_changed', { top: 0, bottom: 0, left: 0, right: 0 });
        if (type === 'web_app_request_content_safe_area')
          deliver('content_safe_area_changed', { top: 0, bottom: 0, left: 0, right: 0 });
      },
    };
  }, theme);
}

/** What the app posted to Telegram so far (all, or of one type). */
export async function bridgeCalls(page: Page, type?: string): Promise<BridgeCall[]> {
  const calls = await page.evaluate(() => (window as unknown as { __tgCalls: BridgeCall[] }).__tgCalls ?? []);
  return type ? calls.filter((c) => c.type === type) : calls;
}

/** The last parameters the app posted with `type`, or null. */
export async function lastCall(page: Page, type: string): Promise<Record<string, unknown> | null> {
  return (await bridgeCalls(page, type)).at(-1)?.params ?? null;
}

/** An event from the client (a button pressed, the theme changed), as a webview receives it. */
export async function telegramEvent(page: Page, name: string, data?: unknown): Promise<void> {
  await page.evaluate(
    ([n, d]) =>
      (
        window as unknown as { Telegram: { WebView: { receiveEvent: (n: string, d: unknown) => void } } }
      ).Telegram.WebView.receiveEvent(n as string, d),
    [name, data] as const,
  );
}

/** The Bot API, answering every method with success (the server's bot sends notices to it). */
export async function startBotApiStub(): Promise<{ url: string; close: () => Promise<void> }> {
  const server: Server = createServer((request, response) => {
    const method = request.url?.split('/').pop() ?? '';
    const result =
      method === 'getMe'
        ? { id: 7000000001, is_bot: true, first_name: 'P2P', username: BOT.username }
        : method === 'sendMessage'
          ? { message_id: 1, date: Math.floor(Date.now() / 1000), chat: { id: 1, type: 'private' }, text: '' }
          : true;
    request.resume();
    request.on('end', () => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ ok: true, result }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
