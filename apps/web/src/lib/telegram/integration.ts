/**
 * The Telegram integration proper, loaded only inside Telegram, before the first render
 * (lib/telegram/index.ts): it signs the Telegram user in and gives the screens Telegram's
 * controls (./controls.ts); after the first paint it follows the viewport and tells Telegram the
 * app is ready. Docs/decisions/029, 047 and 069.
 */
import { type AuthResult, effectiveName, loadLaterTexts } from '@p2p/shared';
import { currentLang } from '@/i18n/current-lang';
import { afterFirstPaint } from '@/lib/after-first-paint';
import { apiRequest } from '@/lib/api';
import { getAccessToken, getStoredUser, saveTokens, saveUser } from '@/lib/storage';
import { framed, on, postEvent } from './bridge';
import { followControls } from './controls';
import {
  initDataUserId,
  initDataUserLabel,
  type MiniAppLaunch,
  readLaunch,
  sessionStore,
  startAppPath,
} from './launch';
import { followViewport } from './viewport';

export {
  haptic,
  holdClosing,
  openOutside,
  releaseMainButton,
  setBackButton,
  setMainButton,
} from './controls';
export { TelegramBridge } from './TelegramBridge';

/**
 * Connects to Telegram once, before the first render: the launch is kept for the tab and leaves
 * the address bar, and the Telegram user is signed in. Null when the launch data is not a Mini
 * App launch after all; else the screen a start link asks for (null: the one in the address).
 */
export async function start(early?: Promise<unknown>): Promise<{ path: string | null } | null> {
  const launch = readLaunch(window.location.hash, sessionStore());
  if (!launch) return null;
  if (window.location.hash.includes('tgWebApp')) {
    window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
  }
  connect(launch);
  await signIn(launch.initData, early);
  const path = startAppPath(launch.startParam);
  return { path: path !== '/' && window.location.pathname === '/' ? path : null };
}

/**
 * Silent sign-in with the launch's init data (POST /auth/telegram/webapp), unless the session
 * here is already this Telegram user's: the first screen is then drawn signed in, with no sign-in
 * screen in between. A refusal leaves the visitor signed out, as on the web. Another account
 * signed in here is never replaced silently (docs/decisions/035): the person is asked
 * («Вы вошли как …. Войти как @…?», TelegramBridge) and the launch waits for the answer.
 */
async function signIn(initData: string, early?: Promise<unknown>): Promise<void> {
  const current = getAccessToken() ? getStoredUser() : null;
  if (current?.telegramId === initDataUserId(initData)) return;
  if (current) {
    pendingSwitch = { initData, current: effectiveName(current), next: initDataUserLabel(initData) };
    await loadLaterTexts(currentLang()).catch(() => undefined);
    return;
  }
  await signInWith(initData, early);
}

/** Another account is signed in and the launch is someone else's: who is who, until answered. */
export interface AccountSwitch {
  current: string;
  next: string;
}
let pendingSwitch: (AccountSwitch & { initData: string }) | null = null;

/** The launch waiting for the person's answer (TelegramBridge asks), or null. */
export function accountSwitch(): AccountSwitch | null {
  return pendingSwitch && { current: pendingSwitch.current, next: pendingSwitch.next };
}

/**
 * The answer: `switchTo` signs the launch's user in (a fresh start of the app under that
 * account); otherwise the signed-in account stays and the launch data is forgotten.
 */
export async function answerAccountSwitch(switchTo: boolean): Promise<boolean> {
  const asked = pendingSwitch;
  pendingSwitch = null;
  if (!asked || !switchTo) return false;
  return signInWith(asked.initData);
}

/**
 * Signs the launch's user in; `sent` is the same request already on its way (started with the
 * integration's download, lib/telegram/index.ts), answered here as if sent from here.
 */
async function signInWith(initData: string, sent?: Promise<unknown>): Promise<boolean> {
  try {
    const answer = authAnswer(
      await (sent ??
        apiRequest('/auth/telegram/webapp', { method: 'POST', body: { initData }, auth: false })),
    );
    saveTokens(answer.tokens);
    saveUser(answer.user);
    return true;
  } catch (error) {
    console.warn('Mini App sign-in failed', error);
    signInFailed = true;
    // Its notice (TelegramBridge) is among the texts loaded later.
    await loadLaterTexts(currentLang()).catch(() => undefined);
    return false;
  }
}

/**
 * The sign-in's answer, checked for what the app keeps of it (the tokens, the user's id) without
 * the shared schema: zod would otherwise be downloaded and run before the Mini App's first screen
 * (the server answers through that schema, docs/decisions/047).
 */
function authAnswer(value: unknown): AuthResult {
  const v = value as { tokens?: Record<string, unknown>; user?: Record<string, unknown> } | null;
  const ok =
    typeof v?.tokens?.accessToken === 'string' &&
    typeof v.tokens.refreshToken === 'string' &&
    typeof v.user?.id === 'string';
  if (!ok) throw new Error('the sign-in answer is not one');
  return value as AuthResult;
}

let signInFailed = false;

/** The silent sign-in was refused or failed: the visitor is told once (TelegramBridge). */
export function silentSignInFailed(): boolean {
  return signInFailed;
}

function connect(launch: MiniAppLaunch): void {
  // The launch's theme is already on the page and followed (index.ts); the controls post as the
  // screens set them.
  followControls();
  connecting = launch;
}

/** The launch still to be told ready (start() sets it, afterFirstRender takes it). */
let connecting: MiniAppLaunch | null = null;

/**
 * After the app's first render (TelegramBridge's first effect): the viewport, then `ready`, once
 * the first paint is on screen (docs/decisions/065), so Telegram shows the app drawn.
 */
export function afterFirstRender(): void {
  const launch = connecting;
  connecting = null;
  if (!launch) return;
  afterFirstPaint(() => {
    followViewport(launch.platform);
    if (framed()) {
      // Telegram's web clients may reload the frame; the app says it can, and when it will.
      on('reload_iframe', () => {
        postEvent('iframe_will_reload');
        window.location.reload();
      });
      postEvent('iframe_ready', { reload_supported: true });
    }
    postEvent('web_app_ready');
  });
}
