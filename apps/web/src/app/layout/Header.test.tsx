import type { UserView } from '@p2p/shared';
import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthProvider } from '@/features/auth';
import { saveTokens, saveUser } from '@/lib/storage';
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

let idle: (() => void)[] = [];
const idleTurns = async () => {
  while (idle.length > 0) {
    await act(async () => {
      idle.shift()?.();
    });
  }
};

beforeEach(() => {
  idle = [];
  vi.stubGlobal('requestIdleCallback', (run: () => void) => idle.push(run));
  vi.stubGlobal('fetch', fakeApi((path) => (path === '/auth/me' ? user : null)).fetch);
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
    await idleTurns();
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
    // Rendered and settled: the chunk is still not asked for.
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    expect(chunk.loads).toBe(0);
    expect(screen.queryByText('controls')).toBeNull();
    await idleTurns();
    expect(await screen.findByText('controls')).toBeTruthy();
    expect(chunk.loads).toBe(1);
    expect(document.querySelector('.header__skeleton')).toBeNull();
  });
});
