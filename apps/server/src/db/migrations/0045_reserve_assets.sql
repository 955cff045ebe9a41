-- Proof of reserves, the assets side (docs/decisions/039-proof-of-reserves.md, section 4): the
-- hot and cold wallets an operator declares (`npm run por:wallets`), and what each published
-- address held on chain when a snapshot was taken, at the height read. Readings are written
-- once and never changed.
CREATE TABLE por_wallets (
  network text NOT NULL,
  address text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('hot', 'cold')),
  label text CHECK (label IS NULL OR char_length(label) <= 100),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (network, address)
);

CREATE TABLE por_assets (
  snapshot_id uuid NOT NULL REFERENCES por_snapshots (id),
  network text NOT NULL,
  coin text NOT NULL,
  address text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('deposit', 'hot', 'cold')),
  -- the chain's height the balance was read at; null with the balance when it could not be read
  height bigint,
  balance bigint CHECK (balance IS NULL OR balance >= 0),
  PRIMARY KEY (snapshot_id, network, address)
);

CREATE TRIGGER por_assets_immutable BEFORE UPDATE OR DELETE ON por_assets
  FOR EACH ROW EXECUTE FUNCTION por_refuse_change();
