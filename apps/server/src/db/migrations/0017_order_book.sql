-- The public book reads an index in its own order and stops after one page
-- (docs/decisions/019-order-book-performance.md). "Can be taken" (something left, worth at
-- least the minimum limit) becomes a stored column so that partial indexes can hold it.
ALTER TABLE orders ADD COLUMN tradable boolean NOT NULL GENERATED ALWAYS AS (
  available_amount > 0 AND (available_amount::numeric * price_per_unit) / 100000000 >= min_amount
) STORED;

-- Filter and sort of each side of the book: sell cheapest first, buy dearest first, older
-- first at one price. The web always names the coin; the fiat filter is optional, so each
-- side has an index with and one without it.
DROP INDEX orders_book_idx;
CREATE INDEX orders_book_sell_idx ON orders (cryptocurrency, price_per_unit, created_at)
  WHERE status = 'active' AND tradable AND type = 'sell';
CREATE INDEX orders_book_buy_idx ON orders (cryptocurrency, price_per_unit DESC, created_at)
  WHERE status = 'active' AND tradable AND type = 'buy';
CREATE INDEX orders_book_sell_fiat_idx ON orders (cryptocurrency, fiat_currency, price_per_unit, created_at)
  WHERE status = 'active' AND tradable AND type = 'sell';
CREATE INDEX orders_book_buy_fiat_idx ON orders (cryptocurrency, fiat_currency, price_per_unit DESC, created_at)
  WHERE status = 'active' AND tradable AND type = 'buy';
