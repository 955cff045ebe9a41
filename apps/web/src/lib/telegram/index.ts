/**
 * The app inside Telegram (docs/decisions/029). Part of every page's first load, so this file
 * only tells whether the tab is a Mini App launch, starts the bridge, lays its theme on the page
 * and sends its silent sign-in; the integration (the sign-in's answer, the controls) is
 * downloaded only then (docs/decisions/047, 050, 069).
 */
import { apiRequest } from '@/lib/api';
import { getAccessToken, getStoredUser } from '@/lib/storage';
import { hasBridge, listen } from './bridge';
import { initDataUserId, type MiniAppLaunch, readLaunch, sessionStore, startAppPath } from './launch';
import { integrationStarted, signingInUntil } from './state';
import { applyTheme, followTheme, launchThemeParams } from './theme';
import './telegram.css';

export { LAUNCH_STORAGE_KEY, telegram } from './state';

/**
 * Whether the page runs inside a Telegram client (docs/decisions/035): a mobile or desktop
 * client's webview has its bridge (`TelegramWebviewProxy.postEvent`, or `external.notify` on
 * older desktop clients); Telegram's web clients hold the app in a frame, and only they may
 * (frame-ancestors: plugins/web.ts). An ordinary browser tab has none of these, whatever its
 * address says: launch data in its hash is a link someone sent, not a launch.
 */
export function insideTelegram(w: Window = window): boolean {
  return hasBridge(w);
}

/** Takes launch data out of the address bar, so it is neither used nor kept. */
function dropLaunchFromAddress(): void {
  window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
}

/** A Mini App launch as main.tsx starts it. */
export interface MiniAppStart {
  /**
   * Resolves once the integration has started (signed in) to the screen the start link asks for
   * (null: stay); to null at once in a browser, or if the integration fails to load.
   */
  started: Promise<string | null>;
  /**
   * Whether the first render waits for `started`: only when the launch may change the screen or
   * the account (a start link to another screen, another account signed in here). Otherwise the
   * market is drawn at once, as on the web, and the header shows the session loading until the
   * silent sign-in settles (docs/decisions/050).
   */
  waitForIt: boolean;
}

/**
 * Inside Telegram: lays the launch's theme on the page and loads and starts the integration.
 * Launch data in an ordinary browser's address signs no one in (docs/decisions/035).
 */
export function startMiniApp(): MiniAppStart {
  const inHash = window.location.hash.includes('tgWebAppData=');
  if (!insideTelegram()) {
    if (inHash) dropLaunchFromAddress();
    return { started: Promise.resolve(null), waitForIt: false };
  }
  const launch = readLaunch(window.location.hash, sessionStore());
  if (!launch) return { started: Promise.resolve(null), waitForIt: false };
  // Telegram's frame and colours before anything is drawn: the first screen is never repainted.
  document.documentElement.classList.add('tma');
  applyTheme(launchThemeParams(launch.raw));
  // The client's events from now on: a theme change in the first second is not lost (068).
  listen(launch.version);
  followTheme();
  const signedIn = getAccessToken() !== null;
  // With no session stored here, the silent sign-in goes out now, while the integration's code
  // downloads, instead of after it.
  const early = inHash && !signedIn ? earlySignIn(launch) : undefined;
  const started = loadIntegration(early);
  const sameAccount = signedIn && getStoredUser()?.telegramId === initDataUserId(launch.initData);
  const staysHere = startAppPath(launch.startParam) === '/' || window.location.pathname !== '/';
  const waitForIt = !staysHere || (signedIn && !sameAccount);
  if (!signedIn && !waitForIt) signingInUntil(started);
  return { started, waitForIt };
}

async function loadIntegration(early: Promise<unknown> | undefined): Promise<string | null> {
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
 * POST /auth/telegram/webapp with the launch's init data, as integration.ts would send it.
 */
function earlySignIn(launch: MiniAppLaunch): Promise<unknown> {
  const body = { initData: launch.initData };
  const answer = apiRequest('/auth/telegram/webapp', { method: 'POST', body, auth: false });
  // Judged by the integration; a failure must not count as unhandled before it looks.
  answer.catch(() => undefined);
  return answer;
}
