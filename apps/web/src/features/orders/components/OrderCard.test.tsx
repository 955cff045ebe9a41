import type { OrderView } from '@p2p/shared';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp } from '@/test-support/render';
import { unmetForViewer } from '../lib/taker-conditions';
import { OrderCard } from './OrderCard';

afterEach(() => {
  document.body.innerHTML = '';
});

const NOW = new Date('2026-11-20T10:00:00Z');

const order: OrderView = {
  id: '00000000-0000-4000-8000-000000000001',
  user_id: '00000000-0000-4000-8000-0000000000aa',
  type: 'sell',
  cryptocurrency: 'BTC',
  fiat_currency: 'RUB',
  amount_crypto: '0.10000000',
  available_amount: '0.10000000',
  locked_amount: '0.10000000',
  price_per_unit: '5000000.00',
  total_amount: '500000.00',
  available_fiat: '500000.00',
  min_amount: '1000.00',
  max_amount: '500000.00',
  payment_methods: ['sberbank'],
  time_limit: 30,
  description: null,
  status: 'active',
  expires_at: null,
  created_at: NOW.toISOString(),
  updated_at: NOW.toISOString(),
  completed_trades: 3,
  user: {
    id: '00000000-0000-4000-8000-0000000000aa',
    username: 'merchant',
    first_name: 'Мария',
    display_name: null,
    effective_name: 'Мария',
    avatar_url: null,
    verified: true,
    rating: 4.9,
    reviews_count: 12,
    trades_count: 140,
    completion_rate: 98.5,
    avg_release_time: 180,
    avg_response_time: 120,
    trades_30d: 37,
    avg_payment_time: 240,
    online_status: 'online',
    last_seen: NOW.toISOString(),
  },
  min_taker_trades: 10,
  min_taker_age_days: 30,
  min_taker_rating: 4.5,
  unrated_taker_allowed: true,
  owner_away: false,
  price_type: 'fixed',
  margin_percent: null,
  price_limit: null,
  market_paused: false,
};

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
