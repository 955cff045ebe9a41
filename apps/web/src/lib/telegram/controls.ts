/**
 * Telegram's controls as the screens use them (docs/decisions/029): BackButton, MainButton,
 * closing confirmation, haptics and links outside the app. Loaded with ./integration.ts.
 */
import {
  backButton,
  closingBehavior,
  hapticFeedback,
  mainButton,
  openLink,
  openTelegramLink,
} from '@telegram-apps/sdk';

/** Calls into Telegram never break the app: an old client lacks a method, the page goes on. */
export function attempt(call: () => unknown): void {
  try {
    const result = call();
    if (result instanceof Promise) result.catch((error: unknown) => console.warn('Telegram', error));
  } catch (error) {
    console.warn('Telegram', error);
  }
}

/** Mounts the controls and starts following links (once, from start()). */
export function mountControls(): void {
  attempt(() => backButton.mount());
  attempt(() => backButton.onClick(() => onBack?.()));
  attempt(() => mainButton.mount());
  attempt(() => mainButton.onClick(pressMainButton));
  attempt(() => closingBehavior.mount());
  document.addEventListener('click', routeOutsideLinks);
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

/** Screens holding the MainButton, oldest first: the newest one (an open dialog) shows. */
const mainHolders = new Map<object, { state: MainButtonState; press: () => void; pressedAt: number }>();

function topHolder() {
  return [...mainHolders.values()].at(-1) ?? null;
}

/**
 * A holder's presses closer than this are one press: the action is never sent twice. Only
 * presses of one action: a holder whose button now says another (the trade's «Подтвердить
 * получение оплаты», then «Отправить криптовалюту») takes the next press whenever it lands.
 */
const PRESS_GAP_MS = 600;

function pressMainButton(): void {
  const top = topHolder();
  // A press while disabled or running does nothing, nor one right after another (a double tap
  // lands before the screen shows the action running).
  if (!top || top.state.disabled || top.state.loading) return;
  if (Date.now() - top.pressedAt < PRESS_GAP_MS) return;
  top.pressedAt = Date.now();
  top.press();
}

function showTopHolder(): void {
  const top = topHolder();
  attempt(() =>
    mainButton.setParams(
      top
        ? {
            text: top.state.text,
            isVisible: true,
            isEnabled: !top.state.disabled && !top.state.loading,
            isLoaderVisible: top.state.loading,
          }
        : { isVisible: false, isLoaderVisible: false },
    ),
  );
}

/** `owner` puts its primary action on the MainButton; a new holder goes on top of the others. */
export function setMainButton(owner: object, state: MainButtonState, press: () => void): void {
  const wasTop = topHolder() === mainHolders.get(owner);
  const held = mainHolders.get(owner);
  const known = held !== undefined;
  // The last press counts against the gap only while the button says the same action.
  const pressedAt = held?.state.text === state.text ? held.pressedAt : 0;
  mainHolders.set(owner, { state, press, pressedAt });
  if (!known || wasTop) showTopHolder();
}

/** `owner` gives the MainButton up: the holder below it shows again, or the button hides. */
export function releaseMainButton(owner: object): void {
  if (mainHolders.delete(owner)) showTopHolder();
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
