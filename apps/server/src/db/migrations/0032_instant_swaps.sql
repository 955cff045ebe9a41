-- Instant swaps (docs/decisions/026-instant-swaps.md): an order may be paid in a coin. Its
-- price, total and limits are then in the payment coin's minor units (1e-8), it has no payment
-- methods, and taking it settles both legs at once: the fill is a `swaps` row with its two
-- ledger postings, written in one transaction.

-- The currency of payment: a fiat or a coin, never the coin sold.
ALTER TABLE orders DROP CONSTRAINT IF EXISTS orders_fiat_currency_check;
ALTER TABLE orders ADD CONSTRAINT orders_payment_currency CHECK (
  fiat_currency IN ('RUB', 'USD', 'EUR', 'CNY', 'TRY', 'KZT', 'BTC', 'ETH', 'USDT', 'BNB'));
ALTER TABLE orders ADD CONSTRAINT orders_two_currencies CHECK (fiat_currency <> cryptocurrency);
-- A swap is published as a sale (buying BTC with USDT is selling USDT for BTC) and has no
-- payment methods; a fiat order keeps one to ten.
ALTER TABLE orders DROP CONSTRAINT IF EXISTS orders_payment_methods_check;
ALTER TABLE orders ADD CONSTRAINT orders_payment_methods CHECK (
  CASE WHEN fiat_currency IN ('BTC', 'ETH', 'USDT', 'BNB')
    THEN type = 'sell' AND cardinality(payment_methods) = 0
    ELSE cardinality(payment_methods) BETWEEN 1 AND 10 END);

-- One fill of a swap offer. The maker's reserved `amount_crypto` of `cryptocurrency` went to
-- the taker (minus `fee_amount`, to the fee account); the taker's `amount_paid` of
-- `paid_currency` went to the maker. Both postings carry the swap's id.
CREATE TABLE swaps (
  id uuid PRIMARY KEY,
  order_id uuid NOT NULL REFERENCES orders (id),
  maker_id uuid NOT NULL REFERENCES users (id),
  taker_id uuid NOT NULL REFERENCES users (id),
  cryptocurrency text NOT NULL CHECK (cryptocurrency IN ('BTC', 'ETH', 'USDT', 'BNB')),
  paid_currency text NOT NULL CHECK (paid_currency IN ('BTC', 'ETH', 'USDT', 'BNB')),
  amount_crypto bigint NOT NULL CHECK (amount_crypto > 0),
  amount_paid bigint NOT NULL CHECK (amount_paid > 0),
  fee_amount bigint NOT NULL CHECK (fee_amount >= 0),
  price_per_unit bigint NOT NULL CHECK (price_per_unit > 0),
  created_at timestamptz NOT NULL,
  CONSTRAINT swaps_two_parties CHECK (maker_id <> taker_id),
  CONSTRAINT swaps_two_currencies CHECK (cryptocurrency <> paid_currency),
  CONSTRAINT swaps_fee_below_amount CHECK (fee_amount < amount_crypto)
);
CREATE INDEX swaps_order_idx ON swaps (order_id, created_at DESC);
CREATE INDEX swaps_maker_idx ON swaps (maker_id, created_at DESC);
CREATE INDEX swaps_taker_idx ON swaps (taker_id, created_at DESC);

-- A swap moves each leg exactly once (the audit's invariant 5 for swaps).
CREATE UNIQUE INDEX ledger_transactions_one_swap_leg
  ON ledger_transactions (ref_id, kind) WHERE kind IN ('swap_delivery', 'swap_payment');
