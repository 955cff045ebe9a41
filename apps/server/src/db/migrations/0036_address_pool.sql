-- The address pool (docs/decisions/032-address-pool-solana-cardano.md): deposit addresses
-- generated offline by the operator's wallet and imported as a list (`npm run
-- addresses:import`), for chains whose addresses cannot be derived from a public key
-- (Solana's ed25519) and for any chain an operator prefers to fill so. A user's address on
-- a pool chain is taken from here on first request; `deposit_addresses` keeps its
-- one-address-per-user-and-chain guarantee.
CREATE TABLE address_pool (
  id bigserial PRIMARY KEY,
  chain text NOT NULL
    CHECK (chain IN ('bitcoin', 'ethereum', 'bsc', 'tron', 'dogecoin', 'solana', 'cardano')),
  -- Canonical form, as the watchers compare it.
  address text NOT NULL,
  imported_at timestamptz NOT NULL DEFAULT now(),
  allocated_to uuid REFERENCES users (id),
  allocated_at timestamptz,
  UNIQUE (chain, address),
  CHECK ((allocated_to IS NULL) = (allocated_at IS NULL))
);
-- Free addresses in import order: what allocation takes (FOR UPDATE SKIP LOCKED) and counts.
CREATE INDEX address_pool_free ON address_pool (chain, id) WHERE allocated_to IS NULL;
-- One pool address per user and chain, whatever races.
CREATE UNIQUE INDEX address_pool_one_per_user ON address_pool (chain, allocated_to)
  WHERE allocated_to IS NOT NULL;

-- An address from the pool has no derivation index.
ALTER TABLE deposit_addresses ALTER COLUMN derivation_index DROP NOT NULL;
