/**
 * Telegram's controls as the screens use them (docs/decisions/029): BackButton, MainButton,
 * closing confirmation, haptics and links outside the app. The screens set them from their first
 * render; the SDK that shows them comes after the first paint (integration.ts), and `mountControls`
 * then shows what is set by then. Until it comes, a setting is kept and nothing is called.
 */
import type * as TelegramSdk from '@telegram-apps/sdk';

/** The parts of the SDK the controls drive. */
export type ControlsSdk = Pick<
  typeof TelegramSdk,
  'backButton' | 'closingBehavior' | 'hapticFeedback' | 'mainButton' | 'openLink' | 'openTelegramLink'
>;

let sdk: ControlsSdk | null = null;

/** Calls into Telegram never break the app: an old client lacks a method, the page goes on. */
export function attempt(call: () => unknown): void {
  try {
    const result = call();
    if (result instanceof Promise) result.catch((error: unknown) => console.warn('Telegram', error));
  } catch (error) {
    console.warn('Telegram', error);
  }
}

/** Links to other sites open outside the app from the start (once, from start()). */
export function followOutsideLinks(): void {
  document.addEventListener('click', routeOutsideLinks);
}

/**
 * Mounts the controls with the SDK once it is loaded, then shows what the screens set before it
 * came.
 */
export function mountControls(loaded: ControlsSdk): void {
  for (const step of controlSteps(loaded)) step();
}

/**
 * `mountControls` as steps, for integration.ts to run each in a task of its own: every call into
 * the SDK re-reads the launch, and all of them in one go were a long task on a phone
 * (docs/decisions/048). The controls take the SDK only at the last step, with the buttons
 * mounted: until then a screen's setting is kept, as before the SDK came.
 */
export function controlSteps(loaded: ControlsSdk): (() => void)[] {
  return [
    () => attempt(() => loaded.backButton.mount()),
    () => attempt(() => loaded.backButton.onClick(() => onBack?.())),
    () => attempt(() => loaded.mainButton.mount()),
    () => attempt(() => loaded.mainButton.onClick(pressMainButton)),
    () => attempt(() => loaded.closingBehavior.mount()),
    () => {
      sdk = loaded;
      if (onBack) setBackButton(onBack);
      if (mainHolders.size > 0) showTopHolder();
      if (closingOn) attempt(() => loaded.closingBehavior.enableConfirmation());
    },
  ];
}

let onBack: (() => void) | null = null;

/** Telegram's BackButton: shown with the in-app back step to take, hidden without one. */
export function setBackButton(back: (() => void) | null): void {
  onBack = back;
  const button = sdk?.backButton;
  if (button) attempt(() => (back ? button.show() : button.hide()));
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
  const button = sdk?.mainButton;
  if (!button) return;
  attempt(() =>
    button.setParams(
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
  const closing = sdk?.closingBehavior;
  if (closing) attempt(() => (on ? closing.enableConfirmation() : closing.disableConfirmation()));
}

/** A tap felt on success or failure of an action (phones only; no-op elsewhere). */
export function haptic(kind: 'success' | 'error'): void {
  const feedback = sdk?.hapticFeedback;
  if (feedback?.isSupported()) attempt(() => feedback.notificationOccurred(kind));
}

/** t.me links open in Telegram itself, other links in Telegram's browser; the app stays. */
export function openOutside(url: string): void {
  const target = new URL(url, window.location.href);
  const loaded = sdk;
  // Before the SDK came, a new tab: the app stays all the same.
  if (!loaded) window.open(target.href, '_blank', 'noopener');
  else if (target.hostname === 't.me') attempt(() => loaded.openTelegramLink(target.href));
  else attempt(() => loaded.openLink(target.href));
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
