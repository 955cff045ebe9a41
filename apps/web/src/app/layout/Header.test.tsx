import type { UserView } from '@p2p/shared';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthProvider } from '@/features/auth';
import { saveTokens, saveUser } from '@/lib/storage';
import { holdIdleTurns } from '@/test-support/idle';
import { fakeApi, renderApp } from '@/test-support/render';
import { Header } from './Header';

// The signed-in controls' chunk, counted when it is loaded.
const chunk = vi.hoisted(() => ({ loads: 0 }));
vi.mock('./SignedInActions', () => {
  chunk.loads += 1;
  return { SignedInActions: () => <span>controls</span> };
});

const user = {
  id: '7b0c4a2e-1f0a-4c8e-9a55-0e1d2c3b4a59',
  firstName: 'Новый',
  effectiveName: 'Новый',
} as unknown as UserView;

let idle: ReturnType<typeof holdIdleTurns>;
let api: ReturnType<typeof fakeApi>;

beforeEach(() => {
  idle = holdIdleTurns();
  api = fakeApi((path) => (path === '/auth/me' ? user : null));
  vi.stubGlobal('fetch', api.fetch);
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  document.body.innerHTML = '';
});

describe('the header', () => {
  it('never loads the signed-in controls for a visitor', async () => {
    renderApp(
      <AuthProvider>
        <Header />
      </AuthProvider>,
    );
    await idle.all();
    expect(screen.getByRole('link', { name: 'Войти' })).toBeTruthy();
    expect(chunk.loads).toBe(0);
  });

  it('draws a signed-in user’s skeleton first, and loads the controls in their turn after the first paint', async () => {
    saveTokens({ accessToken: 'a', refreshToken: 'r' });
    saveUser(user);
    renderApp(
      <AuthProvider>
        <Header />
      </AuthProvider>,
    );
    expect(document.querySelector('.header__skeleton')).not.toBeNull();
    // Rendered, the user confirmed by the server, every import started so far loaded: the chunk
    // is still not asked for.
    await waitFor(() => expect(api.calls.some((call) => call.path === '/auth/me')).toBe(true));
    await act(async () => {
      await vi.dynamicImportSettled();
    });
    expect(chunk.loads).toBe(0);
    expect(screen.queryByText('controls')).toBeNull();
    await idle.all();
    expect(await screen.findByText('controls')).toBeTruthy();
    expect(chunk.loads).toBe(1);
    expect(document.querySelector('.header__skeleton')).toBeNull();
  });
});
