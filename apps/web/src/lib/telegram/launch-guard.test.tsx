import type { UserView } from '@p2p/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearAuth, getAccessToken, getStoredUser, saveTokens, saveUser } from '@/lib/storage';
import { signInAnswer } from '@/test-support/telegram';
import { insideTelegram, LAUNCH_STORAGE_KEY, startMiniApp, telegram } from './index';
import { initDataUserLabel } from './launch';

/**
 * Launch data counts only inside Telegram, and never replaces another signed-in account silently
 * (docs/decisions/035). The attack: a link carrying the attacker's genuine, unused launch data,
 * opened by a victim who is signed in.
 */

const MALLORY = { id: 777, first_name: 'Мэллори', username: 'mallory' };
const INIT_DATA = new URLSearchParams({
  query_id: 'AAH',
  user: JSON.stringify(MALLORY),
  auth_date: '1795000000',
  hash: 'ab12',
}).toString();
const LINK = `#${new URLSearchParams({
  tgWebAppData: INIT_DATA,
  tgWebAppVersion: '8.0',
  tgWebAppPlatform: 'tdesktop',
  tgWebAppThemeParams: JSON.stringify({ bg_color: '#17212b' }),
})}`;

const ALICE = {
  id: '0b5e7c1a-3f2d-4c8e-9a1b-2d3e4f5a6b7c',
  telegramId: '1001',
  firstName: 'Алиса',
  lastName: null,
  username: 'alice',
  displayName: 'Алиса',
} as unknown as UserView;

type Bridge = { TelegramWebviewProxy?: { postEvent: (...args: unknown[]) => void } };

let fetched: string[];
beforeEach(() => {
  fetched = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    fetched.push(String(input));
    return new Response(JSON.stringify({ success: false, error: 'no' }), { status: 401 });
  });
  clearAuth();
  sessionStorage.clear();
  saveTokens({ accessToken: 'alice-access', refreshToken: 'alice-refresh' });
  saveUser(ALICE);
  window.history.replaceState(null, '', `/wallet${LINK}`);
});
afterEach(() => {
  delete (window as unknown as Bridge).TelegramWebviewProxy;
  vi.unstubAllGlobals();
});

describe('launch data in an ordinary browser', () => {
  it('is not Telegram: no bridge, no frame', () => {
    expect(insideTelegram()).toBe(false);
    (window as unknown as Bridge).TelegramWebviewProxy = { postEvent: () => {} };
    expect(insideTelegram()).toBe(true);
  });

  it('signs no one in: Alice stays, the launch leaves the address and is not kept', async () => {
    expect(await startMiniApp().started).toBeNull();
    expect(telegram()).toBeNull();
    expect(fetched.filter((u) => u.includes('/auth/telegram/webapp'))).toEqual([]);
    expect(window.location.hash).toBe('');
    expect(window.location.pathname).toBe('/wallet');
    expect(sessionStorage.getItem(LAUNCH_STORAGE_KEY)).toBeNull();
    expect(getAccessToken()).toBe('alice-access');
    expect(getStoredUser()?.telegramId).toBe('1001');
  });
});

describe('inside Telegram, with another account signed in', () => {
  it('asks «Вы вошли как Алиса. Войти как @mallory?» and replaces nothing until answered', async () => {
    (window as unknown as Bridge).TelegramWebviewProxy = { postEvent: () => {} };
    await startMiniApp().started;
    const integration = telegram();
    expect(integration).not.toBeNull();
    expect(fetched.filter((u) => u.includes('/auth/telegram/webapp'))).toEqual([]);
    expect(integration?.accountSwitch()).toEqual({ current: 'Алиса', next: '@mallory' });
    expect(getAccessToken()).toBe('alice-access');

    // «Остаться»: nothing is sent, Alice stays.
    expect(await integration?.answerAccountSwitch(false)).toBe(false);
    expect(integration?.accountSwitch()).toBeNull();
    expect(fetched.filter((u) => u.includes('/auth/telegram/webapp'))).toEqual([]);
    expect(getStoredUser()?.telegramId).toBe('1001');
  });
});

describe('initDataUserLabel', () => {
  it('names the launch user by @username, else the first name', () => {
    expect(initDataUserLabel(INIT_DATA)).toBe('@mallory');
    const plain = new URLSearchParams({ user: JSON.stringify({ id: 1, first_name: 'Ann' }) }).toString();
    expect(initDataUserLabel(plain)).toBe('Ann');
    expect(initDataUserLabel('garbage')).toBe('');
  });
});

describe('inside Telegram, with no session here', () => {
  it('sends the silent sign-in at once, beside the integration download, and only once', async () => {
    clearAuth();
    (window as unknown as Bridge).TelegramWebviewProxy = { postEvent: () => {} };
    const mallory = {
      ...ALICE,
      id: '5c3e7c1a-3f2d-4c8e-9a1b-2d3e4f5a6b7c',
      telegramId: '777',
      displayName: null,
    };
    vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
      fetched.push(String(input));
      return signInAnswer(mallory);
    });
    const { started } = startMiniApp();
    // Sent before the integration's code is even asked for: no await has passed yet.
    expect(fetched.filter((u) => u.includes('/auth/telegram/webapp'))).toHaveLength(1);
    await started;
    expect(fetched.filter((u) => u.includes('/auth/telegram/webapp'))).toHaveLength(1);
    expect(getAccessToken()).toBe('m-access');
    expect(getStoredUser()?.telegramId).toBe('777');
  });
});
