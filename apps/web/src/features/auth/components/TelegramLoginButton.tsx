import { useEffect, useRef } from 'react';
import type { TelegramAuthData } from '../api/auth-api';

const CALLBACK = '__p2pTelegramAuth';
type CallbackHost = Record<string, ((user: TelegramAuthData) => void) | undefined>;

/**
 * The Telegram Login Widget: Telegram's script renders its button (an iframe) in place and
 * calls the global callback named in data-onauth with the signed user fields.
 */
export function TelegramLoginButton({
  botUsername,
  onAuth,
}: {
  botUsername: string;
  onAuth: (data: TelegramAuthData) => void;
}) {
  const host = useRef<HTMLDivElement>(null);
  const onAuthRef = useRef(onAuth);
  onAuthRef.current = onAuth;

  useEffect(() => {
    const container = host.current;
    if (!container) return;
    (window as unknown as CallbackHost)[CALLBACK] = (user) => onAuthRef.current(user);
    const script = document.createElement('script');
    script.src = 'https://telegram.org/js/telegram-widget.js?22';
    script.async = true;
    script.setAttribute('data-telegram-login', botUsername);
    script.setAttribute('data-size', 'large');
    script.setAttribute('data-radius', '8');
    script.setAttribute('data-request-access', 'write');
    script.setAttribute('data-onauth', `${CALLBACK}(user)`);
    container.appendChild(script);
    return () => {
      container.replaceChildren();
      delete (window as unknown as CallbackHost)[CALLBACK];
    };
  }, [botUsername]);

  return <div ref={host} className="telegram-login" data-testid="telegram-login" />;
}
