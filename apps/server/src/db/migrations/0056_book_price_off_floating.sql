-- A repricing rewrites no index entry (docs/decisions/046-repricing-in-place.md).
--
-- Until now every book index ended with price_per_unit, so a feed update that moved the price of
-- 10 000 floating orders wrote each of them as a new row version with an entry in every index of
-- the table (and left as many dead ones in the book's indexes). Now the book's indexes order
-- fixed-price orders only, by `book_price` (their price; NULL for a floating order), and find a
-- side's floating orders by their coin and currency, which a repricing never moves; the book
-- sorts those by price when it reads them. No index names price_per_unit any more, so
-- PostgreSQL writes a repriced row as a heap-only tuple (HOT) on its own page, where the lower
-- fill factor leaves it room.
ALTER TABLE orders SET (fillfactor = 80);
ALTER TABLE orders ADD COLUMN book_price bigint
  GENERATED ALWAYS AS (CASE WHEN price_type = 'fixed' THEN price_per_unit END) STORED;

DROP INDEX orders_book_sell_idx;
DROP INDEX orders_book_buy_idx;
DROP INDEX orders_book_sell_fiat_idx;
DROP INDEX orders_book_buy_fiat_idx;
DROP INDEX orders_book_sell_any_idx;
DROP INDEX orders_book_buy_any_idx;
CREATE INDEX orders_book_sell_idx ON orders (cryptocurrency, book_price, created_at, id)
  WHERE status = 'active' AND tradable AND NOT owner_away AND type = 'sell' AND price_type = 'fixed';
CREATE INDEX orders_book_buy_idx ON orders (cryptocurrency, book_price DESC, created_at, id)
  WHERE status = 'active' AND tradable AND NOT owner_away AND type = 'buy' AND price_type = 'fixed';
CREATE INDEX orders_book_sell_fiat_idx ON orders (cryptocurrency, fiat_currency, book_price, created_at, id)
  WHERE status = 'active' AND tradable AND NOT owner_away AND type = 'sell' AND price_type = 'fixed';
CREATE INDEX orders_book_buy_fiat_idx ON orders (cryptocurrency, fiat_currency, book_price DESC, created_at, id)
  WHERE status = 'active' AND tradable AND NOT owner_away AND type = 'buy' AND price_type = 'fixed';
CREATE INDEX orders_book_sell_any_idx ON orders (book_price, created_at, id)
  WHERE status = 'active' AND tradable AND NOT owner_away AND type = 'sell' AND price_type = 'fixed';
CREATE INDEX orders_book_buy_any_idx ON orders (book_price DESC, created_at, id)
  WHERE status = 'active' AND tradable AND NOT owner_away AND type = 'buy' AND price_type = 'fixed';
-- The floating orders of a page's filter, in no price order: the book sorts them when read.
CREATE INDEX orders_book_floating_idx ON orders (type, cryptocurrency, fiat_currency)
  WHERE status = 'active' AND tradable AND NOT owner_away AND price_type = 'floating';
