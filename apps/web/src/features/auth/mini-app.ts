/**
 * Telegram Mini App: Telegram opens the app with the signed launch data in the URL hash
 * (`#tgWebAppData=<initData>&tgWebAppVersion=...`). The server verifies it with the Mini App
 * key (POST /auth/telegram/webapp); nothing here is trusted.
 */
export function miniAppInitData(hash: string): string | null {
  const params = new URLSearchParams(hash.startsWith('#') ? hash.slice(1) : hash);
  const initData = params.get('tgWebAppData');
  return initData?.includes('hash=') ? initData : null;
}

/** Removes the launch data from the address bar once it has been used. */
export function clearMiniAppHash(): void {
  if (window.location.hash.includes('tgWebAppData')) {
    window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
  }
}
