import type { OrderView, UnmetCondition } from '@p2p/shared';
import { useDeferredValue, useId, useState } from 'react';
import { LoadingState } from '@/components/ui/Status';
import { OrderCard, type useOrderBook } from '@/features/orders';
import { useT } from '@/i18n';
import { Link } from '@/lib/router';
import { PHONE, useMediaQuery } from '@/lib/use-media-query';

interface OrderColumnProps {
  type: 'buy' | 'sell';
  book: ReturnType<typeof useOrderBook>;
  isOwn: (order: OrderView) => boolean;
  deviation: (order: OrderView) => string | null;
  /** A condition of the order the signed-in viewer does not meet (docs/decisions/028). */
  unmet?: (order: OrderView) => UnmetCondition | null;
  onOpen: (order: OrderView, withForm: boolean) => void;
  /** Hidden on phones when the other tab is chosen. */
  hiddenOnPhone: boolean;
}

/** One side of the book: loading, error, empty and list states, paged. */
export function OrderColumn({
  type,
  book,
  isOwn,
  deviation,
  unmet,
  onOpen,
  hiddenOnPhone,
}: OrderColumnProps) {
  const t = useT();
  const id = useId();
  const orders = book.data?.pages.flatMap((page) => page.orders) ?? [];
  const first = book.data?.pages[0];
  const createLink = `/create-order?type=${type}`;
  // The other tab's column is not drawn on a phone, so its rows are not rendered either: half
  // the work of the market's first render there (docs/decisions/022).
  const hidden = useMediaQuery(PHONE) && hiddenOnPhone;
  const drawn = useRowsInView();

  return (
    <section
      className={`order-column order-column--${type}${hiddenOnPhone ? ' order-column--phone-hidden' : ''}`}
      aria-labelledby={id}
      aria-busy={book.isFetching && !book.isFetchingNextPage}
    >
      <header className="order-column__head">
        <h2 id={id} className="order-column__title">
          {t(type === 'buy' ? 'market.column.buy' : 'market.column.sell')}
          <OrderCount total={first?.total} capped={first?.totalCapped ?? false} />
        </h2>
        <p className="small muted">
          {t(type === 'buy' ? 'market.column.buyHint' : 'market.column.sellHint')}
        </p>
      </header>

      {hidden ? null : book.isPending ? (
        <LoadingState text={t(type === 'buy' ? 'market.loading.buy' : 'market.loading.sell')} />
      ) : book.isError ? (
        <div className="alert alert--error market-error" role="alert">
          <p>{t('market.loadError', { reason: book.error.message || t('market.unknownError') })}</p>
          <button type="button" className="btn btn--ghost btn--sm" onClick={() => book.refetch()}>
            {t('common.retry')}
          </button>
        </div>
      ) : orders.length === 0 ? (
        <EmptyColumn type={type} createLink={createLink} />
      ) : (
        <>
          <ul className="order-list">
            {orders.slice(0, drawn).map((order) => (
              <li key={order.id}>
                <OrderCard
                  order={order}
                  isOwn={isOwn(order)}
                  deviation={deviation(order)}
                  unmet={unmet?.(order) ?? null}
                  onOpen={onOpen}
                />
              </li>
            ))}
          </ul>
          {book.hasNextPage ? (
            <button
              type="button"
              className="btn btn--ghost btn--block"
              onClick={() => book.fetchNextPage()}
              disabled={book.isFetchingNextPage}
            >
              {book.isFetchingNextPage ? t('common.loading') : t('orders.showMore')}
            </button>
          ) : null}
          <Link to={createLink} className="add-order">
            {t('market.addOwn')}
          </Link>
        </>
      )}
    </section>
  );
}

/** A card's height is at least this (a phone's is about 250 px, a wide screen's 200). */
const CARD_MIN_HEIGHT_PX = 180;

/**
 * How many of a column's rows are drawn: at the column's first render, only the ones a screen
 * can show, so the first paint (and the heading above them, the page's largest text) does not
 * wait for the rows below the fold; the rest follow in a render of their own right after it
 * (docs/decisions/065). From then on, all of them.
 */
function useRowsInView(): number {
  const [inView] = useState(() => Math.ceil(window.innerHeight / CARD_MIN_HEIGHT_PX) + 1);
  return useDeferredValue(Number.POSITIVE_INFINITY, inView);
}

/** No orders on this side: placeholders, the empty text and a way to create one. */
function EmptyColumn({ type, createLink }: { type: 'buy' | 'sell'; createLink: string }) {
  const t = useT();
  return (
    <div className="order-column__empty">
      <div className="placeholders" aria-hidden="true">
        <span />
        <span />
        <span />
      </div>
      <p>{t(type === 'buy' ? 'market.empty.buy' : 'market.empty.sell')}</p>
      <Link to={createLink} className="btn btn--primary btn--sm">
        {t('nav.createOrder')}
      </Link>
    </div>
  );
}

/** The column's order count; the server stops counting at 1000, shown as "1000+". */
function OrderCount({ total, capped }: { total: number | undefined; capped: boolean }) {
  const t = useT();
  if (total === undefined) return <span className="order-column__count num">…</span>;
  if (!capped) return <span className="order-column__count num">{total}</span>;
  return (
    <span className="order-column__count num">
      <span aria-hidden="true">{t('market.column.countCapped', { count: total })}</span>
      <span className="sr-only">{t('market.column.countCappedLabel', { count: total })}</span>
    </span>
  );
}
