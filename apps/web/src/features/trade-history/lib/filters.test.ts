import { describe, expect, it } from 'vitest';
import { historyQuery } from '../api/history-api';
import { dayEnd, dayStart, EMPTY_FILTER, filterFromParams, filterToParams, isFiltered } from './filters';

describe('trade history filter in the address', () => {
  it('round-trips every filter and leaves defaults out', () => {
    const filter = {
      status: 'completed',
      coin: 'ETH',
      role: 'seller',
      from: '2026-01-01',
      to: '2026-01-31',
      q: 'alice',
      page: 3,
    } as const;
    const params = filterToParams(filter);
    expect(params.toString()).toBe(
      'status=completed&coin=ETH&role=seller&from=2026-01-01&to=2026-01-31&q=alice&page=3',
    );
    expect(filterFromParams(params)).toEqual(filter);
    expect(filterToParams(EMPTY_FILTER).toString()).toBe('');
  });

  it('ignores unknown values instead of sending them to the server', () => {
    const filter = filterFromParams(
      new URLSearchParams('status=paid&coin=LTC&role=boss&from=yesterday&to=2026-13&page=-2'),
    );
    expect(filter).toEqual(EMPTY_FILTER);
    expect(isFiltered(filter)).toBe(false);
    expect(isFiltered({ ...EMPTY_FILTER, q: 'x' })).toBe(true);
    // The page alone is not a filter: "reset" stays off.
    expect(isFiltered({ ...EMPTY_FILTER, page: 4 })).toBe(false);
  });

  it('turns local calendar days into an inclusive instant range', () => {
    const from = dayStart('2026-03-10');
    const to = dayEnd('2026-03-10');
    expect(from).toBeDefined();
    expect(Date.parse(to ?? '') - Date.parse(from ?? '')).toBe(24 * 3600 * 1000);
    expect(new Date(from ?? '').getDate()).toBe(10);
    expect(dayStart('')).toBeUndefined();
  });

  it('asks the server for exactly the chosen filters and page', () => {
    const q = historyQuery({ ...EMPTY_FILTER, coin: 'BTC', role: 'buyer', q: '  bob ', page: 2 });
    expect(Object.fromEntries(q)).toEqual({
      cryptocurrency: 'BTC',
      role: 'buyer',
      search: 'bob',
      limit: '20',
      offset: '20',
    });
    // The CSV takes every matching trade: no paging.
    expect(historyQuery({ ...EMPTY_FILTER, status: 'disputed' }, false).toString()).toBe('status=disputed');
  });
});
