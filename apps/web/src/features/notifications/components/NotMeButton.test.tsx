import type { NotificationView } from '@p2p/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthProvider } from '@/features/auth';
import { fakeApi, renderApp } from '@/test-support/render';
import { NotificationItem } from './NotificationItem';

const notice = (over: Partial<NotificationView> = {}): NotificationView => ({
  id: '00000000-0000-4000-8000-0000000000a1',
  kind: 'security_event',
  category: 'security',
  entityType: null,
  entityId: null,
  titleKey: 'notify.security.sign_in.title',
  messageKey: 'notify.security.sign_in.message',
  actionKey: 'notify.security.action',
  values: { event: 'sign_in', device: 'Chrome, Android', place: '203.0.113.x' },
  title: 'Новый вход в аккаунт',
  message: '',
  action: null,
  deadline: null,
  link: '/settings/security',
  readAt: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  ...over,
});

let api: ReturnType<typeof fakeApi>;
beforeEach(() => {
  api = fakeApi((path) =>
    path === '/security/not-me'
      ? {
          reportId: '00000000-0000-4000-8000-0000000000b1',
          opened: true,
          sessionsEnded: 2,
          keysRevoked: 1,
          webhooksDeleted: 0,
        }
      : null,
  );
  vi.stubGlobal('fetch', api.fetch);
});
afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

const show = (n: NotificationView) =>
  renderApp(
    <AuthProvider>
      <ul>
        <NotificationItem notification={n} onOpen={() => undefined} />
      </ul>
    </AuthProvider>,
  );

describe('«Это не я» in the inbox', () => {
  it('a security notice names the device and place, and answers only after a second question', async () => {
    show(notice());
    expect(screen.getByText(/Устройство: Chrome, Android\. Место: 203\.0\.113\.x\./)).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Это не я' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Все сеансы завершатся');
    expect(dialog.textContent).toContain('API-ключи и вебхуки будут отозваны');
    expect(api.calls.some((c) => c.path === '/security/not-me')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Это не я' }));
    await waitFor(() =>
      expect(api.calls.find((c) => c.path === '/security/not-me')).toMatchObject({
        method: 'POST',
        body: { notificationId: notice().id },
      }),
    );
  });

  it('other notices offer no such button', async () => {
    show(
      notice({
        kind: 'deposit_credited',
        category: 'funds',
        titleKey: 'notify.deposit_credited.title',
        messageKey: 'notify.deposit_credited.message',
        actionKey: null,
        values: { amount: '1', currency: 'BTC' },
      }),
    );
    await screen.findByTestId('notification-item');
    expect(screen.queryByRole('button', { name: 'Это не я' })).toBeNull();
  });
});
