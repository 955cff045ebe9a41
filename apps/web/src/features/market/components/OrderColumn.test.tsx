import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp } from '@/test-support/render';
import { OrderColumn } from './OrderColumn';

afterEach(() => {
  document.body.innerHTML = '';
});

/** A loaded, empty side of the book whose server count is `total`. */
function show(total: number, totalCapped: boolean, lang: 'ru' | 'en' = 'ru') {
  const book = {
    data: { pages: [{ orders: [], total, totalCapped, limit: 20, offset: 0, hasNext: false }] },
    isPending: false,
    isError: false,
    isFetching: false,
    isFetchingNextPage: false,
    hasNextPage: false,
  } as unknown as Parameters<typeof OrderColumn>[0]['book'];
  return renderApp(
    <OrderColumn
      type="sell"
      book={book}
      isOwn={() => false}
      deviation={() => null}
      onOpen={() => {}}
      hiddenOnPhone={false}
    />,
    { lang },
  );
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
