import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeQueryClient } from '@/app/query-client';
import { useOrderBook } from './queries';

const requests: string[] = [];
/** A two-page book: the first page ends with a cursor, the page after it with none. */
beforeEach(() => {
  requests.length = 0;
  vi.stubGlobal('fetch', async (url: string) => {
    requests.push(url.replace(/^\/api\/v1/, ''));
    const second = url.includes('after=');
    const order = (id: string) => ({ id });
    const data = {
      orders: second ? [order('c')] : [order('a'), order('b')],
      total: 3,
      totalCapped: false,
      limit: 20,
      offset: second ? 2 : 0,
      hasNext: !second,
      nextCursor: second ? null : 'CURSOR_after_b',
    };
    return new Response(JSON.stringify({ success: true, data }), { status: 200 });
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

let book: ReturnType<typeof useOrderBook> | undefined;
function Probe() {
  book = useOrderBook({ type: 'sell', cryptocurrency: 'BTC' });
  const ids = book.data?.pages.flatMap((p) => p.orders.map((o) => o.id)).join(',') ?? '';
  return <p>{`orders ${ids}; more ${book.hasNextPage}`}</p>;
}

describe('the book column paging', () => {
  it('asks for the next page after the cursor the last page ended with, and stops at the last', async () => {
    render(
      <QueryClientProvider client={makeQueryClient()}>
        <Probe />
      </QueryClientProvider>,
    );
    expect(await screen.findByText('orders a,b; more true')).toBeTruthy();
    await act(async () => {
      await book?.fetchNextPage();
    });
    expect(await screen.findByText('orders a,b,c; more false')).toBeTruthy();
    expect(requests).toEqual([
      '/orders?type=sell&cryptocurrency=BTC&limit=20',
      '/orders?type=sell&cryptocurrency=BTC&limit=20&after=CURSOR_after_b',
    ]);
  });
});
