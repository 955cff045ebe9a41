-- Money core (docs/ARCHITECTURE.md, Data): balances as a cache of an append-only journal, orders with
-- reserves, trades with escrow, idempotency keys and reviews.

-- Accounts are 'user:<uuid>' or the system accounts 'fees' and 'external'. Outside money
-- enters and leaves through 'external', which is the only account that may go negative.
CREATE TABLE balances (
  account text NOT NULL,
  currency text NOT NULL CHECK (currency IN ('BTC', 'ETH', 'USDT', 'BNB')),
  available bigint NOT NULL DEFAULT 0,
  locked bigint NOT NULL DEFAULT 0,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (account, currency),
  CONSTRAINT balances_account_format CHECK (account IN ('fees', 'external') OR account ~ '^user:[0-9a-f-]{36}$'),
  CONSTRAINT balances_non_negative CHECK (account = 'external' OR (available >= 0 AND locked >= 0)),
  CONSTRAINT balances_system_unlocked CHECK (account LIKE 'user:%' OR locked = 0)
);

CREATE TABLE ledger_transactions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  kind text NOT NULL,
  ref_type text,
  ref_id uuid,
  created_at timestamptz NOT NULL DEFAULT now()
);
-- A trade moves money at most once: one release or one refund, ever (invariant 5).
CREATE UNIQUE INDEX ledger_transactions_one_settlement
  ON ledger_transactions (ref_id) WHERE kind IN ('trade_release', 'trade_refund');
CREATE INDEX ledger_transactions_ref_idx ON ledger_transactions (ref_type, ref_id);

CREATE TABLE ledger_entries (
  id bigserial PRIMARY KEY,
  tx_id uuid NOT NULL REFERENCES ledger_transactions (id),
  account text NOT NULL,
  currency text NOT NULL,
  bucket text NOT NULL CHECK (bucket IN ('available', 'locked')),
  delta bigint NOT NULL CHECK (delta <> 0),
  reason text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX ledger_entries_account_idx ON ledger_entries (account, currency);
CREATE INDEX ledger_entries_tx_idx ON ledger_entries (tx_id);

CREATE TABLE orders (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id),
  type text NOT NULL CHECK (type IN ('buy', 'sell')),
  cryptocurrency text NOT NULL CHECK (cryptocurrency IN ('BTC', 'ETH', 'USDT', 'BNB')),
  fiat_currency text NOT NULL CHECK (fiat_currency IN ('RUB', 'USD')),
  -- crypto in 1e-8, fiat in 1e-2; price is fiat minor units per whole coin
  amount_crypto bigint NOT NULL CHECK (amount_crypto > 0),
  available_amount bigint NOT NULL CHECK (available_amount >= 0),
  price_per_unit bigint NOT NULL CHECK (price_per_unit > 0),
  min_amount bigint NOT NULL CHECK (min_amount > 0),
  max_amount bigint NOT NULL,
  payment_methods text[] NOT NULL CHECK (cardinality(payment_methods) BETWEEN 1 AND 10),
  time_limit integer NOT NULL CHECK (time_limit BETWEEN 15 AND 1440),
  description text CHECK (description IS NULL OR char_length(description) <= 500),
  status text NOT NULL CHECK (status IN ('active', 'paused', 'completed', 'cancelled', 'expired')),
  expires_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT orders_not_oversold CHECK (available_amount <= amount_crypto),
  CONSTRAINT orders_limits CHECK (max_amount >= min_amount)
);
-- The public book: live orders with something left, best price first.
CREATE INDEX orders_book_idx ON orders (type, cryptocurrency, fiat_currency, price_per_unit, created_at)
  WHERE status = 'active' AND available_amount > 0;
CREATE INDEX orders_payment_methods_idx ON orders USING gin (payment_methods) WHERE status = 'active';
CREATE INDEX orders_user_idx ON orders (user_id, created_at DESC);
CREATE INDEX orders_expiry_idx ON orders (expires_at) WHERE status IN ('active', 'paused');

CREATE TABLE trades (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  order_id uuid NOT NULL REFERENCES orders (id),
  buyer_id uuid NOT NULL REFERENCES users (id),
  seller_id uuid NOT NULL REFERENCES users (id),
  cryptocurrency text NOT NULL,
  fiat_currency text NOT NULL,
  amount_crypto bigint NOT NULL CHECK (amount_crypto > 0),
  amount_fiat bigint NOT NULL CHECK (amount_fiat > 0),
  price_per_unit bigint NOT NULL CHECK (price_per_unit > 0),
  -- crypto held for this trade; zero once it was released or refunded
  escrow_amount bigint NOT NULL CHECK (escrow_amount >= 0),
  -- where the escrow came from: the sell order's reserve or the seller's free balance
  escrow_source text NOT NULL CHECK (escrow_source IN ('order_reserve', 'seller_balance')),
  fee_amount bigint NOT NULL DEFAULT 0 CHECK (fee_amount >= 0),
  settlement text CHECK (settlement IN ('released', 'refunded')),
  payment_method text NOT NULL,
  status text NOT NULL CHECK (status IN ('CREATED', 'ESCROW_LOCKED', 'PAYMENT_PENDING', 'PAYMENT_CONFIRMED',
    'DISPUTED', 'COMPLETED', 'CANCELLED')),
  payment_deadline timestamptz NOT NULL,
  confirmation_deadline timestamptz,
  auto_release_at timestamptz,
  auto_release_executed_at timestamptz,
  paid_at timestamptz,
  confirmed_at timestamptz,
  completed_at timestamptz,
  cancelled_at timestamptz,
  disputed_at timestamptz,
  disputed_by uuid REFERENCES users (id),
  dispute_reason text,
  dispute_details text,
  notes text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT trades_two_parties CHECK (buyer_id <> seller_id),
  CONSTRAINT trades_escrow_until_settled CHECK ((settlement IS NULL) = (escrow_amount > 0)),
  CONSTRAINT trades_escrow_exact CHECK (settlement IS NOT NULL OR escrow_amount = amount_crypto),
  CONSTRAINT trades_final_settled CHECK (status NOT IN ('COMPLETED', 'CANCELLED') OR settlement IS NOT NULL)
);
CREATE INDEX trades_order_idx ON trades (order_id, created_at DESC);
CREATE INDEX trades_buyer_idx ON trades (buyer_id, created_at DESC);
CREATE INDEX trades_seller_idx ON trades (seller_id, created_at DESC);
CREATE INDEX trades_payment_due_idx ON trades (payment_deadline) WHERE status = 'ESCROW_LOCKED';
CREATE INDEX trades_release_due_idx ON trades (auto_release_at) WHERE status = 'PAYMENT_CONFIRMED';

-- Each transition of a trade: who did what, when.
CREATE TABLE trade_actions (
  id bigserial PRIMARY KEY,
  trade_id uuid NOT NULL REFERENCES trades (id),
  actor_id uuid,
  actor_role text NOT NULL CHECK (actor_role IN ('buyer', 'seller', 'system', 'moderator')),
  action text NOT NULL,
  from_status text,
  to_status text NOT NULL,
  description text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX trade_actions_trade_idx ON trade_actions (trade_id, id);

-- Soft delete hides a finished trade for one of its parties only.
CREATE TABLE trade_hidden (
  trade_id uuid NOT NULL REFERENCES trades (id),
  user_id uuid NOT NULL REFERENCES users (id),
  reason text,
  hidden_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (trade_id, user_id)
);

-- A POST repeated with the same Idempotency-Key answers the first result.
CREATE TABLE idempotency_keys (
  user_id uuid NOT NULL,
  scope text NOT NULL,
  key text NOT NULL CHECK (char_length(key) BETWEEN 1 AND 200),
  request_hash text NOT NULL,
  status_code integer NOT NULL,
  response jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, scope, key)
);

CREATE TABLE reviews (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  trade_id uuid NOT NULL REFERENCES trades (id),
  author_id uuid NOT NULL REFERENCES users (id),
  subject_id uuid NOT NULL REFERENCES users (id),
  rating integer NOT NULL CHECK (rating BETWEEN 1 AND 5),
  comment text NOT NULL DEFAULT '' CHECK (char_length(comment) <= 1000),
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (trade_id, author_id),
  CHECK (author_id <> subject_id)
);
CREATE INDEX reviews_subject_idx ON reviews (subject_id, created_at DESC);
