-- Floating prices (docs/decisions/027-markets-and-floating-prices.md). A floating order follows the
-- market price of its coin in its currency of payment: `price_per_unit` stays the effective
-- price, rewritten by the repricing statement whenever the feed updates, so the book still
-- sorts and pages on its indexes. `margin_bp` is the offset in hundredths of a percent
-- (+1.5 % = 150), `price_limit` the guard (a sell order never below it, a buy order never
-- above it), and `market_paused` is set while there is no live market price: the order is
-- shown but cannot be taken.
ALTER TABLE orders
  ADD COLUMN price_type text NOT NULL DEFAULT 'fixed' CHECK (price_type IN ('fixed', 'floating')),
  ADD COLUMN margin_bp integer CHECK (margin_bp BETWEEN -2000 AND 2000),
  ADD COLUMN price_limit bigint CHECK (price_limit > 0),
  ADD COLUMN market_paused boolean NOT NULL DEFAULT false,
  ADD CONSTRAINT orders_floating_has_margin CHECK ((price_type = 'floating') = (margin_bp IS NOT NULL));

-- The spec's currencies of payment: six fiats, and the coins of crypto-for-crypto offers.
ALTER TABLE orders DROP CONSTRAINT orders_fiat_currency_check,
  ADD CONSTRAINT orders_fiat_currency_check
    CHECK (fiat_currency IN ('RUB', 'USD', 'EUR', 'CNY', 'TRY', 'KZT', 'BTC', 'ETH', 'USDT', 'BNB'));

-- The repricing statement's rows: live floating orders of one pair.
CREATE INDEX orders_floating_idx ON orders (cryptocurrency, fiat_currency)
  WHERE price_type = 'floating' AND status IN ('active', 'paused');

-- A trade keeps the price of its opening (price_per_unit) and, for a floating order, the
-- margin it was priced with.
ALTER TABLE trades ADD COLUMN margin_bp integer;
