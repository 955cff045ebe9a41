import type { UserView } from '@p2p/shared';
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthProvider } from '@/features/auth';
import { holdIdleTurns } from '@/test-support/idle';
import { fakeApi, renderApp } from '@/test-support/render';

// The two deferred parts as markers: what is tested here is when they mount.
vi.mock('@/features/active-trades', () => ({ ActiveTradesButton: () => <span>active-trades</span> }));
vi.mock('@/features/notifications', () => ({ NotificationBell: () => <span>bell</span> }));

const user = {
  id: '7b0c4a2e-1f0a-4c8e-9a55-0e1d2c3b4a59',
  username: 'novyi',
  firstName: 'Новый',
  effectiveName: 'Новый Покупатель',
  effectiveAvatar: null,
} as unknown as UserView;

let idle: ReturnType<typeof holdIdleTurns>;

beforeEach(() => {
  idle = holdIdleTurns();
  vi.stubGlobal('fetch', fakeApi(() => null).fetch);
});
afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

describe('the signed-in header controls', () => {
  it('show the account menu at once, then the active trades and the inbox, each in a turn of its own', async () => {
    const { SignedInActions } = await import('./SignedInActions');
    renderApp(
      <AuthProvider>
        <SignedInActions user={user} />
      </AuthProvider>,
    );
    expect(screen.getByTestId('header-user-name').textContent).toBe('Новый Покупатель');
    expect(screen.queryByText('active-trades')).toBeNull();
    expect(screen.queryByText('bell')).toBeNull();
    // Turns are taken in order; other parts of the page (none here) may have queued before.
    while (idle.queue.length > 0 && !screen.queryByText('active-trades')) await idle.next();
    expect(screen.getByText('active-trades')).toBeTruthy();
    expect(screen.queryByText('bell')).toBeNull();
    // Its place is kept meanwhile, so that the header does not shift twice.
    expect(document.querySelector('.header__slot')).not.toBeNull();
    await idle.next();
    expect(screen.getByText('bell')).toBeTruthy();
    expect(document.querySelector('.header__slot')).toBeNull();
  });
});
