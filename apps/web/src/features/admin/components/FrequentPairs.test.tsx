import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi, renderApp } from '@/test-support/render';
import { FrequentPairs } from './FrequentPairs';

const A = '0b5e7c1a-3f2d-4c8e-9a1b-2d3e4f5a6b7c';
const B = '1c6f8d2b-4a3e-4d9f-8b2c-3e4f5a6b7c8d';

describe('frequent pairs in the back office (docs/decisions/035)', () => {
  it('lists each pair with its month and trades, linking both accounts', async () => {
    vi.stubGlobal(
      'fetch',
      fakeApi((path) =>
        path.startsWith('/admin/limits/frequent-pairs')
          ? {
              minTrades: 3,
              pairs: [
                {
                  month: '2026-11-01',
                  a: { id: A, name: 'Фермер', username: 'farmer' },
                  b: { id: B, name: 'Фермер-2', username: 'farmer2' },
                  trades: 5,
                  qualified: true,
                  firstAt: '2026-11-29T06:00:00.000Z',
                  lastAt: '2026-11-29T06:00:02.000Z',
                },
              ],
            }
          : {},
      ).fetch,
    );
    renderApp(<FrequentPairs />);
    const row = await screen.findByTestId('frequent-pair');
    expect(row.textContent).toContain('2026-11');
    expect(within(row).getByRole('link', { name: 'Фермер' }).getAttribute('href')).toBe(`/admin/users/${A}`);
    expect(within(row).getByRole('link', { name: 'Фермер-2' }).getAttribute('href')).toBe(
      `/admin/users/${B}`,
    );
    expect(row.textContent).toContain('5');
    expect(screen.getByTestId('frequent-pairs').textContent).toContain('Частые пары');
  });
});
