-- Ad conditions, orders that go offline with their owner, and the merchant figures of the
-- cards (docs/decisions/028-ad-conditions-and-away-owners.md).

-- 1. What an order's owner requires of a taker, besides the minimum rating of their trading
--    settings: completed trades and account age in days. NULL (or 0) means no condition.
ALTER TABLE orders ADD COLUMN min_taker_trades integer CHECK (min_taker_trades >= 0);
ALTER TABLE orders ADD COLUMN min_taker_age_days integer CHECK (min_taker_age_days >= 0);

-- 2. "Hide my orders when I am away for N minutes" (NULL: off). The scheduler marks the orders
--    of owners past their window `owner_away` in one statement; the owner's next request or
--    socket heartbeat clears it. The book reads `NOT owner_away` as a literal, so it is part
--    of the partial indexes' predicate.
ALTER TABLE user_settings ADD COLUMN hide_orders_away_minutes integer
  CHECK (hide_orders_away_minutes BETWEEN 5 AND 1440);
CREATE INDEX user_settings_hide_away_idx ON user_settings (user_id) WHERE hide_orders_away_minutes IS NOT NULL;
ALTER TABLE orders ADD COLUMN owner_away boolean NOT NULL DEFAULT false;
CREATE INDEX orders_owner_away_idx ON orders (user_id) WHERE owner_away;

DROP INDEX orders_book_sell_idx;
DROP INDEX orders_book_buy_idx;
DROP INDEX orders_book_sell_fiat_idx;
DROP INDEX orders_book_buy_fiat_idx;
DROP INDEX orders_book_sell_any_idx;
DROP INDEX orders_book_buy_any_idx;
CREATE INDEX orders_book_sell_idx ON orders (cryptocurrency, price_per_unit, created_at, id)
  WHERE status = 'active' AND tradable AND NOT owner_away AND type = 'sell';
CREATE INDEX orders_book_buy_idx ON orders (cryptocurrency, price_per_unit DESC, created_at, id)
  WHERE status = 'active' AND tradable AND NOT owner_away AND type = 'buy';
CREATE INDEX orders_book_sell_fiat_idx ON orders (cryptocurrency, fiat_currency, price_per_unit, created_at, id)
  WHERE status = 'active' AND tradable AND NOT owner_away AND type = 'sell';
CREATE INDEX orders_book_buy_fiat_idx ON orders (cryptocurrency, fiat_currency, price_per_unit DESC, created_at, id)
  WHERE status = 'active' AND tradable AND NOT owner_away AND type = 'buy';
CREATE INDEX orders_book_sell_any_idx ON orders (price_per_unit, created_at, id)
  WHERE status = 'active' AND tradable AND NOT owner_away AND type = 'sell';
CREATE INDEX orders_book_buy_any_idx ON orders (price_per_unit DESC, created_at, id)
  WHERE status = 'active' AND tradable AND NOT owner_away AND type = 'buy';

-- 3. The merchant figures of every card. The buyer's payment time (opening -> "paid") is a
--    counter of user_stats like the release time, moved by the "paid" transition and
--    backfilled here by the statement of the rebuild (PAYMENTS_FROM_HISTORY; a unit test keeps
--    them equal). Completed trades of the last 30 days are counted per owner of a book page
--    (at most a page's owners) by completion time, index-only on either side.
ALTER TABLE user_stats ADD COLUMN payment_seconds numeric NOT NULL DEFAULT 0 CHECK (payment_seconds >= 0);
ALTER TABLE user_stats ADD COLUMN payment_count bigint NOT NULL DEFAULT 0 CHECK (payment_count >= 0);
UPDATE user_stats s SET payment_seconds = p.payment_seconds, payment_count = p.payment_count
FROM (
  SELECT t.buyer_id AS user_id, SUM(EXTRACT(EPOCH FROM (t.paid_at - t.created_at))) AS payment_seconds,
         COUNT(*)::bigint AS payment_count
  FROM trades t WHERE t.paid_at IS NOT NULL GROUP BY t.buyer_id) p
WHERE p.user_id = s.user_id;
CREATE INDEX trades_seller_completed_idx ON trades (seller_id, completed_at) WHERE status = 'COMPLETED';
CREATE INDEX trades_buyer_completed_idx ON trades (buyer_id, completed_at) WHERE status = 'COMPLETED';
