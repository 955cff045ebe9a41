/**
 * What screens ask of Telegram (docs/decisions/029). Outside Telegram each is a no-op (or the
 * browser's own behaviour) and nothing of the integration is downloaded.
 */
import { useEffect, useLayoutEffect, useRef, useSyncExternalStore } from 'react';
import { telegram } from './index';
import { onIntegrationStarted } from './state';

/**
 * The integration, re-rendering the caller when it starts: the market's first screen may be drawn
 * before it (docs/decisions/050). Null in a browser.
 */
export function useTelegram(): ReturnType<typeof telegram> {
  return useSyncExternalStore(onIntegrationStarted, telegram, telegram);
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
 *
 * The button's state and handler reach the controls in the commit that renders them (layout
 * effects), never a task later: a press is judged by what the screen shows when it lands. With
 * passive effects, a press arriving between a re-render's commit and its effects (a separate task
 * once the device is busy) met the state before it: refused as inactive just after the button
 * turned active, or let through just as its action started (docs/decisions/029).
 */
export function useTelegramMainButton(spec: MainButtonSpec | null): void {
  const onClick = useRef(spec?.onClick);
  const owner = useRef<object>({});
  const text = spec?.text ?? null;
  const disabled = Boolean(spec?.disabled);
  const loading = Boolean(spec?.loading);
  const integration = useTelegram();
  useLayoutEffect(() => {
    onClick.current = spec?.onClick;
  });
  useLayoutEffect(() => {
    const id = owner.current;
    return () => telegram()?.releaseMainButton(id);
  }, []);
  useLayoutEffect(() => {
    const id = owner.current;
    if (text === null) integration?.releaseMainButton(id);
    else integration?.setMainButton(id, { text, disabled, loading }, () => onClick.current?.());
  }, [integration, text, disabled, loading]);
}

/** Telegram asks before closing the app while `active` (unsaved input). No-op in a browser. */
export function useTelegramClosingConfirmation(active: boolean): void {
  const integration = useTelegram();
  useEffect(() => {
    if (!active || !integration) return;
    const token = {};
    integration.holdClosing(token, true);
    return () => integration.holdClosing(token, false);
  }, [integration, active]);
}

/** Opens a link outside the app: Telegram's browser (t.me links in Telegram itself), else a new tab. */
export function openExternal(url: string): void {
  const integration = telegram();
  if (integration) integration.openOutside(url);
  else window.open(url, '_blank', 'noopener');
}
