-- Proof of reserves (docs/decisions/039-proof-of-reserves.md, docs/proof-of-reserves.md): each
-- snapshot of what the platform owes, per coin, as the root of a Merkle-sum tree, chained to the
-- previous published root; its leaves, from which any user's path is rebuilt. Both are written
-- once and never changed: UPDATE and DELETE are refused by triggers.
CREATE TABLE por_snapshots (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- the order snapshots were taken in (times may tie under a test clock)
  seq bigint GENERATED ALWAYS AS IDENTITY UNIQUE,
  taken_at timestamptz NOT NULL,
  -- 'published' when the tree's sums equal the ledger's totals; 'withheld' when a check failed
  -- (never shown to users, kept for staff with what failed).
  status text NOT NULL CHECK (status IN ('published', 'withheld')),
  coins text[] NOT NULL,
  root_hash text NOT NULL CHECK (root_hash ~ '^[0-9a-f]{64}$'),
  -- total owed per coin, {"BTC": "123"} in minor units
  sums jsonb NOT NULL,
  leaf_count integer NOT NULL CHECK (leaf_count >= 0),
  -- the root of the latest published snapshot before this one (null for the first)
  previous_root text CHECK (previous_root IS NULL OR previous_root ~ '^[0-9a-f]{64}$'),
  -- the staff audit log's chain head when the snapshot was taken
  audit_head_seq bigint,
  audit_head_hash text,
  -- per-account nonces are HMAC-SHA256(salt, account): secret, never published
  salt text NOT NULL CHECK (salt ~ '^[0-9a-f]{64}$'),
  problems jsonb,
  trigger text NOT NULL CHECK (trigger IN ('start', 'schedule', 'staff')),
  taken_by uuid REFERENCES staff (id)
);
CREATE INDEX por_snapshots_published_idx ON por_snapshots (seq DESC) WHERE status = 'published';

CREATE TABLE por_leaves (
  snapshot_id uuid NOT NULL REFERENCES por_snapshots (id),
  idx integer NOT NULL CHECK (idx >= 0),
  account text NOT NULL,
  commitment text NOT NULL CHECK (commitment ~ '^[0-9a-f]{64}$'),
  -- {"BTC": "123"}: available + locked (locked holds order reserves, escrow and queued withdrawals)
  balances jsonb NOT NULL,
  PRIMARY KEY (snapshot_id, idx)
);
CREATE UNIQUE INDEX por_leaves_account_idx ON por_leaves (account, snapshot_id);

CREATE FUNCTION por_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'proof-of-reserves snapshots are immutable (%)', TG_TABLE_NAME;
END $$;
CREATE TRIGGER por_snapshots_immutable BEFORE UPDATE OR DELETE ON por_snapshots
  FOR EACH ROW EXECUTE FUNCTION por_refuse_change();
CREATE TRIGGER por_leaves_immutable BEFORE UPDATE OR DELETE ON por_leaves
  FOR EACH ROW EXECUTE FUNCTION por_refuse_change();
