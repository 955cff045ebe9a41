-- Counted trades on profiles and in the book, and reviews weighed like them (docs/decisions/035,
-- "Counted trades shown to others"). The counters stay rows, moved when a trade completes or a
-- review is written (modules/users/reputation-counters.ts):
-- - counted_trades: the user's qualified pair months (trade_pair_months, 0041), and
--   first_completed_at: their first completed trade; shown is counted_trades once that is 72
--   hours old, else 0 (the rule is applied when read: it depends on the time of reading);
-- - counted_rating_sum / counted_reviews: the reviews that count (review_pair_months).
ALTER TABLE user_stats
  ADD COLUMN counted_trades bigint NOT NULL DEFAULT 0 CHECK (counted_trades >= 0),
  ADD COLUMN first_completed_at timestamptz,
  ADD COLUMN counted_rating_sum bigint NOT NULL DEFAULT 0 CHECK (counted_rating_sum >= 0),
  ADD COLUMN counted_reviews bigint NOT NULL DEFAULT 0 CHECK (counted_reviews >= 0);

-- A review counts when its trade was worth counting, and only the first one an author writes of
-- a subject for the trades of one calendar month (the month of the trade's completion): the
-- primary key is that rule, so two reviews written at once cannot both count.
CREATE TABLE review_pair_months (
  subject_id uuid NOT NULL REFERENCES users (id),
  author_id uuid NOT NULL REFERENCES users (id),
  month date NOT NULL,
  review_id uuid NOT NULL UNIQUE REFERENCES reviews (id),
  PRIMARY KEY (subject_id, author_id, month)
);

-- The history so far, judged as 0041 judged the pair rows (RUB by amount, other fiats as worth
-- counting, swaps never); rebuildReputationCounters converts each fiat's minimum exactly.
INSERT INTO review_pair_months (subject_id, author_id, month, review_id)
SELECT DISTINCT ON (r.subject_id, r.author_id, date_trunc('month', t.completed_at AT TIME ZONE 'UTC')::date)
       r.subject_id, r.author_id, date_trunc('month', t.completed_at AT TIME ZONE 'UTC')::date, r.id
FROM reviews r JOIN trades t ON t.id = r.trade_id
WHERE t.status = 'COMPLETED' AND t.completed_at IS NOT NULL
  AND CASE WHEN t.fiat_currency = 'RUB' THEN t.amount_fiat >= 100000
           ELSE t.fiat_currency IN ('USD', 'EUR', 'CNY', 'TRY', 'KZT') END
ORDER BY r.subject_id, r.author_id, date_trunc('month', t.completed_at AT TIME ZONE 'UTC')::date,
         r.created_at, r.id;

UPDATE user_stats s SET counted_trades = p.counted, first_completed_at = p.first_at
FROM (SELECT pm.user_id, COUNT(*) FILTER (WHERE pm.qualified)::bigint AS counted, MIN(pm.first_at) AS first_at
      FROM trade_pair_months pm GROUP BY pm.user_id) p
WHERE p.user_id = s.user_id;

UPDATE user_stats s SET counted_rating_sum = v.rating_sum, counted_reviews = v.n
FROM (SELECT rp.subject_id, SUM(r.rating)::bigint AS rating_sum, COUNT(*)::bigint AS n
      FROM review_pair_months rp JOIN reviews r ON r.id = rp.review_id GROUP BY rp.subject_id) v
WHERE v.subject_id = s.user_id;
