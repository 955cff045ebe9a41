/**
 * The app inside Telegram (docs/decisions/029). Part of every page's first load, so this file
 * only tells whether the tab is a Mini App launch and sends its silent sign-in; the integration
 * (the launch's theme, the sign-in's answer) is downloaded only then, before the first render
 * (main.tsx), and the SDK after it (docs/decisions/047).
 */
import { apiRequest } from '@/lib/api';
import { getAccessToken } from '@/lib/storage';
import { parseLaunchParams } from './launch';
import { integrationStarted, LAUNCH_STORAGE_KEY } from './state';

export { LAUNCH_STORAGE_KEY, telegram } from './state';

/**
 * Whether the page runs inside a Telegram client (docs/decisions/035): a mobile or desktop
 * client's webview has its bridge (`TelegramWebviewProxy.postEvent`, or `external.notify` on
 * older desktop clients); Telegram's web clients hold the app in a frame, and only they may
 * (frame-ancestors: plugins/web.ts). An ordinary browser tab has none of these, whatever its
 * address says: launch data in its hash is a link someone sent, not a launch.
 */
export function insideTelegram(w: Window = window): boolean {
  const bridge = w as unknown as {
    TelegramWebviewProxy?: { postEvent?: unknown };
    external?: { notify?: unknown };
  };
  if (typeof bridge.TelegramWebviewProxy?.postEvent === 'function') return true;
  if (typeof bridge.external?.notify === 'function') return true;
  try {
    return w.parent !== w;
  } catch {
    return true; // a cross-origin parent: a frame all the same
  }
}

/** Takes launch data out of the address bar, so it is neither used nor kept. */
function dropLaunchFromAddress(): void {
  window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
}

/**
 * Inside Telegram: loads and starts the integration and resolves to the screen the start link
 * asks for (null: stay). Resolves to null at once in a browser, or if the integration fails to
 * load. Launch data in an ordinary browser's address signs no one in (docs/decisions/035).
 */
export async function startMiniApp(): Promise<string | null> {
  const inHash = window.location.hash.includes('tgWebAppData=');
  if (!insideTelegram()) {
    if (inHash) dropLaunchFromAddress();
    return null;
  }
  let launched = inHash;
  try {
    launched ||= sessionStorage.getItem(LAUNCH_STORAGE_KEY) !== null;
  } catch {
    // Storage refused: only a launch in the hash counts.
  }
  if (!launched) return null;
  // With no session stored here, the silent sign-in goes out now, while the integration's code
  // downloads, instead of after it: the first screen waits for one of the two, not both.
  const early = inHash && !getAccessToken() ? earlySignIn(window.location.hash) : undefined;
  try {
    const module = await import('./integration');
    const started = await module.start(early);
    if (started) integrationStarted(module);
    return started?.path ?? null;
  } catch (error) {
    console.warn('Telegram integration unavailable', error);
    return null;
  }
}

/**
 * POST /auth/telegram/webapp with the launch's init data, as integration.ts would send it, for a
 * launch the integration will take (the same parse of the hash).
 */
function earlySignIn(hash: string): Promise<unknown> | undefined {
  const launch = parseLaunchParams(hash);
  if (!launch) return undefined;
  const body = { initData: launch.initData };
  const answer = apiRequest('/auth/telegram/webapp', { method: 'POST', body, auth: false });
  // Judged by the integration; a failure must not count as unhandled before it looks.
  answer.catch(() => undefined);
  return answer;
}
