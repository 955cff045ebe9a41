import { useEffect, useRef } from 'react';
import type { TelegramAuthData } from '../api/auth-api';

/** Fields Telegram appends to the auth URL after the user confirms (redirect mode). */
const SIGNED_FIELDS = ['id', 'first_name', 'last_name', 'username', 'photo_url', 'auth_date', 'hash'];

/** The signed Telegram fields in a URL's query, or null when it carries none. */
export function telegramFieldsFrom(search: URLSearchParams): TelegramAuthData | null {
  if (!search.get('hash') || !search.get('id') || !search.get('auth_date')) return null;
  const data: TelegramAuthData = {};
  for (const key of SIGNED_FIELDS) {
    const value = search.get(key);
    if (value !== null) data[key] = value;
  }
  return data;
}

/**
 * The Telegram Login Widget in redirect mode: Telegram's script renders its button (an
 * iframe) and, once the user confirms, sends the browser back to `authUrl` with the signed
 * fields in the query. Redirect mode needs no `eval` of a callback string, so it works under
 * the strict Content-Security-Policy; the auth page picks the fields up and verifies them.
 */
export function TelegramLoginButton({ botUsername, authUrl }: { botUsername: string; authUrl: string }) {
  const host = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const container = host.current;
    if (!container) return;
    const script = document.createElement('script');
    script.src = 'https://telegram.org/js/telegram-widget.js?22';
    script.async = true;
    script.setAttribute('data-telegram-login', botUsername);
    script.setAttribute('data-size', 'large');
    script.setAttribute('data-radius', '8');
    script.setAttribute('data-request-access', 'write');
    script.setAttribute('data-auth-url', authUrl);
    container.appendChild(script);
    return () => container.replaceChildren();
  }, [botUsername, authUrl]);

  return <div ref={host} className="telegram-login" data-testid="telegram-login" />;
}
