import { FALLBACK_PRICES } from '@p2p/shared';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/test-support/render';
import { initialOrderForm, type OrderFormState } from '../lib/order-form';
import { PreviewDialog } from './PreviewDialog';

/** The price feed answering live, or down (503: the server's fallback table). */
function feed(live: boolean) {
  vi.stubGlobal('fetch', async () =>
    live
      ? new Response(
          JSON.stringify({
            success: true,
            data: FALLBACK_PRICES,
            source: 'live',
            updatedAt: '2026-11-20T10:00:00Z',
          }),
          { status: 200 },
        )
      : new Response('{}', { status: 503 }),
  );
}
afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

const preview = (form: Partial<OrderFormState>) =>
  renderApp(
    <PreviewDialog
      open
      form={{ ...initialOrderForm('sell'), ...form }}
      onConfirm={() => {}}
      onClose={() => {}}
    />,
  );
const text = () => (screen.getByRole('dialog').textContent ?? '').replace(/[\u00a0\u202f]/g, ' ');

describe('the order preview', () => {
  it('shows a swap offer without payment rows or a time to pay', () => {
    feed(true);
    preview({ fiat: 'USDT', amount: '0.5', price: '97000', methods: [], timeLimit: '15' });
    expect(text()).toContain('Мгновенный обмен');
    expect(text()).not.toContain('Способы оплаты');
    expect(text()).not.toContain('Время на оплату');
    expect(text()).not.toMatch(/15 мин/);
  });

  it('keeps the payment rows of a fiat order', () => {
    feed(true);
    preview({ amount: '0.5', price: '9000000', methods: ['sberbank'], timeLimit: '30' });
    expect(text()).toContain('Способы оплаты');
    expect(text()).toContain('30 мин');
  });

  it('says that a floating order floats, with its margin signed in Russian style', async () => {
    feed(true);
    preview({ amount: '0.5', price: '9000000', priceType: 'floating', margin: '2', methods: ['sberbank'] });
    await waitFor(() => expect(text()).toContain('Плавающая: рынок +2 %'));
    expect(text()).not.toContain('Приостановлен');
  });

  it('says it will be paused while the market price is unavailable', async () => {
    feed(false);
    preview({
      amount: '0.5',
      price: '9000000',
      priceType: 'floating',
      margin: '-1,5',
      methods: ['sberbank'],
    });
    await waitFor(() => expect(text()).toContain('Приостановлен: нет цены рынка'));
    expect(text()).toContain('Плавающая: рынок −1,5 %');
  });
});
