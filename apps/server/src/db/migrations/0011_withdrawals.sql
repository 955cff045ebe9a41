-- Money out (docs/decisions/012-withdrawals.md): withdrawal requests in a staff queue,
-- internal transfers to other users' deposit addresses, saved destination addresses and
-- two-factor authentication (TOTP) that guards them.

CREATE TABLE withdrawals (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id),
  cryptocurrency text NOT NULL CHECK (cryptocurrency IN ('BTC', 'ETH', 'USDT', 'BNB')),
  network text NOT NULL CHECK (network IN ('BTC', 'ETH', 'USDT-ERC20', 'USDT-TRC20', 'BNB-BEP20')),
  -- 1e-8 units; the user receives `amount`, the balance gives amount + fee
  amount bigint NOT NULL CHECK (amount > 0),
  fee bigint NOT NULL CHECK (fee >= 0),
  -- canonical form (docs/decisions/012-withdrawals.md)
  to_address text NOT NULL,
  -- set when the address is another user's deposit address: an internal transfer
  recipient_id uuid REFERENCES users (id),
  status text NOT NULL CHECK (status IN ('PENDING', 'APPROVED', 'PROCESSING', 'COMPLETED', 'REJECTED',
    'FAILED', 'CANCELLED')),
  tx_hash text,
  review_notes text CHECK (review_notes IS NULL OR char_length(review_notes) <= 1000),
  reviewed_by uuid REFERENCES staff (id),
  reviewed_at timestamptz,
  completed_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT withdrawals_not_to_self CHECK (recipient_id IS NULL OR recipient_id <> user_id),
  -- an internal transfer settles at once, free, with no chain transaction
  CONSTRAINT withdrawals_internal_settled CHECK (recipient_id IS NULL
    OR (status = 'COMPLETED' AND fee = 0 AND tx_hash IS NULL)),
  -- money sent out on a chain has the hash of the transaction that carried it
  CONSTRAINT withdrawals_completed_hash CHECK (status <> 'COMPLETED' OR recipient_id IS NOT NULL
    OR tx_hash IS NOT NULL),
  CONSTRAINT withdrawals_completed_at CHECK ((status = 'COMPLETED') = (completed_at IS NOT NULL))
);
CREATE INDEX withdrawals_user_idx ON withdrawals (user_id, created_at DESC);
CREATE INDEX withdrawals_queue_idx ON withdrawals (status, created_at);
-- One chain transaction completes one withdrawal (per network; no batching).
CREATE UNIQUE INDEX withdrawals_tx_hash_key ON withdrawals (network, tx_hash) WHERE tx_hash IS NOT NULL;

-- A withdrawal moves money at most twice, ever: once in (lock, or the internal transfer
-- itself) and once out (unlock on cancel/reject/fail, or the completion).
CREATE UNIQUE INDEX ledger_transactions_one_withdrawal_open
  ON ledger_transactions (ref_id) WHERE kind IN ('withdrawal_lock', 'internal_transfer');
CREATE UNIQUE INDEX ledger_transactions_one_withdrawal_close
  ON ledger_transactions (ref_id) WHERE kind IN ('withdrawal_unlock', 'withdrawal_complete');

-- Saved destination addresses with a label (docs/decisions/012, "Addresses"), in canonical form.
CREATE TABLE withdrawal_addresses (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id),
  network text NOT NULL CHECK (network IN ('BTC', 'ETH', 'USDT-ERC20', 'USDT-TRC20', 'BNB-BEP20')),
  address text NOT NULL,
  label text NOT NULL CHECK (char_length(label) BETWEEN 1 AND 50),
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (user_id, network, address)
);
CREATE INDEX withdrawal_addresses_user_idx ON withdrawal_addresses (user_id, created_at);

-- TOTP of a user. The secret is AES-256-GCM encrypted with a key from the configuration;
-- `enabled_at` is NULL while a set-up awaits its first code. `last_used_step` is the last
-- accepted 30-second step: a code is never accepted twice. Failures are counted here so that
-- every instance sees them.
CREATE TABLE user_two_factor (
  user_id uuid PRIMARY KEY REFERENCES users (id),
  secret_encrypted text NOT NULL,
  enabled_at timestamptz,
  last_used_step bigint NOT NULL DEFAULT -1,
  failed_attempts integer NOT NULL DEFAULT 0 CHECK (failed_attempts >= 0),
  failures_since timestamptz,
  locked_until timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- One-time recovery codes, kept only as keyed hashes.
CREATE TABLE two_factor_recovery_codes (
  id bigserial PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id),
  code_hash text NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (user_id, code_hash)
);
