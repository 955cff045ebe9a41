/**
 * The Telegram integration proper, loaded only inside Telegram, before the first render
 * (lib/telegram/index.ts): it lays the launch's theme over the design tokens and signs the
 * Telegram user in; after the first render it loads the SDK (@telegram-apps/sdk), which speaks
 * Telegram's bridge, and starts it with the viewport and the screens' controls (./controls.ts).
 * Docs/decisions/029 and 047.
 */
import { type AuthResult, effectiveName, loadLaterTexts } from '@p2p/shared';
import type * as TelegramSdk from '@telegram-apps/sdk';
import { currentLang } from '@/i18n/current-lang';
import { afterFirstPaint } from '@/lib/after-first-paint';
import { apiRequest } from '@/lib/api';
import { inTurns } from '@/lib/in-turns';
import { getAccessToken, getStoredUser, saveTokens, saveUser } from '@/lib/storage';
import { attempt, controlSteps, followOutsideLinks } from './controls';
import { earlyTheme, stopEarlyTheme } from './early-theme';
import {
  initDataUserId,
  initDataUserLabel,
  type MiniAppLaunch,
  readLaunch,
  sessionStore,
  startAppPath,
} from './launch';
import { applyTheme, withThemeParams } from './theme';

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
  // The launch's theme is already on the page (index.ts, before the first render); the SDK
  // brings Telegram's own state and its changes.
  followOutsideLinks();
  connecting = launch;
}

/** The launch whose SDK is still to connect (start() sets it, afterFirstRender takes it). */
let connecting: MiniAppLaunch | null = null;

/**
 * The SDK, after the app's first render (TelegramBridge's first effect): Telegram's state, the
 * viewport and the controls, then `ready`. Until then the launch's theme stands, and what the
 * screens set on the controls waits for it (controls.ts). Its code is a chunk of its own, so the
 * first screen neither downloads nor runs it.
 */
export function afterFirstRender(): void {
  const launch = connecting;
  connecting = null;
  if (!launch) return;
  // Its download waits for the first paint's turn, so it never shares the market's first paint
  // with it (docs/decisions/065).
  afterFirstPaint(() =>
    import('@telegram-apps/sdk').then(
      // The SDK's first call in a task after the one that evaluated its module (048).
      (sdk) => setTimeout(() => connectSdk(launch, sdk), 0),
      (error: unknown) => console.warn('Telegram SDK unavailable', error),
    ),
  );
}

function connectSdk(launch: MiniAppLaunch, sdk: typeof TelegramSdk): void {
  const { init, miniApp, mockTelegramEnv, parseLaunchParamsQuery, themeParams, viewport } = sdk;
  // The SDK gets the launch without the init data: the server alone reads that (at sign-in), and
  // the SDK's own check of it would refuse clients that sign it differently. The launch has left
  // the address bar, so it is registered with the SDK for its later look-ups (mockTelegramEnv
  // with launch parameters only stores them; the bridge to Telegram stays the real one).
  const query = withThemeParams(new URLSearchParams(launch.raw));
  query.delete('tgWebAppData');
  // A theme the client changed to before the SDK came is the SDK's starting theme (068).
  const changed = earlyTheme();
  if (changed) query.set('tgWebAppThemeParams', JSON.stringify(changed));
  // One step per task: each call into the SDK reads and parses the launch again, and all of them
  // in one go held a phone's main thread for about 200 ms (docs/decisions/048).
  inTurns([
    () => attempt(() => mockTelegramEnv({ launchParams: query.toString() })),
    () => attempt(() => init({ launchParams: parseLaunchParamsQuery(query.toString()) })),
    () =>
      attempt(() => {
        themeParams.mountSync();
        // A change that came while the SDK was connecting is newer than what it started from.
        applyTheme(stopEarlyTheme() ?? themeParams.state());
        themeParams.state.sub(() => applyTheme(themeParams.state()));
      }),
    () => attempt(() => miniApp.mountSync()),
    () => attempt(() => viewport.mount().then(() => viewport.bindCssVars())),
    ...controlSteps(sdk),
    () => attempt(() => miniApp.ready()),
  ]);
}
