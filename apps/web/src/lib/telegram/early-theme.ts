import { applyTheme } from './theme';

/**
 * Telegram's theme changes before the SDK listens (docs/decisions/068). The SDK loads after the
 * first paint (065), but a client calls `Telegram.WebView.receiveEvent` whenever its theme
 * changes, from the launch on; with no receiver there, a change in the first second was lost and
 * the page kept the launch's colours. A receiver of our own is there from the start: it lays a
 * `theme_changed` on the page at once and remembers it, until the integration's theme step takes
 * over (`stopEarlyTheme`). The SDK's bridge calls it too once it defines its own receiver (it keeps
 * the one it finds); it has nothing to do by then.
 */
type Receiver = (name: string, data?: unknown) => void;
type TelegramWindow = { Telegram?: { WebView?: { receiveEvent?: Receiver } } };

let following = false;
let latest: Record<string, unknown> | null = null;

/** Installs the receiver, unless the page already has one (an SDK loaded some other way). */
export function followEarlyTheme(w: Window = window): void {
  const tw = w as unknown as TelegramWindow;
  if (typeof tw.Telegram?.WebView?.receiveEvent === 'function') return;
  following = true;
  latest = null;
  const receiveEvent: Receiver = (name, data) => {
    if (!following || name !== 'theme_changed') return;
    const params = (data as { theme_params?: unknown } | null)?.theme_params;
    if (typeof params !== 'object' || params === null || Array.isArray(params)) return;
    latest = params as Record<string, unknown>;
    applyTheme(latest);
  };
  tw.Telegram ??= {};
  tw.Telegram.WebView ??= {};
  tw.Telegram.WebView.receiveEvent = receiveEvent;
}

/** The theme the client sent since the launch, if it changed before the SDK listened. */
export function earlyTheme(): Record<string, unknown> | null {
  return latest;
}

/** The SDK follows the theme from now on: the last early change, if any, is handed back. */
export function stopEarlyTheme(): Record<string, unknown> | null {
  following = false;
  const last = latest;
  latest = null;
  return last;
}
