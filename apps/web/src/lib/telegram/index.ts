/**
 * The app inside Telegram (docs/decisions/029). Outside Telegram every export here is a no-op
 * and the integration's code (the SDK) is never downloaded: only a Mini App launch imports it.
 */
import { useEffect, useRef } from 'react';
import { type MiniAppLaunch, readLaunch, startAppPath } from './launch';

export { initDataUserId, type MiniAppLaunch } from './launch';

type Integration = typeof import('./integration');

function sessionStore(): Storage | undefined {
  try {
    return globalThis.sessionStorage;
  } catch {
    return undefined;
  }
}

/** This tab's Mini App launch, or null in a browser. */
export const miniApp: MiniAppLaunch | null =
  typeof window === 'undefined' ? null : readLaunch(window.location.hash, sessionStore());

let integration: Promise<Integration> | null = null;

/** The integration, loading on first use; null outside Telegram. */
export function telegram(): Promise<Integration> | null {
  if (!miniApp) return null;
  const launch = miniApp;
  integration ??= import('./integration').then((module) => {
    module.start(launch);
    return module;
  });
  return integration;
}

/**
 * Runs once before the router starts: the launch data leaves the address bar (it was kept),
 * and a `startapp=` link opens its screen instead of the market.
 */
export function bootMiniApp(): void {
  if (!miniApp) return;
  const path = window.location.pathname === '/' ? startAppPath(miniApp.startParam) : null;
  const target = path && path !== '/' ? path : window.location.pathname + window.location.search;
  if (window.location.hash.includes('tgWebApp') || target !== window.location.pathname + window.location.search) {
    window.history.replaceState(window.history.state, '', target);
  }
  void telegram();
}

export interface MainButtonSpec {
  text: string;
  onClick: () => void;
  disabled?: boolean;
  /** The action runs: the button shows its loader and takes no press. */
  loading?: boolean;
}

/**
 * Telegram's MainButton carries this screen's one primary action while the calling component is
 * mounted and `spec` is given; hidden when it is null or the component goes. No-op in a browser.
 */
export function useTelegramMainButton(spec: MainButtonSpec | null): void {
  const onClick = useRef(spec?.onClick);
  onClick.current = spec?.onClick;
  const owner = useRef<object>({});
  const text = spec?.text ?? null;
  const disabled = Boolean(spec?.disabled);
  const loading = Boolean(spec?.loading);
  useEffect(() => {
    const id = owner.current;
    return () => void telegram()?.then((m) => m.releaseMainButton(id));
  }, []);
  useEffect(() => {
    const id = owner.current;
    void telegram()?.then((m) =>
      text === null
        ? m.releaseMainButton(id)
        : m.setMainButton(id, { text, disabled, loading }, () => onClick.current?.()),
    );
  }, [text, disabled, loading]);
}

/** Telegram asks before closing the app while `active` (unsaved input). No-op in a browser. */
export function useTelegramClosingConfirmation(active: boolean): void {
  useEffect(() => {
    if (!active) return;
    const token = {};
    void telegram()?.then((m) => m.holdClosing(token, true));
    return () => void telegram()?.then((m) => m.holdClosing(token, false));
  }, [active]);
}

/** Opens a link outside the app: Telegram's browser (t.me links in Telegram itself), else a new tab. */
export function openExternal(url: string): void {
  const sdk = telegram();
  if (sdk) void sdk.then((m) => m.openOutside(url));
  else window.open(url, '_blank', 'noopener');
}
