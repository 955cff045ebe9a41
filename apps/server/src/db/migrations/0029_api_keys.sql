-- API keys of the merchant API (docs/decisions/025-merchant-api.md).

-- A key acts as its user. `key` is the public identifier sent in X-Api-Key (stored plainly);
-- the secret that signs requests is needed to verify their HMAC, so it is kept sealed
-- (AES-256-GCM under a key derived from TOTP_ENCRYPTION_KEY, the key's id bound in), never
-- hashed and never shown again after creation. A revoked key keeps its row (revoked_at).
CREATE TABLE api_keys (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id),
  name text NOT NULL,
  key text NOT NULL UNIQUE,
  secret_sealed text NOT NULL,
  scopes text[] NOT NULL CHECK (cardinality(scopes) > 0 AND scopes <@ ARRAY['read', 'trade']::text[]),
  ip_allowlist text[] NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL,
  last_used_at timestamptz,
  revoked_at timestamptz
);
CREATE INDEX api_keys_user_idx ON api_keys (user_id, created_at DESC);

-- Signatures a key has had accepted, kept while their timestamp is inside the accepted skew:
-- an identical request sent again (a replay) finds its row, on whichever instance it lands.
-- Expired rows are purged in batches by the statement that records a new one.
CREATE TABLE api_key_signatures (
  key_id uuid NOT NULL REFERENCES api_keys (id) ON DELETE CASCADE,
  signature text NOT NULL,
  expires_at timestamptz NOT NULL,
  PRIMARY KEY (key_id, signature)
);
CREATE INDEX api_key_signatures_expiry_idx ON api_key_signatures (expires_at);
