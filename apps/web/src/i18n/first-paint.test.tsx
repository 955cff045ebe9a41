import type { OrderView } from '@p2p/shared';
import { QueryClient } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Providers } from '@/app/providers';
import { AppRoutes } from '@/app/router';
import { MemoryRouter } from '@/lib/router';
import { fakeApi } from '@/test-support/render';
import { ruLater } from '../../../../packages/shared/src/i18n/ru/later.ts';
import { rememberLang } from './current-lang';

// The browser's build of the package (Node's has every text added at once), whose catalogue's
// later part never arrives here: the market must draw with the first-load texts.
vi.mock('@p2p/shared', async () => ({
  ...(await import('../../../../packages/shared/src/browser.ts')),
  loadLaterTexts: () => new Promise<void>(() => {}),
}));

const NOW = new Date().toISOString();
const order = {
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
  created_at: NOW,
  updated_at: NOW,
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
    last_seen: NOW,
  },
  min_taker_trades: 10,
  min_taker_age_days: 30,
  min_taker_rating: 4.5,
  unrated_taker_allowed: true,
  owner_away: false,
  price_type: 'floating',
  margin_percent: '2.00',
  price_limit: null,
  market_paused: false,
} as unknown as OrderView;

// A fixed price beside the market's: the card says how far it is from it (`orders.vsMarket`).
const fixed = {
  ...order,
  id: '00000000-0000-4000-8000-000000000002',
  price_type: 'fixed',
  margin_percent: null,
} as unknown as OrderView;

const page = {
  orders: [order, fixed],
  total: 1,
  totalCapped: false,
  limit: 20,
  offset: 0,
  hasNext: false,
  nextCursor: null,
};

const prices = {
  success: true,
  source: 'demo',
  updatedAt: NOW,
  data: {
    bitcoin: {
      usd: 65000,
      rub: 4800000,
      usd_market_cap: null,
      usd_24h_vol: null,
      usd_24h_change: null,
      rub_market_cap: null,
      rub_24h_vol: null,
      rub_24h_change: null,
    },
  },
};

beforeEach(() => {
  const api = fakeApi((path) => (path.startsWith('/orders') ? page : null));
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    if (url.includes('/auth/me')) return new Response('{"success":false}', { status: 401 });
    if (url.includes('/market/current-prices')) return Response.json(prices);
    return api.fetch(url, init);
  });
});
afterEach(() => {
  // Unmounted, not only wiped: a mounted tree's React work may otherwise run after the test
  // environment is gone ("window is not defined", once in a clean-clone run).
  cleanup();
  vi.unstubAllGlobals();
});

/** Everything a visitor reads or hears: the text and the labels. */
function shown(): string {
  const labels = [...document.body.querySelectorAll('[aria-label],[title],[placeholder],[alt]')].map((el) =>
    ['aria-label', 'title', 'placeholder', 'alt'].map((name) => el.getAttribute(name) ?? '').join(' '),
  );
  return `${document.body.textContent ?? ''} ${labels.join(' ')}`;
}

describe("the market's first paint", () => {
  it.each(['ru', 'en'] as const)('needs no text of the later part (%s)', async (lang) => {
    rememberLang(lang);
    const { isMessageKey, loadCatalogue } = await import('@p2p/shared');
    await loadCatalogue(lang);
    // The browser's runtime: the first-load texts only.
    expect(Object.keys(ruLater).some((key) => isMessageKey(key))).toBe(false);
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <Providers queryClient={queryClient}>
        <MemoryRouter initialEntries={['/']}>
          <AppRoutes />
        </MemoryRouter>
      </Providers>,
    );
    await screen.findAllByText('Мария');
    // Once the prices are in, the fixed-price card compares its price with the market's.
    await vi.waitFor(() => expect(document.body.textContent).toMatch(/к рынку|vs market|orders\.vsMarket/));
    const text = shown();
    const raw = Object.keys(ruLater).filter((key) => text.includes(key));
    expect(raw).toEqual([]);
    // Nothing that looks like a catalogue key either (`area.name`).
    expect(text.match(/\b[a-z][a-zA-Z]+\.[a-z][a-zA-Z]+(\.[a-zA-Z]+)*\b/g) ?? []).toEqual([]);
  });
});
