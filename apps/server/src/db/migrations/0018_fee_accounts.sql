-- Platform fees are booked to 16 accounts `fees:0` .. `fees:15` (chosen by the trade's or
-- withdrawal's id) instead of one `fees` row every release had to lock and update in turn
-- (docs/decisions/020). An existing `fees` row keeps its balance; the fee total is the sum.
ALTER TABLE balances DROP CONSTRAINT balances_account_format;
ALTER TABLE balances ADD CONSTRAINT balances_account_format
  CHECK (account IN ('fees', 'external') OR account ~ '^fees:[0-9]{1,2}$' OR account ~ '^user:[0-9a-f-]{36}$');
