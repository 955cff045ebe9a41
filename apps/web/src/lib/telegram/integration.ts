/**
 * The Telegram integration proper, loaded only inside Telegram (lib/telegram/index.ts): the SDK
 * (@telegram-apps/sdk) speaks Telegram's bridge; this module keeps the app's side of it —
 * theme, viewport, back and main buttons, haptics, closing confirmation, outside links
 * (docs/decisions/029).
 */
import {
  backButton,
  closingBehavior,
  hapticFeedback,
  init,
  mainButton,
  miniApp,
  openLink,
  openTelegramLink,
  parseLaunchParamsQuery,
  themeParams,
  viewport,
} from '@telegram-apps/sdk';
import type { MiniAppLaunch } from './launch';
import { themeTokens } from './theme';
import './telegram.css';

/** Calls into Telegram never break the app: an old client lacks a method, the page goes on. */
function attempt(call: () => unknown): void {
  try {
    const result = call();
    if (result instanceof Promise) result.catch((error: unknown) => console.warn('Telegram', error));
  } catch (error) {
    console.warn('Telegram', error);
  }
}

let themeVars: string[] = [];

function applyTheme(params: Record<string, unknown>): void {
  const root = document.documentElement;
  const { dark, vars } = themeTokens(params);
  for (const name of themeVars) root.style.removeProperty(name);
  for (const [name, value] of Object.entries(vars)) root.style.setProperty(name, value);
  themeVars = Object.keys(vars);
  root.classList.toggle('tma--dark', dark);
}

/** Connects to Telegram once, when the integration first loads. */
export function start(launch: MiniAppLaunch): void {
  document.documentElement.classList.add('tma');
  // The theme of the launch first (no wait), then Telegram's own state and its changes.
  applyTheme(launch.themeParams);
  attempt(() => init({ launchParams: parseLaunchParamsQuery(launch.raw) }));
  attempt(() => {
    themeParams.mountSync();
    applyTheme(themeParams.state());
    themeParams.state.sub(() => applyTheme(themeParams.state()));
  });
  attempt(() => miniApp.mountSync());
  attempt(() => viewport.mount().then(() => viewport.bindCssVars()));
  attempt(() => backButton.mount());
  attempt(() => backButton.onClick(() => onBack?.()));
  attempt(() => mainButton.mount());
  attempt(() => mainButton.onClick(pressMainButton));
  attempt(() => closingBehavior.mount());
  document.addEventListener('click', routeOutsideLinks);
  attempt(() => miniApp.ready());
}

let onBack: (() => void) | null = null;

/** Telegram's BackButton: shown with the in-app back step to take, hidden without one. */
export function setBackButton(back: (() => void) | null): void {
  onBack = back;
  attempt(() => (back ? backButton.show() : backButton.hide()));
}

interface MainButtonState {
  text: string;
  disabled: boolean;
  loading: boolean;
}

let mainOwner: object | null = null;
let mainState: MainButtonState | null = null;
let mainPress: (() => void) | null = null;

function pressMainButton(): void {
  // A press while disabled or running does nothing: the action is never sent twice.
  if (!mainState || mainState.disabled || mainState.loading) return;
  mainPress?.();
}

/** The screen `owner` puts its primary action on the MainButton (the latest caller owns it). */
export function setMainButton(owner: object, state: MainButtonState, press: () => void): void {
  mainOwner = owner;
  mainState = state;
  mainPress = press;
  attempt(() =>
    mainButton.setParams({
      text: state.text,
      isVisible: true,
      isEnabled: !state.disabled && !state.loading,
      isLoaderVisible: state.loading,
    }),
  );
}

/** `owner` gives the MainButton up: hidden unless another screen took it since. */
export function releaseMainButton(owner: object): void {
  if (mainOwner !== owner) return;
  mainOwner = null;
  mainState = null;
  mainPress = null;
  attempt(() => mainButton.setParams({ isVisible: false, isLoaderVisible: false }));
}

const closingHolds = new Set<object>();
let closingOn = false;

/** Telegram asks "close anyway?" while any holder (unsaved form, action under way) holds. */
export function holdClosing(holder: object, hold: boolean): void {
  if (hold) closingHolds.add(holder);
  else closingHolds.delete(holder);
  const on = closingHolds.size > 0;
  if (on === closingOn) return;
  closingOn = on;
  attempt(() => (on ? closingBehavior.enableConfirmation() : closingBehavior.disableConfirmation()));
}

/** A tap felt on success or failure of an action (phones only; no-op elsewhere). */
export function haptic(kind: 'success' | 'error'): void {
  if (hapticFeedback.isSupported()) attempt(() => hapticFeedback.notificationOccurred(kind));
}

/** t.me links open in Telegram itself, other links in Telegram's browser; the app stays. */
export function openOutside(url: string): void {
  const target = new URL(url, window.location.href);
  if (target.hostname === 't.me') attempt(() => openTelegramLink(target.href));
  else attempt(() => openLink(target.href));
}

/** Links to other sites (explorers, t.me, documents) would replace the app: open them outside. */
function routeOutsideLinks(event: MouseEvent): void {
  if (event.defaultPrevented || event.button !== 0) return;
  const link = (event.target as Element | null)?.closest?.('a[href]');
  if (!(link instanceof HTMLAnchorElement)) return;
  const url = new URL(link.href, window.location.href);
  const outside = url.origin !== window.location.origin || link.target === '_blank';
  if (!outside || !/^https?:$/.test(url.protocol)) return;
  event.preventDefault();
  openOutside(url.href);
}
