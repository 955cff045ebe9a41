import type { OrderView } from '@p2p/shared';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { NOW, order } from '@/test-support/order';
import { renderApp } from '@/test-support/render';
import { unmetForViewer } from '../lib/taker-conditions';
import { OrderCard } from './OrderCard';

afterEach(() => {
  document.body.innerHTML = '';
});

const viewer = (over: Partial<{ trades_count: number; rating: number | null; createdAt: string }> = {}) => ({
  id: '00000000-0000-4000-8000-0000000000bb',
  rating: 4.8,
  trades_count: 25,
  createdAt: '2026-01-01T00:00:00Z',
  ...over,
});

function show(unmet: ReturnType<typeof unmetForViewer>, lang: 'ru' | 'en' = 'ru') {
  return renderApp(<OrderCard order={order} isOwn={false} unmet={unmet} onOpen={() => {}} />, { lang });
}

const action = () => screen.getByRole('button', { name: /Купить BTC|Buy BTC/ });

describe('an order card with conditions for its taker', () => {
  it('shows the merchant figures and the conditions to everyone', () => {
    show(null);
    const figures = screen.getByTestId('merchant-figures').textContent ?? '';
    expect(figures).toContain('Сделок за 30 дней37');
    expect(figures).toContain('Завершено98,5%');
    expect(figures).toContain('Ср. время отпуска3 минуты');
    expect(figures).toContain('Ср. время оплаты4 минуты');
    expect(screen.getByText('Условия: от 10 сделок · аккаунт от 30 дней · рейтинг от 4,5')).toBeTruthy();
    expect(screen.queryByTestId('taker-unmet')).toBeNull();
    expect((action() as HTMLButtonElement).disabled).toBe(false);
  });

  it('marks the card for a viewer with too few trades and disables the trade button', () => {
    const unmet = unmetForViewer(order, viewer({ trades_count: 3 }), NOW);
    show(unmet);
    expect(screen.getByTestId('taker-unmet').textContent).toBe(
      'Вы не подходите под условия. Для этого ордера нужно не менее 10 завершённых сделок: у вас 3',
    );
    const button = action() as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(document.getElementById(button.getAttribute('aria-describedby') ?? '')?.dataset.testid).toBe(
      'taker-unmet',
    );
  });

  it('names a young account and a low rating, in English too', () => {
    show(unmetForViewer(order, viewer({ createdAt: '2026-11-10T10:00:00Z' }), NOW), 'en');
    expect(screen.getByTestId('taker-unmet').textContent).toBe(
      'You do not meet the conditions. This order requires an account older than 30 days: yours is 10 days old',
    );
    document.body.innerHTML = '';
    show(unmetForViewer(order, viewer({ rating: 4.2 }), NOW));
    expect(screen.getByTestId('taker-unmet').textContent).toContain('рейтингом не ниже 4.5: ваш рейтинг 4.2');
  });

  it('leaves a viewer who meets them, a guest and the owner unmarked', () => {
    expect(unmetForViewer(order, viewer(), NOW)).toBeNull();
    expect(unmetForViewer(order, null, NOW)).toBeNull();
    expect(unmetForViewer(order, { ...viewer({ trades_count: 0 }), id: order.user_id }, NOW)).toBeNull();
    // An unrated viewer passes a minimum rating while the owner allows unrated partners.
    expect(unmetForViewer(order, viewer({ rating: null }), NOW)).toBeNull();
    expect(
      unmetForViewer({ ...order, unrated_taker_allowed: false }, viewer({ rating: null }), NOW)?.key,
    ).toBe('settings.minRatingUnrated');
  });
});

describe('a floating order in the market', () => {
  const floating: OrderView = {
    ...order,
    price_type: 'floating',
    margin_percent: '2.00',
    market_paused: true,
  };
  const cardText = () => (document.body.textContent ?? '').replace(/[\u00a0\u202f]/g, ' ');

  it('tells its owner that it floats, and that it is paused without a market price', () => {
    renderApp(<OrderCard order={floating} isOwn unmet={null} onOpen={() => {}} />);
    expect(cardText()).toContain('Плавающая: рынок +2 %');
    expect(cardText()).toContain('Приостановлен: нет цены рынка');
  });

  it('says the same in English', () => {
    renderApp(<OrderCard order={floating} isOwn unmet={null} onOpen={() => {}} />, { lang: 'en' });
    expect(cardText()).toContain('Floating: market +2%');
    expect(cardText()).toContain('Paused: no market price');
  });

  it('shows a taker the market margin and that it cannot be taken now', () => {
    renderApp(<OrderCard order={floating} isOwn={false} unmet={null} onOpen={() => {}} />);
    expect(cardText()).toContain('Рынок +2 %');
    expect(cardText()).toContain('Цена рынка недоступна');
    expect(cardText()).not.toContain('Плавающая');
  });
});
