import { FALLBACK_PRICES, type MarketPrices } from '@p2p/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp } from '@/test-support/render';
import type { MarketPricesState } from '../api/prices';
import { PriceSourceIndicator } from './PriceSource';

afterEach(() => {
  document.body.innerHTML = '';
});

function show(source: MarketPricesState['source'], lang: 'ru' | 'en' = 'ru') {
  const data: MarketPricesState = {
    prices: FALLBACK_PRICES as MarketPrices,
    source,
    updatedAt: '2026-11-20T10:00:00Z',
    message: null,
  };
  return renderApp(<PriceSourceIndicator query={{ data, isPending: false, isError: false, error: null }} />, {
    lang,
  });
}

const pill = () => document.querySelector('.price-source');

describe('the price source pill', () => {
  it('marks demo prices «Демо-цены», in the warning colour', () => {
    show('demo');
    expect(pill()?.textContent).toMatch(/^Демо-цены · \d{1,2}:\d{2}$/);
    expect(pill()?.classList.contains('price-source--demo')).toBe(true);
  });

  it('says Demo prices in English, and live prices as live', () => {
    show('demo', 'en');
    expect(pill()?.textContent).toMatch(/^Demo prices · /);
    document.body.innerHTML = '';
    show('live');
    expect(pill()?.textContent).toMatch(/^Актуальные цены · /);
  });
});
