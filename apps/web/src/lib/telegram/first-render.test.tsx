import type { UserView } from '@p2p/shared';
import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthProvider, useSession } from '@/features/auth';
import { clearAuth, getAccessToken, saveTokens, saveUser } from '@/lib/storage';
import { renderApp } from '@/test-support/render';
import { signInAnswer } from '@/test-support/telegram';
import { useTelegram } from './hooks';
import { startMiniApp } from './index';
import { miniAppSignInRead, miniAppSigningIn } from './state';

/**
 * Inside Telegram the market is drawn without waiting for the integration or the silent sign-in;
 * the launches that may change the screen or the account still wait (docs/decisions/050).
 */

const TELEGRAM_USER = { id: 777, first_name: 'Мэллори', username: 'mallory' };
const initData = (extra: Record<string, string> = {}) =>
  new URLSearchParams({
    query_id: 'AAH',
    user: JSON.stringify(TELEGRAM_USER),
    auth_date: '1795000000',
    ...extra,
    hash: 'ab12',
  }).toString();
const launch = (extra: Record<string, string> = {}) =>
  `#${new URLSearchParams({
    tgWebAppData: initData(extra),
    tgWebAppVersion: '8.0',
    tgWebAppPlatform: 'android',
    tgWebAppThemeParams: JSON.stringify({ bg_color: '#17212b', text_color: '#f5f5f5' }),
  })}`;

const MALLORY = {
  id: '5c3e7c1a-3f2d-4c8e-9a1b-2d3e4f5a6b7c',
  telegramId: '777',
  firstName: 'Мэллори',
  lastName: null,
  username: 'mallory',
  displayName: 'Мэллори',
} as unknown as UserView;
const ALICE = { ...MALLORY, id: '0b5e7c1a-3f2d-4c8e-9a1b-2d3e4f5a6b7c', telegramId: '1001' } as UserView;

type Bridge = { TelegramWebviewProxy?: { postEvent: (...args: unknown[]) => void } };

let fetched: string[];
/** The sign-in's answer, held until the test lets it go. */
let answerSignIn: () => void;

beforeEach(() => {
  fetched = [];
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  answerSignIn = release;
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    const url = String(input);
    fetched.push(url);
    if (!url.includes('/auth/telegram/webapp')) return new Response('{}', { status: 404 });
    await held;
    return signInAnswer(MALLORY);
  });
  clearAuth();
  sessionStorage.clear();
  document.documentElement.className = '';
  document.documentElement.removeAttribute('style');
  (window as unknown as Bridge).TelegramWebviewProxy = { postEvent: () => {} };
});
afterEach(async () => {
  // The integration and a sign-in are the page's, not a test's: each test lets its own settle.
  answerSignIn();
  const signingIn = miniAppSigningIn();
  if (signingIn) {
    await signingIn;
    miniAppSignInRead(signingIn);
  }
  delete (window as unknown as Bridge).TelegramWebviewProxy;
  vi.unstubAllGlobals();
});

const signIns = () => fetched.filter((u) => u.includes('/auth/telegram/webapp')).length;

describe('a launch that opens the market', () => {
  // First in the file: the integration, once started, stays for the page (as in the app).
  it('shows the session loading, never signed out, then the signed-in user with no second request', async () => {
    window.history.replaceState(null, '', `/${launch()}`);
    const { started } = startMiniApp();
    const seen: string[] = [];
    function Probe() {
      const { status, user } = useSession();
      const integration = useTelegram();
      seen.push(status);
      return (
        <p>
          {status}:{user?.username ?? '-'}:{integration ? 'bridge' : 'no-bridge'}
        </p>
      );
    }
    renderApp(
      <AuthProvider>
        <Probe />
      </AuthProvider>,
    );
    expect(screen.getByText('loading:-:no-bridge')).toBeTruthy();
    await act(async () => {
      answerSignIn();
      await started;
    });
    // The bridge (Telegram's buttons) appears with the integration, after the first render.
    await screen.findByText('signed-in:mallory:bridge');
    expect(seen).not.toContain('signed-out');
    expect(fetched.filter((u) => u.includes('/auth/me'))).toEqual([]);
    expect(signIns()).toBe(1);
  });

  it('is drawn at once in the launch theme, the sign-in on its way', async () => {
    window.history.replaceState(null, '', `/${launch()}`);
    const { started, waitForIt } = startMiniApp();
    expect(waitForIt).toBe(false);
    // Telegram's frame and colours are on the page before the first render, not with the chunk.
    expect(document.documentElement.classList.contains('tma')).toBe(true);
    expect(document.documentElement.classList.contains('tma--dark')).toBe(true);
    expect(document.documentElement.style.getPropertyValue('--bg')).toBe('#17212b');
    expect(signIns()).toBe(1);
    expect(miniAppSigningIn()).not.toBeNull();
    answerSignIn();
    expect(await started).toBeNull();
    expect(getAccessToken()).toBe('m-access');
  });

  it('takes the sign-in’s user as the session’s when it answered before the session first asked', async () => {
    window.history.replaceState(null, '', `/${launch()}`);
    const { started } = startMiniApp();
    answerSignIn();
    await started;
    // Settled, but not read yet: the session is still to take its user from it.
    expect(miniAppSigningIn()).not.toBeNull();
    function Probe() {
      const { status, user } = useSession();
      return (
        <p>
          {status}:{user?.username ?? '-'}
        </p>
      );
    }
    renderApp(
      <AuthProvider>
        <Probe />
      </AuthProvider>,
    );
    await screen.findByText('signed-in:mallory');
    // The sign-in's answer is the server's: no /auth/me asks for the same user again.
    expect(fetched.filter((u) => u.includes('/auth/me'))).toEqual([]);
    expect(miniAppSigningIn()).toBeNull();
  });

  it('does not wait for a returning user whose session here is the launch’s', async () => {
    saveTokens({ accessToken: 'm-old', refreshToken: 'm-old-refresh' });
    saveUser(MALLORY);
    window.history.replaceState(null, '', `/${launch()}`);
    const { started, waitForIt } = startMiniApp();
    expect(waitForIt).toBe(false);
    expect(miniAppSigningIn()).toBeNull();
    await started;
    expect(signIns()).toBe(0);
    expect(getAccessToken()).toBe('m-old');
  });
});

describe('a launch that may change the screen or the account', () => {
  it('waits for a start link to a trade, then goes there', async () => {
    const trade = '3f2d4c8e-9a1b-4d3e-8f5a-6b7c0b5e7c1a';
    window.history.replaceState(null, '', `/${launch({ start_param: `trade_${trade}` })}`);
    const { started, waitForIt } = startMiniApp();
    expect(waitForIt).toBe(true);
    // Nothing is drawn before it, so there is no loading session to cover.
    expect(miniAppSigningIn()).toBeNull();
    answerSignIn();
    expect(await started).toBe(`/trade/${trade}`);
  });

  it('waits when another account is signed in here (the question comes first)', async () => {
    saveTokens({ accessToken: 'alice-access', refreshToken: 'alice-refresh' });
    saveUser(ALICE);
    window.history.replaceState(null, '', `/${launch()}`);
    const { started, waitForIt } = startMiniApp();
    expect(waitForIt).toBe(true);
    await started;
    expect(signIns()).toBe(0);
    expect(getAccessToken()).toBe('alice-access');
  });
});

describe('in an ordinary browser', () => {
  it('neither waits nor themes the page', async () => {
    delete (window as unknown as Bridge).TelegramWebviewProxy;
    window.history.replaceState(null, '', `/${launch()}`);
    const { started, waitForIt } = startMiniApp();
    expect(waitForIt).toBe(false);
    expect(document.documentElement.classList.contains('tma')).toBe(false);
    expect(await started).toBeNull();
    expect(signIns()).toBe(0);
  });
});
