import type { UserView } from '@p2p/shared';
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Avatar } from '@/components/ui/Avatar';
import { AuthProvider } from '@/features/auth';
import { TraderAvatar } from '@/features/orders/components/TraderBits';
import { fakeApi, renderApp } from '@/test-support/render';
import { UserMenu } from './UserMenu';

const user = {
  id: '7b0c4a2e-1f0a-4c8e-9a55-0e1d2c3b4a59',
  telegramId: null,
  username: 'novyi',
  firstName: 'Новый',
  lastName: 'Покупатель',
  displayName: null,
  useCustomProfile: false,
  photoUrl: null,
  customAvatarUrl: null,
  effectiveName: 'Новый Покупатель',
  effectiveAvatar: null,
  verified: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
} as unknown as UserView;

beforeEach(() => {
  vi.stubGlobal('fetch', fakeApi(() => null).fetch);
});
afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

describe('avatars are decorative', () => {
  it("leaves the initial out of the user menu button's accessible name", () => {
    renderApp(
      <AuthProvider>
        <UserMenu user={user} />
      </AuthProvider>,
    );
    // Exactly the visible name and what the button opens: no «Н» in front.
    expect(screen.getByRole('button', { name: 'Новый Покупатель · Меню пользователя' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Н Новый/ })).toBeNull();
  });

  it('hides the initials of every avatar from assistive technology', () => {
    renderApp(
      <div>
        <Avatar name="Вера" />
        <Avatar name="Вера" src="/a.png" />
        <TraderAvatar name="Иван Петров" />
      </div>,
    );
    const avatars = [...document.querySelectorAll('.avatar')];
    expect(avatars).toHaveLength(3);
    for (const avatar of avatars) expect(avatar.getAttribute('aria-hidden')).toBe('true');
    expect(avatars.map((a) => a.textContent)).toEqual(['В', '', 'Ив']);
  });
});
