import { type DeskReminderList, detectedTimeZone, formatZonedTime } from '@p2p/shared';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderApp } from '@/test-support/render';
import { DeskReminders } from './DeskReminders';

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

const serve = (list: DeskReminderList) => {
  const api = fakeApi((path) => (path === '/admin/disputes/reminders' ? list : null));
  vi.stubGlobal('fetch', api.fetch);
};

describe("the desk's reminders (docs/decisions/030)", () => {
  it('lists each dispute waiting for an answer, with its deadline in this browser zone and a link to the case', async () => {
    const tradeId = '00000000-0000-4000-8000-0000000000f1';
    const deadline = '2026-11-21T10:00:00.000Z';
    serve({
      reminders: [
        {
          id: '00000000-0000-4000-8000-00000000000a',
          tradeId,
          trade: '000000f1',
          deadline,
          createdAt: deadline,
          ownerId: null,
        },
      ],
    });
    renderApp(<DeskReminders />);
    const link = await screen.findByRole('link', { name: 'Спор по сделке #000000f1 ждёт ответа' });
    expect(link.getAttribute('href')).toBe(`/admin/disputes/${tradeId}`);
    const local = formatZonedTime(new Date(deadline), detectedTimeZone(), 'ru', { withDate: true });
    expect(
      screen.getByText(
        `Прошла половина срока рассмотрения, а модератор ещё не написал сторонам. Срок рассмотрения — до ${local}.`,
      ),
    ).toBeTruthy();
  });

  it('shows nothing while no dispute waits', async () => {
    serve({ reminders: [] });
    const { container, queryClient } = renderApp(<DeskReminders />);
    // Only once the answer is in and rendered does "nothing shown" say anything.
    await waitFor(() => {
      const queries = queryClient.getQueryCache().findAll();
      expect(queries.length).toBeGreaterThan(0);
      expect(queries.every((q) => q.state.status === 'success')).toBe(true);
    });
    expect(container.querySelector('[data-testid="desk-reminders"]')).toBeNull();
  });
});
