import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderApp } from '@/test-support/render';
import { WebhooksPanel } from './WebhooksPanel';

const HOOK = {
  id: '33333333-3333-4333-8333-333333333333',
  url: 'https://example.com/hook',
  events: ['trade:created'],
  created_at: '2026-11-20T10:00:00.000Z',
  deliveries: [
    {
      id: '44444444-4444-4444-8444-444444444444',
      event_id: '55555555-5555-4555-8555-555555555555',
      event_type: 'trade:created',
      status: 'pending',
      attempts: 2,
      last_status_code: 500,
      last_outcome: 'error',
      created_at: '2026-11-20T10:00:00.000Z',
      last_attempt_at: '2026-11-20T10:00:30.000Z',
      next_attempt_at: '2026-11-20T10:01:30.000Z',
      delivered_at: null,
    },
  ],
};

let api: ReturnType<typeof fakeApi>;
afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

function serve() {
  api = fakeApi((path, init) =>
    path === '/webhooks' && init.method === 'POST' ? { id: HOOK.id, secret: 'whsec_shown-once' } : [HOOK],
  );
  vi.stubGlobal('fetch', api.fetch);
}

describe('webhooks on /settings/api', () => {
  it('lists each webhook with its recent deliveries: status, attempts, last answer, next retry', async () => {
    serve();
    renderApp(<WebhooksPanel />);
    expect(await screen.findByText('https://example.com/hook')).toBeTruthy();
    expect(screen.getByText('Ожидает')).toBeTruthy();
    expect(screen.getByText(/Попыток: 2/).textContent).toMatch(
      /Попыток: 2 · последняя попытка: ошибка · HTTP 500 · Следующая попытка/,
    );
  });

  it('says a timed-out attempt is a timeout, and nothing of the network', async () => {
    const timedOut = { ...HOOK.deliveries[0], last_status_code: null, last_outcome: 'timeout' };
    api = fakeApi(() => [{ ...HOOK, deliveries: [timedOut] }]);
    vi.stubGlobal('fetch', api.fetch);
    renderApp(<WebhooksPanel />);
    const row = await screen.findByText(/Попыток: 2/);
    expect(row.textContent).toMatch(/последняя попытка: таймаут · Следующая попытка/);
    expect(row.textContent).not.toMatch(/HTTP|ECONN|Error/);
  });

  it('adds a webhook and shows its signing secret once; a malformed URL is refused before sending', async () => {
    serve();
    renderApp(<WebhooksPanel />);
    fireEvent.change(await screen.findByLabelText('Адрес (https://)'), { target: { value: 'not a url' } });
    fireEvent.click(screen.getByRole('button', { name: 'Добавить вебхук' }));
    expect(await screen.findByText('Введите адрес вида https://example.com/webhook')).toBeTruthy();
    expect(api.calls.filter((c) => c.method === 'POST')).toEqual([]);
    fireEvent.change(screen.getByLabelText('Адрес (https://)'), {
      target: { value: 'https://example.com/new' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Добавить вебхук' }));
    expect(await screen.findByText('whsec_shown-once')).toBeTruthy();
    expect(screen.getByText('Сохраните секрет подписи сейчас: он показывается только один раз')).toBeTruthy();
    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({
      url: 'https://example.com/new',
      events: ['trade:created', 'trade:updated'],
    });
  });
});
