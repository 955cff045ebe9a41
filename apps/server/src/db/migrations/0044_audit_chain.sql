-- The staff audit log as a hash chain (docs/decisions/039-proof-of-reserves.md, section 5): each
-- entry's hash covers its content and the previous entry's hash, in chain order (chain_seq,
-- assigned under a transaction lock so concurrent inserts never fork). `npm run audit:verify`
-- recomputes every hash: an edited row breaks its own hash, a deleted one breaks the link or
-- leaves a gap in chain_seq, and each proof-of-reserves snapshot publishes the head.
ALTER TABLE audit_logs
  ADD COLUMN chain_seq bigint,
  ADD COLUMN prev_hash text,
  ADD COLUMN entry_hash text;

-- The canonical content of an entry: a JSON array (jsonb's text form is canonical: keys sorted,
-- no insignificant spaces) of the previous hash, every column and the time to the microsecond.
CREATE FUNCTION audit_entry_digest(
  prev_hash text, chain_seq bigint, id bigint, staff_id uuid, action text, entity_type text,
  entity_id text, ip_address text, user_agent text, note text, before_state jsonb,
  after_state jsonb, metadata jsonb, created_at timestamptz
) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT encode(sha256(convert_to(jsonb_build_array(
    'audit-v1', prev_hash, chain_seq, id, staff_id, action, entity_type, entity_id, ip_address,
    user_agent, note, before_state, after_state, metadata,
    to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'))::text, 'UTF8')), 'hex')
$$;

CREATE FUNCTION audit_logs_chain() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  head record;
BEGIN
  -- One writer of the chain at a time, until its transaction ends.
  PERFORM pg_advisory_xact_lock(7390044);
  SELECT a.chain_seq, a.entry_hash INTO head FROM audit_logs a
    WHERE a.chain_seq IS NOT NULL ORDER BY a.chain_seq DESC LIMIT 1;
  NEW.chain_seq := COALESCE(head.chain_seq, 0) + 1;
  NEW.prev_hash := head.entry_hash;
  NEW.entry_hash := audit_entry_digest(NEW.prev_hash, NEW.chain_seq, NEW.id, NEW.staff_id, NEW.action,
    NEW.entity_type, NEW.entity_id, NEW.ip_address, NEW.user_agent, NEW.note, NEW.before_state,
    NEW.after_state, NEW.metadata, NEW.created_at);
  RETURN NEW;
END $$;
CREATE TRIGGER audit_logs_chain BEFORE INSERT ON audit_logs
  FOR EACH ROW EXECUTE FUNCTION audit_logs_chain();

-- Backfill: the entries so far, chained in id order.
DO $$
DECLARE
  r record;
  seq bigint := 0;
  prev text := NULL;
BEGIN
  FOR r IN SELECT * FROM audit_logs ORDER BY id LOOP
    seq := seq + 1;
    UPDATE audit_logs SET chain_seq = seq, prev_hash = prev,
      entry_hash = audit_entry_digest(prev, seq, r.id, r.staff_id, r.action, r.entity_type, r.entity_id,
        r.ip_address, r.user_agent, r.note, r.before_state, r.after_state, r.metadata, r.created_at)
    WHERE id = r.id
    RETURNING entry_hash INTO prev;
  END LOOP;
END $$;

ALTER TABLE audit_logs ALTER COLUMN chain_seq SET NOT NULL, ALTER COLUMN entry_hash SET NOT NULL;
CREATE UNIQUE INDEX audit_logs_chain_seq_idx ON audit_logs (chain_seq);
