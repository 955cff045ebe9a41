-- Keyset pages of the order book (docs/decisions/022). Each of the book's partial indexes now
-- ends with the order's id, the last key of the book's order: "after this order" is then a
-- bound on the index, and orders with the same price and time have one fixed order.
DROP INDEX orders_book_sell_idx;
DROP INDEX orders_book_buy_idx;
DROP INDEX orders_book_sell_fiat_idx;
DROP INDEX orders_book_buy_fiat_idx;
CREATE INDEX orders_book_sell_idx ON orders (cryptocurrency, price_per_unit, created_at, id)
  WHERE status = 'active' AND tradable AND type = 'sell';
CREATE INDEX orders_book_buy_idx ON orders (cryptocurrency, price_per_unit DESC, created_at, id)
  WHERE status = 'active' AND tradable AND type = 'buy';
CREATE INDEX orders_book_sell_fiat_idx ON orders (cryptocurrency, fiat_currency, price_per_unit, created_at, id)
  WHERE status = 'active' AND tradable AND type = 'sell';
CREATE INDEX orders_book_buy_fiat_idx ON orders (cryptocurrency, fiat_currency, price_per_unit DESC, created_at, id)
  WHERE status = 'active' AND tradable AND type = 'buy';
-- The market opens on every coin at once (no coin filter): its default view had no index in
-- its order and sorted every active order of the side on each uncached read. These serve it.
CREATE INDEX orders_book_sell_any_idx ON orders (price_per_unit, created_at, id)
  WHERE status = 'active' AND tradable AND type = 'sell';
CREATE INDEX orders_book_buy_any_idx ON orders (price_per_unit DESC, created_at, id)
  WHERE status = 'active' AND tradable AND type = 'buy';
