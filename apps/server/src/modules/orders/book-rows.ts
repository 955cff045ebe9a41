import { Ok, OrderList, type OrderView } from '@p2p/shared';
import type { Executor } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { BookAnswer, OrderNow, RowSource } from './book-cache.ts';
import { orderView } from './order-view.ts';
import { inBook, ordersWithOwners } from './orders.repository.ts';

/** The book's answer envelope, as the route declares it. */
const BookEnvelope = Ok(OrderList);

/**
 * The HTTP answer's body of a book page, made once per page (and again when a row of it is
 * patched): checked against the route's schema (which strips what it does not declare), then JSON.
 */
export function bookBody(list: OrderList): Buffer {
  return Buffer.from(JSON.stringify(BookEnvelope.parse({ success: true, data: list })));
}

/**
 * Where the book cache gets an order's row again after a change (docs/decisions/044): the
 * changed orders' rows and owners in one statement, whatever the number of cached pages that
 * show them, and a page made again with those rows in their places.
 */
export function bookRows(db: Executor, clock: Clock): RowSource<BookAnswer> {
  return {
    async read(ids) {
      const now = clock.now();
      const out = new Map<string, OrderNow<OrderView>>();
      for (const { order, owner } of await ordersWithOwners(db, ids, now))
        out.set(order.id, { row: orderView(order, owner, now), inBook: inBook(order, now) });
      return out;
    },
    patch(value, rows) {
      const orders = value.page.orders.map((o) => rows.get(o.id) ?? o);
      const page = { ...value.page, orders };
      return { page, body: bookBody(page) };
    },
  };
}
