/**
 * Telegram's Mini App bridge, spoken directly (docs/decisions/069): methods posted to the client
 * (`web_app_setup_main_button`, `web_app_ready`, ...) and events received from it
 * (`main_button_pressed`, `theme_changed`, ...). A mobile or desktop client's webview takes
 * methods through `TelegramWebviewProxy.postEvent` (older desktop clients `external.notify`) and
 * calls `Telegram.WebView.receiveEvent`; Telegram's web clients hold the app in a frame and
 * exchange JSON messages with it. Small enough for the first load: it listens from the page's
 * first script, so nothing the client sends early is lost.
 */

type Receiver = (name: string, data?: unknown) => void;
type Listener = (data: unknown) => void;

type BridgeWindow = Window & {
  TelegramWebviewProxy?: { postEvent?: (type: string, data?: string) => void };
  external?: { notify?: (message: string) => void };
  Telegram?: { WebView?: { receiveEvent?: Receiver } };
  TelegramGameProxy?: { receiveEvent?: Receiver };
  TelegramGameProxy_receiveEvent?: Receiver;
};

/** Telegram's web clients: the only parent a framed app posts to (web.ts lets only them frame it). */
const WEB_CLIENT_ORIGIN = 'https://web.telegram.org';

/** The Mini Apps version each method needs; a method not named here is in every version. */
const SINCE: Readonly<Record<string, string>> = {
  web_app_setup_back_button: '6.1',
  web_app_trigger_haptic_feedback: '6.1',
  web_app_open_tg_link: '6.1',
  web_app_request_safe_area: '8.0',
  web_app_request_content_safe_area: '8.0',
};

/** Whether `version` (the launch's `tgWebAppVersion`, "7.10") is `wanted` or newer. */
export function versionAtLeast(version: string, wanted: string): boolean {
  const have = version.split('.').map(Number);
  const want = wanted.split('.').map(Number);
  for (let i = 0; i < Math.max(have.length, want.length); i += 1) {
    const a = have[i] ?? 0;
    const b = want[i] ?? 0;
    if (Number.isNaN(a)) return false;
    if (a !== b) return a > b;
  }
  return true;
}

let clientVersion = '6.0';
const listeners = new Map<string, Set<Listener>>();
let listening: Window | null = null;

/** Whether the client the app was launched in knows `method`. */
export function supports(method: string): boolean {
  const since = SINCE[method];
  return since === undefined || versionAtLeast(clientVersion, since);
}

/** Whether `w` is in a frame (a cross-origin parent counts: it is a frame all the same). */
export function framed(w: Window = window): boolean {
  try {
    return w.parent !== w;
  } catch {
    return true;
  }
}

type Send = (method: string, params?: Record<string, unknown>) => void;

/** How `w` posts to its client: its frame's parent, its webview's proxy, old desktop's notify; null without one. */
function transport(w: BridgeWindow): Send | null {
  const message = (method: string, params?: Record<string, unknown>) =>
    JSON.stringify({ eventType: method, eventData: params });
  if (framed(w)) return (method, params) => w.parent.postMessage(message(method, params), WEB_CLIENT_ORIGIN);
  const proxy = w.TelegramWebviewProxy;
  if (typeof proxy?.postEvent === 'function')
    return (method, params) =>
      proxy.postEvent?.(method, params === undefined ? undefined : JSON.stringify(params));
  const external = w.external;
  if (typeof external?.notify === 'function')
    return (method, params) => external.notify?.(message(method, params));
  return null;
}

/**
 * Whether `w` has a way to Telegram: a webview's bridge or a frame (docs/decisions/035: only
 * Telegram's web clients may frame the app).
 */
export function hasBridge(w: Window = window): boolean {
  return transport(w as BridgeWindow) !== null;
}

/** Posts `method` to the client; false, and nothing sent, when the client is too old for it or has no bridge. */
export function postEvent(method: string, params?: Record<string, unknown>): boolean {
  if (!supports(method)) return false;
  const send = transport((listening ?? window) as BridgeWindow);
  send?.(method, params);
  return send !== null;
}

/** Calls `listener` with each `event` the client sends; the returned function stops it. */
export function on(event: string, listener: Listener): () => void {
  let set = listeners.get(event);
  if (!set) {
    set = new Set();
    listeners.set(event, set);
  }
  set.add(listener);
  return () => set.delete(listener);
}

function receive(name: unknown, data: unknown): void {
  if (typeof name !== 'string') return;
  for (const listener of listeners.get(name) ?? []) {
    try {
      listener(data);
    } catch (error) {
      console.warn('Telegram', name, error);
    }
  }
}

/** A framed app's messages: only its parent's count, each a JSON `{eventType, eventData}`. */
function receiveMessage(w: Window, message: MessageEvent): void {
  if (!framed(w) || message.source !== w.parent || typeof message.data !== 'string') return;
  let parsed: { eventType?: unknown; eventData?: unknown } | null;
  try {
    parsed = JSON.parse(message.data) as typeof parsed;
  } catch {
    return;
  }
  if (parsed && typeof parsed === 'object') receive(parsed.eventType, parsed.eventData);
}

/**
 * Starts the bridge for a launch in client `version`: every way a client delivers events leads
 * to `on`'s listeners. Once per page.
 */
export function listen(version: string, w: Window = window): void {
  clientVersion = version || '6.0';
  if (listening === w) return;
  listening = w;
  const bw = w as BridgeWindow;
  const receiveEvent: Receiver = (name, data) => receive(name, data);
  bw.Telegram ??= {};
  bw.Telegram.WebView ??= {};
  bw.Telegram.WebView.receiveEvent = receiveEvent;
  bw.TelegramGameProxy ??= {};
  bw.TelegramGameProxy.receiveEvent = receiveEvent;
  bw.TelegramGameProxy_receiveEvent = receiveEvent;
  w.addEventListener('message', (message) => receiveMessage(w, message));
}
