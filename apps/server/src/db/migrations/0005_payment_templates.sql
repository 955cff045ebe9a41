-- Saved payment details of users, the details a seller sent on a trade, and receipts.
-- Nothing here moves money: the ledger never references these tables.
CREATE TABLE payment_templates (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id),
  name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 100),
  type text NOT NULL CHECK (type IN ('BANK_CARD', 'SBP', 'BANK_TRANSFER', 'QIWI', 'YOOMONEY', 'CASH')),
  details jsonb NOT NULL CHECK (jsonb_typeof(details) = 'object'),
  is_default boolean NOT NULL DEFAULT false,
  is_active boolean NOT NULL DEFAULT true,
  usage_count integer NOT NULL DEFAULT 0 CHECK (usage_count >= 0),
  last_used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  -- the default is the one offered first when sending details, so it must be usable
  CONSTRAINT payment_templates_default_is_active CHECK (NOT is_default OR is_active)
);
-- at most one default per user
CREATE UNIQUE INDEX payment_templates_one_default ON payment_templates (user_id) WHERE is_default;
CREATE INDEX payment_templates_user_idx ON payment_templates (user_id, created_at DESC);

-- Append-only: every set of details a seller sent on a trade, as it was when sent (a later
-- edit or deletion of the template does not change what the buyer was told; disputes need it).
CREATE TABLE trade_payment_details (
  id bigserial PRIMARY KEY,
  trade_id uuid NOT NULL REFERENCES trades (id),
  template_id uuid REFERENCES payment_templates (id) ON DELETE SET NULL,
  seller_id uuid NOT NULL REFERENCES users (id),
  name text NOT NULL,
  type text NOT NULL,
  details jsonb NOT NULL CHECK (jsonb_typeof(details) = 'object'),
  sent_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX trade_payment_details_trade_idx ON trade_payment_details (trade_id, id DESC);

-- Receipts: re-encoded JPEGs under DATA_DIR/uploads/receipts/<file_name>.
CREATE TABLE payment_proofs (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  trade_id uuid NOT NULL REFERENCES trades (id),
  uploader_id uuid NOT NULL REFERENCES users (id),
  file_name text NOT NULL UNIQUE CHECK (file_name ~ '^[0-9a-f]{32}\.jpg$'),
  original_name text NOT NULL DEFAULT '' CHECK (char_length(original_name) <= 200),
  mime_type text NOT NULL DEFAULT 'image/jpeg',
  size integer NOT NULL CHECK (size > 0),
  processed_size integer NOT NULL CHECK (processed_size > 0),
  width integer NOT NULL CHECK (width > 0),
  height integer NOT NULL CHECK (height > 0),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX payment_proofs_trade_idx ON payment_proofs (trade_id, created_at);
