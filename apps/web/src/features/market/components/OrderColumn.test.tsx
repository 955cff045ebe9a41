import type { OrderView } from '@p2p/shared';
import { screen } from '@testing-library/react';
import { Profiler } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { order } from '@/test-support/order';
import { renderApp } from '@/test-support/render';
import { OrderColumn } from './OrderColumn';

afterEach(() => {
  vi.restoreAllMocks();
  document.body.innerHTML = '';
});

/** A loaded side of the book holding `orders`, whose server count is `total`. */
function loaded(orders: OrderView[], total: number, totalCapped = false) {
  return {
    data: { pages: [{ orders, total, totalCapped, limit: 20, offset: 0, hasNext: false }] },
    isPending: false,
    isError: false,
    isFetching: false,
    isFetchingNextPage: false,
    hasNextPage: false,
  } as unknown as Parameters<typeof OrderColumn>[0]['book'];
}

function column(book: ReturnType<typeof loaded>, hiddenOnPhone = false) {
  return (
    <OrderColumn
      type="sell"
      book={book}
      isOwn={() => false}
      deviation={() => null}
      onOpen={() => {}}
      hiddenOnPhone={hiddenOnPhone}
    />
  );
}

/** A loaded, empty side of the book whose server count is `total`. */
function show(total: number, totalCapped: boolean, lang: 'ru' | 'en' = 'ru', hiddenOnPhone = false) {
  return renderApp(column(loaded([], total, totalCapped), hiddenOnPhone), { lang });
}

const count = () => document.querySelector('.order-column__count');

describe('order column count', () => {
  it('shows an exact count as it is', () => {
    show(37, false);
    expect(count()?.textContent).toBe('37');
  });

  it('shows a capped count as "1000+", and says "more than" to screen readers', () => {
    show(1000, true);
    expect(screen.getByText('1000+').getAttribute('aria-hidden')).toBe('true');
    expect(screen.getByText('больше 1000')).toBeTruthy();
  });

  it('in English too', () => {
    show(1000, true, 'en');
    expect(screen.getByText('more than 1000')).toBeTruthy();
  });
});

/** The viewport as the column's media query sees it. */
function viewport(phone: boolean) {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        matches: phone && query.includes('max-width'),
        media: query,
        addEventListener: () => {},
        removeEventListener: () => {},
      }) as unknown as MediaQueryList,
  );
}

describe('the other tab on a phone', () => {
  const body = () => document.querySelector('.order-column__empty');

  it('is not rendered beyond its heading on a phone', () => {
    viewport(true);
    show(0, false, 'ru', true);
    expect(document.querySelector('.order-column__title')).toBeTruthy();
    expect(body()).toBeNull();
  });

  it('is rendered in full on a wider screen, where both columns show', () => {
    viewport(false);
    show(0, false, 'ru', true);
    expect(body()).toBeTruthy();
  });

  it('the chosen tab is rendered on a phone', () => {
    viewport(true);
    show(0, false, 'ru', false);
    expect(body()).toBeTruthy();
  });
});

describe('the rows of a full page', () => {
  it('draws first only the rows a screen can show, then every row in a render right after', () => {
    viewport(true);
    vi.spyOn(window, 'innerHeight', 'get').mockReturnValue(823);
    const orders = Array.from({ length: 20 }, (_, i) => ({
      ...order,
      id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    }));
    // The rows on the page at each commit.
    const drawn: number[] = [];
    renderApp(
      <Profiler id="column" onRender={() => drawn.push(document.querySelectorAll('.order-list > li').length)}>
        {column(loaded(orders, 20))}
      </Profiler>,
    );
    // 823 px tall: six rows of at least 180 px cover it (a phone's are about 250).
    expect(drawn[0]).toBe(6);
    expect(drawn.at(-1)).toBe(20);
    expect(document.querySelectorAll('.order-list > li')).toHaveLength(20);
  });
});
