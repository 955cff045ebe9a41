-- The buyer's time to pay an order defaults to 30 minutes, as the FAQ and the trade rules say
-- (docs/decisions/034). Rows already saved keep the window their owner chose.
ALTER TABLE user_settings ALTER COLUMN time_limit SET DEFAULT 30;
