import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { rememberLang } from '@/i18n/current-lang';
import { authApi } from './auth-api';

const user = {
  id: '7b0c4a2e-1f0a-4c8e-9a55-0e1d2c3b4a59',
  telegramId: null,
  username: 'vera',
  firstName: 'Вера',
  lastName: null,
  displayName: null,
  useCustomProfile: false,
  photoUrl: null,
  customAvatarUrl: null,
  effectiveName: 'Вера',
  effectiveAvatar: null,
  verified: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  first_name: 'Вера',
  last_name: null,
  display_name: null,
  use_custom_profile: false,
  custom_avatar_url: null,
  effective_name: 'Вера',
  effective_avatar: null,
  photo_url: null,
  rating: null,
  trades_count: 0,
  timeZone: 'Asia/Yekaterinburg',
};
const tokens = {
  accessToken: 'a'.repeat(20),
  refreshToken: 'r'.repeat(20),
  tokenType: 'Bearer',
  expiresIn: 900,
};

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  const store = new Map<string, string>();
  vi.stubGlobal('localStorage', {
    getItem: (k: string) => store.get(k) ?? null,
    setItem: (k: string, v: string) => void store.set(k, v),
    removeItem: (k: string) => void store.delete(k),
  });
  fetchMock = vi.fn(async () => new Response(JSON.stringify({ success: true, data: { user, tokens } })));
  vi.stubGlobal('fetch', fetchMock);
  rememberLang('ru');
});
afterEach(() => vi.unstubAllGlobals());

describe('sign-in sends the browser zone (docs/decisions/030)', () => {
  it('on every sign-in path, as X-Time-Zone', async () => {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    await authApi.devLogin('vera');
    await authApi.telegramMiniApp('query_id=1&hash=abc');
    await authApi.telegram({ id: 42, first_name: 'Vera', auth_date: 1, hash: 'abc' });
    expect(fetchMock).toHaveBeenCalledTimes(3);
    for (const [, init] of fetchMock.mock.calls as [string, RequestInit][]) {
      expect((init.headers as Record<string, string>)['x-time-zone']).toBe(zone);
    }
  });

  it('reads the zone the server answers with', async () => {
    expect((await authApi.devLogin('vera')).user.timeZone).toBe('Asia/Yekaterinburg');
  });
});
