/**
 * Telegram's controls as the screens use them (docs/decisions/029): BackButton, MainButton,
 * closing confirmation, haptics and links outside the app, posted over the bridge (./bridge.ts,
 * docs/decisions/069) as the screens set them.
 */
import { on, postEvent, supports } from './bridge';
import { themeButtonColors } from './theme';

/** Calls into Telegram never break the app: an old client lacks a method, the page goes on. */
export function attempt(call: () => unknown): void {
  try {
    call();
  } catch (error) {
    console.warn('Telegram', error);
  }
}

/**
 * Links to other sites open outside the app, and the buttons' presses reach the screens, from
 * the start (once, from start()). The buttons start hidden: a page reloaded inside Telegram
 * shows none of the previous page's until its screens set them.
 */
export function followControls(): void {
  document.addEventListener('click', routeOutsideLinks);
  on('back_button_pressed', () => onBack?.());
  on('main_button_pressed', pressMainButton);
  attempt(() => postEvent('web_app_setup_back_button', { is_visible: false }));
  showTopHolder();
}

let onBack: (() => void) | null = null;

/** Telegram's BackButton: shown with the in-app back step to take, hidden without one. */
export function setBackButton(back: (() => void) | null): void {
  const shown = onBack !== null;
  onBack = back;
  if (shown !== (back !== null))
    attempt(() => postEvent('web_app_setup_back_button', { is_visible: back !== null }));
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
    postEvent(
      'web_app_setup_main_button',
      top
        ? {
            is_visible: true,
            is_active: !top.state.disabled && !top.state.loading,
            is_progress_visible: top.state.loading,
            text: top.state.text,
            ...themeButtonColors(),
          }
        : { is_visible: false, is_active: false, is_progress_visible: false },
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
  attempt(() => postEvent('web_app_setup_closing_behavior', { need_confirmation: on }));
}

/** A tap felt on success or failure of an action (phones only; no-op elsewhere). */
export function haptic(kind: 'success' | 'error'): void {
  attempt(() =>
    postEvent('web_app_trigger_haptic_feedback', { type: 'notification', notification_type: kind }),
  );
}

/** t.me links open in Telegram itself, other links in Telegram's browser; the app stays. */
export function openOutside(url: string): void {
  const target = new URL(url, window.location.href);
  if (target.hostname === 't.me' && supports('web_app_open_tg_link')) {
    attempt(() => postEvent('web_app_open_tg_link', { path_full: target.pathname + target.search }));
  } else if (!postEvent('web_app_open_link', { url: target.href })) {
    // No bridge after all: a new tab, the app stays all the same.
    window.open(target.href, '_blank', 'noopener');
  }
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
