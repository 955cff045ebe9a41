/**
 * What screens ask of Telegram (docs/decisions/029). Outside Telegram each is a no-op (or the
 * browser's own behaviour) and nothing of the SDK is downloaded.
 */
import { useEffect, useRef } from 'react';
import { telegram } from './index';

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
    return () => telegram()?.releaseMainButton(id);
  }, []);
  useEffect(() => {
    const id = owner.current;
    const integration = telegram();
    if (text === null) integration?.releaseMainButton(id);
    else integration?.setMainButton(id, { text, disabled, loading }, () => onClick.current?.());
  }, [text, disabled, loading]);
}

/** Telegram asks before closing the app while `active` (unsaved input). No-op in a browser. */
export function useTelegramClosingConfirmation(active: boolean): void {
  useEffect(() => {
    if (!active) return;
    const token = {};
    telegram()?.holdClosing(token, true);
    return () => telegram()?.holdClosing(token, false);
  }, [active]);
}

/** Opens a link outside the app: Telegram's browser (t.me links in Telegram itself), else a new tab. */
export function openExternal(url: string): void {
  const integration = telegram();
  if (integration) integration.openOutside(url);
  else window.open(url, '_blank', 'noopener');
}
