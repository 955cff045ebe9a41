import type { OrderView } from '@p2p/shared';
import { QueryClient } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Providers } from '@/app/providers';
import { AppRoutes } from '@/app/router';
import { MemoryRouter } from '@/lib/router';
import { order as sampleOrder } from '@/test-support/order';
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
// The book's sample order, floating at +2 % and made just now.
const order: OrderView = {
  ...sampleOrder,
  created_at: NOW,
  updated_at: NOW,
  user: { ...sampleOrder.user, last_seen: NOW },
  price_type: 'floating',
  margin_percent: '2.00',
};

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
