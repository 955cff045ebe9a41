-- Custody (docs/decisions/011-custody.md): every user has one deposit address per chain,
-- derived from the chain's extended public key at an index allocated here. Ethereum and
-- BNB Smart Chain are separate chains even where the derived address looks the same.
CREATE TABLE deposit_addresses (
  chain text NOT NULL CHECK (chain IN ('bitcoin', 'ethereum', 'bsc', 'tron')),
  user_id uuid NOT NULL REFERENCES users (id),
  derivation_index integer NOT NULL CHECK (derivation_index >= 0),
  address text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (chain, user_id),
  UNIQUE (chain, derivation_index),
  UNIQUE (chain, address)
);

-- The next free derivation index per chain, taken under a row lock so that two instances
-- never hand out one index twice.
CREATE TABLE deposit_address_counters (
  chain text PRIMARY KEY CHECK (chain IN ('bitcoin', 'ethereum', 'bsc', 'tron')),
  next_index integer NOT NULL DEFAULT 0 CHECK (next_index >= 0)
);
INSERT INTO deposit_address_counters (chain) VALUES ('bitcoin'), ('ethereum'), ('bsc'), ('tron');
