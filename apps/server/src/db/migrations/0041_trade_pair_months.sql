-- Limits that cannot be farmed (docs/decisions/035): a row per account, counterparty and
-- calendar month of the completed trades between them, written in the completing transition's
-- own statement. `qualified`: one of that month's trades with that counterparty was worth at
-- least the minimum (1 000 ₽ or its worth). An account's counted trades are its qualified rows
-- (at most one a counterparty a month), once its first completed trade is 72 hours old; the
-- back office lists pairs that trade often with each other from the same rows.
CREATE TABLE trade_pair_months (
  user_id uuid NOT NULL REFERENCES users (id),
  counterparty_id uuid NOT NULL REFERENCES users (id),
  month date NOT NULL,
  trades integer NOT NULL CHECK (trades > 0),
  qualified boolean NOT NULL,
  first_at timestamptz NOT NULL,
  last_at timestamptz NOT NULL,
  PRIMARY KEY (user_id, counterparty_id, month)
);
CREATE INDEX trade_pair_months_busy_idx ON trade_pair_months (month, trades DESC);

-- The history so far: RUB trades judged by their own amount, others counted as qualified (their
-- rate at the time is not known here); swaps (paid in a coin) never qualify.
INSERT INTO trade_pair_months (user_id, counterparty_id, month, trades, qualified, first_at, last_at)
SELECT p.user_id, p.counterparty_id, date_trunc('month', t.completed_at AT TIME ZONE 'UTC')::date,
       COUNT(*)::int,
       bool_or(CASE WHEN t.fiat_currency = 'RUB' THEN t.amount_fiat >= 100000
                    ELSE t.fiat_currency IN ('USD', 'EUR', 'CNY', 'TRY', 'KZT') END),
       MIN(t.completed_at), MAX(t.completed_at)
FROM trades t
CROSS JOIN LATERAL (VALUES (t.buyer_id, t.seller_id), (t.seller_id, t.buyer_id)) p(user_id, counterparty_id)
WHERE t.status = 'COMPLETED' AND t.completed_at IS NOT NULL
GROUP BY 1, 2, 3;
