import type { UserView } from '@p2p/shared';
import { act } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthProvider } from '@/features/auth';
import { saveTokens, saveUser } from '@/lib/storage';
import { holdIdleTurns } from '@/test-support/idle';
import { fakeApi, renderApp } from '@/test-support/render';
import { RealtimeProvider } from './RealtimeProvider';

const opened = vi.hoisted(() => ({ sockets: 0, connects: 0 }));
vi.mock('./socket', () => ({
  createSocket: () => {
    opened.sockets += 1;
    return {
      connect: () => {
        opened.connects += 1;
      },
      disconnect: () => undefined,
    };
  },
}));
vi.mock('./wire', () => ({ wireSocket: () => () => undefined }));

const user = {
  id: '7b0c4a2e-1f0a-4c8e-9a55-0e1d2c3b4a59',
  firstName: 'Новый',
  effectiveName: 'Новый',
} as unknown as UserView;

let idle: ReturnType<typeof holdIdleTurns>;

beforeEach(() => {
  idle = holdIdleTurns();
  opened.sockets = 0;
  opened.connects = 0;
  vi.stubGlobal('fetch', fakeApi((path) => (path === '/auth/me' ? user : null)).fetch);
  saveTokens({ accessToken: 'a', refreshToken: 'r' });
  saveUser(user);
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  document.body.innerHTML = '';
});

describe('the realtime socket of a signed-in user', () => {
  it('is opened in its own turn after the first paint, not by the first render', async () => {
    renderApp(
      <AuthProvider>
        <RealtimeProvider>
          <p>рынок</p>
        </RealtimeProvider>
      </AuthProvider>,
    );
    // Drawn, and every import started so far loaded: still no socket until its turn.
    await act(async () => {
      await vi.dynamicImportSettled();
    });
    expect(opened.sockets).toBe(0);
    await idle.all();
    await vi.waitFor(() => expect(opened.connects).toBe(1));
    expect(opened.sockets).toBe(1);
  });
});
