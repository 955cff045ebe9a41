import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthProvider } from '@/features/auth';
import { fakeApi, renderApp } from '@/test-support/render';
import { SettingsPage } from './SettingsPage';

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
  rating: 4.7,
  trades_count: 12,
};

const stored = {
  notifications: { telegram: true, trades: true, deposits: true, chat: true },
  privacy: { showOnline: true, showStats: true, allowMessages: true },
  trading: { autoReply: '', timeLimit: 15, minRating: 0, allowUnrated: true, hideOrdersAwayMinutes: null },
  telegramConnected: false,
  updatedAt: null,
};

let api: ReturnType<typeof fakeApi>;
beforeEach(() => {
  localStorage.setItem('auth_token', 'token');
  localStorage.setItem('user_data', JSON.stringify(user));
  api = fakeApi((path, init) => {
    if (path === '/auth/me') return user;
    if (path === '/users/settings' && init.method === 'PUT') {
      const body = JSON.parse(String(init.body));
      return { ...stored, ...body, trading: { ...stored.trading, ...body.trading }, updatedAt: 'now' };
    }
    if (path === '/users/settings') return stored;
    if (path === '/users/me/time-zone') return { ...user, timeZone: JSON.parse(String(init.body)).timeZone };
    if (path === '/telegram/link')
      return { botEnabled: true, botUsername: 'p2p_bot', connected: false, connectedAt: null };
    return null;
  });
  vi.stubGlobal('fetch', api.fetch);
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  document.body.innerHTML = '';
});

const page = () =>
  renderApp(
    <AuthProvider>
      <SettingsPage />
    </AuthProvider>,
  );

describe('profile settings', () => {
  it('shows the stored settings and the figures the server computes', async () => {
    page();
    await screen.findByRole('heading', { name: 'Настройки профиля' });
    expect(screen.getByText(/★ 4,7/)).toBeTruthy();
    expect((screen.getByLabelText(/^Время на оплату по умолчанию/) as HTMLInputElement).value).toBe('15');
    expect(screen.getByRole('switch', { name: 'Сообщения в чате' }).getAttribute('aria-checked')).toBe(
      'true',
    );
    expect(await screen.findByRole('button', { name: 'Подключить Telegram-бота' })).toBeTruthy();
  });

  it('refuses out-of-range values with the shared messages and sends nothing', async () => {
    page();
    const window = await screen.findByLabelText(/^Время на оплату по умолчанию/);
    fireEvent.change(window, { target: { value: '61' } });
    fireEvent.change(screen.getByLabelText('Минимальный рейтинг партнера'), { target: { value: '5.5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(await screen.findByText('Время на оплату должно быть от 5 до 60 минут')).toBeTruthy();
    expect(screen.getByText('Минимальный рейтинг партнёра должен быть от 0 до 5 с шагом 0.1')).toBeTruthy();
    expect(api.calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('saves every section in one request', async () => {
    page();
    const window = await screen.findByLabelText(/^Время на оплату по умолчанию/);
    fireEvent.click(screen.getByRole('switch', { name: 'Сообщения в чате' }));
    fireEvent.click(screen.getByRole('switch', { name: 'Показывать статистику в профиле' }));
    fireEvent.change(window, { target: { value: '45' } });
    fireEvent.change(screen.getByLabelText('Минимальный рейтинг партнера'), { target: { value: '4,5' } });
    fireEvent.change(screen.getByLabelText('Автоответ'), { target: { value: 'Здравствуйте!' } });
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'PUT')).toBe(true));
    const put = api.calls.find((c) => c.method === 'PUT');
    expect(put?.path).toBe('/users/settings');
    expect(put?.body).toEqual({
      notifications: { telegram: true, trades: true, deposits: true, chat: false },
      privacy: { showOnline: true, showStats: false, allowMessages: true },
      trading: {
        autoReply: 'Здравствуйте!',
        timeLimit: 45,
        minRating: 4.5,
        allowUnrated: true,
        hideOrdersAwayMinutes: null,
      },
    });
  });

  it('shows the zone the bot writes times in, offers the common ones, and saves a pick at once', async () => {
    page();
    const select = (await screen.findByLabelText('Часовой пояс', {
      selector: 'select',
    })) as HTMLSelectElement;
    // The stored user has no zone yet: Moscow, the server's default.
    expect(select.value).toBe('Europe/Moscow');
    const labels = [...select.options].map((o) => o.textContent);
    expect(labels).toContain('Москва (МСК)');
    expect(labels).toContain('Екатеринбург (UTC+5)');
    // The device's own zone is offered and named as such.
    const detected = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect([...select.options].find((o) => o.value === detected)?.textContent).toMatch(
      /как на этом устройстве$/,
    );
    fireEvent.change(select, { target: { value: 'Asia/Yekaterinburg' } });
    await waitFor(() => expect(api.calls.some((c) => c.path === '/users/me/time-zone')).toBe(true));
    expect(api.calls.find((c) => c.path === '/users/me/time-zone')).toMatchObject({
      method: 'PUT',
      body: { timeZone: 'Asia/Yekaterinburg' },
    });
    await waitFor(() => expect(select.value).toBe('Asia/Yekaterinburg'));
    // The notification settings were not sent with it.
    expect(api.calls.some((c) => c.path === '/users/settings' && c.method === 'PUT')).toBe(false);
  });
});
