-- Webhooks of the merchant API (docs/decisions/025-merchant-api.md).

-- A user's endpoint and the events it receives. The secret signs each delivery's body
-- (X-Signature), so the server keeps it sealed like an API key's secret.
CREATE TABLE webhooks (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id),
  url text NOT NULL,
  events text[] NOT NULL CHECK (cardinality(events) > 0),
  secret_sealed text NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX webhooks_user_idx ON webhooks (user_id, created_at DESC);

-- The outbox: one row per event and webhook, written when the event is published, sent by
-- the delivery worker of any instance (claimed with FOR UPDATE SKIP LOCKED). `body` is the
-- exact JSON sent, so every retry carries the same bytes and the same signature.
CREATE TABLE webhook_deliveries (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  webhook_id uuid NOT NULL REFERENCES webhooks (id) ON DELETE CASCADE,
  event_id uuid NOT NULL,
  event_type text NOT NULL,
  body text NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'delivered', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL,
  last_attempt_at timestamptz,
  last_status_code integer,
  last_error text,
  created_at timestamptz NOT NULL,
  delivered_at timestamptz,
  UNIQUE (webhook_id, event_id)
);
CREATE INDEX webhook_deliveries_due_idx ON webhook_deliveries (next_attempt_at) WHERE status = 'pending';
CREATE INDEX webhook_deliveries_recent_idx ON webhook_deliveries (webhook_id, created_at DESC);
