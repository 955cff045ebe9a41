import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { StrictMode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { rememberLang } from '@/i18n/current-lang';
import { I18nProvider } from '@/i18n/i18n';
import { MemoryRouter, useLocation } from '@/lib/router';
import { AuthProvider } from '../session';
import { AuthPage } from './AuthPage';

const user = {
  id: '7b0c4a2e-1f0a-4c8e-9a55-0e1d2c3b4a59',
  telegramId: '42',
  username: 'vera',
  firstName: 'Vera',
  lastName: null,
  displayName: null,
  useCustomProfile: false,
  photoUrl: null,
  customAvatarUrl: null,
  effectiveName: 'Vera',
  effectiveAvatar: null,
  verified: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  first_name: 'Vera',
  last_name: null,
  display_name: null,
  use_custom_profile: false,
  custom_avatar_url: null,
  effective_name: 'Vera',
  effective_avatar: null,
  photo_url: null,
  rating: null,
  trades_count: 0,
};
const tokens = { accessToken: 'a.b.c', refreshToken: 'refresh-token-0', tokenType: 'Bearer', expiresIn: 900 };

function Location() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  document.body.innerHTML = '';
});

describe('back from Telegram’s Login Widget', () => {
  it('sends the signed payload once (strict mode runs effects twice) and clears it from the address', async () => {
    const posts: unknown[] = [];
    vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
      const path = url.replace(/^\/api\/v1/, '');
      const ok = (data: unknown) => new Response(JSON.stringify({ success: true, data }), { status: 200 });
      if (path === '/auth/telegram') {
        posts.push(JSON.parse(String(init.body)));
        // A second send of the same payload would be refused as a replay.
        if (posts.length > 1)
          return new Response(JSON.stringify({ success: false, error: 'replayed', code: 'UNAUTHORIZED' }), {
            status: 401,
          });
        return ok({ user, tokens });
      }
      if (path === '/auth/config') return ok({ telegramBotUsername: null, devLogin: false });
      if (path === '/auth/me') return ok(user);
      return ok(null);
    });
    rememberLang('ru');
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const signed = 'id=42&first_name=Vera&auth_date=1795000000&hash=abc123';
    render(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <I18nProvider>
            <MemoryRouter initialEntries={[`/auth?return=%2Fwallet&${signed}`]}>
              <AuthProvider>
                <AuthPage />
                <Location />
              </AuthProvider>
            </MemoryRouter>
          </I18nProvider>
        </QueryClientProvider>
      </StrictMode>,
    );
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/auth?return=%2Fwallet'));
    expect(await screen.findByText('Вход выполнен, перенаправляем...')).toBeTruthy();
    expect(posts).toEqual([{ id: '42', first_name: 'Vera', auth_date: '1795000000', hash: 'abc123' }]);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
