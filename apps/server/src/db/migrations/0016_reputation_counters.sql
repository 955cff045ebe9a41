-- Reputation as counters kept with the trades (docs/decisions/019-order-book-performance.md):
-- the order book and trade views read one row per trader instead of recomputing averages
-- over the whole trade history on every request. The counters change in the same
-- transaction as the trade or review they count (modules/users/reputation-counters.ts);
-- the ledger audit compares them with the full recomputation.
CREATE TABLE user_stats (
  user_id uuid PRIMARY KEY REFERENCES users (id),
  -- reviews received: sum of stars and how many
  rating_sum bigint NOT NULL DEFAULT 0 CHECK (rating_sum >= 0),
  reviews_count bigint NOT NULL DEFAULT 0 CHECK (reviews_count >= 0),
  -- trades completed on either side
  completed_trades bigint NOT NULL DEFAULT 0 CHECK (completed_trades >= 0),
  -- trades this user cancelled, and trades they let expire as buyer
  failed_trades bigint NOT NULL DEFAULT 0 CHECK (failed_trades >= 0),
  -- as seller of a completed trade: seconds from "paid" to completion (exact, microseconds kept)
  release_seconds numeric NOT NULL DEFAULT 0 CHECK (release_seconds >= 0),
  release_count bigint NOT NULL DEFAULT 0 CHECK (release_count >= 0),
  -- own step: as buyer opening -> "paid", as seller "paid" -> confirmed
  response_seconds numeric NOT NULL DEFAULT 0 CHECK (response_seconds >= 0),
  response_count bigint NOT NULL DEFAULT 0 CHECK (response_count >= 0),
  -- trades of this user that went to dispute, whoever opened it
  dispute_count bigint NOT NULL DEFAULT 0 CHECK (dispute_count >= 0)
);

-- Completed trades per order, shown on every card of the book.
ALTER TABLE orders ADD COLUMN completed_trades integer NOT NULL DEFAULT 0 CHECK (completed_trades >= 0);

-- Backfill: the same statements as rebuildReputationCounters (a unit test keeps them equal).
INSERT INTO user_stats (user_id, rating_sum, reviews_count, completed_trades, failed_trades,
  release_seconds, release_count, response_seconds, response_count, dispute_count)
SELECT x.user_id,
       SUM(x.rating)::bigint AS rating_sum,
       SUM(x.reviews)::bigint AS reviews_count,
       SUM(x.completed)::bigint AS completed_trades,
       SUM(x.failed)::bigint AS failed_trades,
       SUM(x.release_s) AS release_seconds,
       SUM(x.release_n)::bigint AS release_count,
       SUM(x.response_s) AS response_seconds,
       SUM(x.response_n)::bigint AS response_count,
       SUM(x.disputes)::bigint AS dispute_count
FROM (
  SELECT r.subject_id AS user_id, r.rating AS rating, 1 AS reviews, 0 AS completed, 0 AS failed,
         0::numeric AS release_s, 0 AS release_n, 0::numeric AS response_s, 0 AS response_n, 0 AS disputes
  FROM reviews r
  UNION ALL
  SELECT p.user_id, 0, 0,
         (t.status = 'COMPLETED')::int,
         0,
         CASE WHEN p.seller AND t.status = 'COMPLETED' AND t.paid_at IS NOT NULL AND t.completed_at IS NOT NULL
              THEN EXTRACT(EPOCH FROM (t.completed_at - t.paid_at)) ELSE 0 END,
         (p.seller AND t.status = 'COMPLETED' AND t.paid_at IS NOT NULL AND t.completed_at IS NOT NULL)::int,
         CASE WHEN NOT p.seller AND t.paid_at IS NOT NULL THEN EXTRACT(EPOCH FROM (t.paid_at - t.created_at))
              WHEN p.seller AND t.confirmed_at IS NOT NULL AND t.paid_at IS NOT NULL
              THEN EXTRACT(EPOCH FROM (t.confirmed_at - t.paid_at)) ELSE 0 END,
         ((NOT p.seller AND t.paid_at IS NOT NULL)
           OR (p.seller AND t.confirmed_at IS NOT NULL AND t.paid_at IS NOT NULL))::int,
         (t.disputed_at IS NOT NULL)::int
  FROM trades t CROSS JOIN LATERAL (VALUES (t.buyer_id, false), (t.seller_id, true)) p(user_id, seller)
  UNION ALL
  SELECT f.user_id, 0, 0, 0, 1, 0, 0, 0, 0, 0
  FROM (
    SELECT a.actor_id AS user_id, a.trade_id FROM trade_actions a
    WHERE a.action = 'cancel_trade' AND a.actor_id IS NOT NULL
    UNION
    SELECT t.buyer_id, t.id FROM trades t WHERE t.status = 'CANCELLED'
      AND EXISTS (SELECT 1 FROM trade_actions e WHERE e.trade_id = t.id AND e.action = 'expire')
  ) f
) x
GROUP BY x.user_id
HAVING x.user_id IN (SELECT id FROM users);

UPDATE orders o SET completed_trades = c.n
FROM (SELECT order_id, COUNT(*)::int AS n FROM trades WHERE status = 'COMPLETED' GROUP BY order_id) c
WHERE o.id = c.order_id;
