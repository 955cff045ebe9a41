-- Money in (docs/decisions/011-custody.md): transfers to users' deposit addresses seen by
-- the chain watchers, credited once at the network's confirmations.

-- One row per on-chain transfer to one of our addresses, keyed by where it sits on its
-- chain: Bitcoin output (txid, vout), EVM/TRON token log (tx hash, log index), native EVM
-- value transfer (tx hash, -1). Two watchers that see the same transfer insert one row.
CREATE TABLE deposits (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  network text NOT NULL CHECK (network IN ('BTC', 'ETH', 'USDT-ERC20', 'USDT-TRC20', 'BNB-BEP20')),
  user_id uuid NOT NULL REFERENCES users (id),
  currency text NOT NULL CHECK (currency IN ('BTC', 'ETH', 'USDT', 'BNB')),
  address text NOT NULL,
  tx_hash text NOT NULL,
  output_index integer NOT NULL CHECK (output_index >= -1),
  -- What is credited, in 1e-8; the on-chain amount in the asset's base units, and the part
  -- of it finer than 1e-8 that is rounded away (recorded, never credited).
  amount bigint NOT NULL CHECK (amount >= 0),
  raw_amount numeric(78, 0) NOT NULL CHECK (raw_amount > 0),
  raw_decimals smallint NOT NULL CHECK (raw_decimals BETWEEN 0 AND 36),
  remainder numeric(78, 0) NOT NULL DEFAULT 0 CHECK (remainder >= 0),
  block_height bigint,
  confirmations integer NOT NULL DEFAULT 0 CHECK (confirmations >= 0),
  required_confirmations integer NOT NULL CHECK (required_confirmations > 0),
  status text NOT NULL CHECK (status IN ('pending', 'credited', 'below_minimum', 'dropped')),
  above_maximum boolean NOT NULL DEFAULT false,
  -- Consecutive checks that did not find the transfer; it is dropped after a few.
  missing_checks integer NOT NULL DEFAULT 0,
  ledger_tx_id uuid REFERENCES ledger_transactions (id),
  seen_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  credited_at timestamptz,
  CONSTRAINT deposits_transfer_key UNIQUE (network, tx_hash, output_index),
  CONSTRAINT deposits_credited_once CHECK (
    (status = 'credited') = (credited_at IS NOT NULL AND ledger_tx_id IS NOT NULL)
  )
);
CREATE INDEX deposits_user_idx ON deposits (user_id, seen_at DESC, id DESC);
CREATE INDEX deposits_pending_idx ON deposits (network, seen_at) WHERE status = 'pending';
-- A deposit posts to the ledger at most once.
CREATE UNIQUE INDEX ledger_transactions_one_deposit
  ON ledger_transactions (ref_id) WHERE kind = 'deposit';

-- How far each network's watcher has scanned (block height), shared by all instances.
CREATE TABLE chain_watch_state (
  network text PRIMARY KEY CHECK (network IN ('BTC', 'ETH', 'USDT-ERC20', 'USDT-TRC20', 'BNB-BEP20')),
  scanned_height bigint NOT NULL CHECK (scanned_height >= 0),
  updated_at timestamptz NOT NULL
);

-- The devnet (CHAIN_MODE=devnet): one simulated chain per network. The chain row is the
-- producer's lock: whoever holds it mines the next block, so instances never mine twice.
CREATE TABLE devnet_chains (
  network text PRIMARY KEY CHECK (network IN ('BTC', 'ETH', 'USDT-ERC20', 'USDT-TRC20', 'BNB-BEP20')),
  height bigint NOT NULL DEFAULT 0 CHECK (height >= 0),
  last_block_at timestamptz
);
INSERT INTO devnet_chains (network) VALUES ('BTC'), ('ETH'), ('USDT-ERC20'), ('USDT-TRC20'), ('BNB-BEP20');

CREATE TABLE devnet_blocks (
  network text NOT NULL REFERENCES devnet_chains (network),
  height bigint NOT NULL CHECK (height > 0),
  hash text NOT NULL,
  mined_at timestamptz NOT NULL,
  PRIMARY KEY (network, height)
);

-- Simulated transfers, amounts in 1e-8. No block yet = in the mempool; dropped = vanished
-- (evicted from the mempool, or its block reorganised away).
CREATE TABLE devnet_transfers (
  id bigserial PRIMARY KEY,
  network text NOT NULL REFERENCES devnet_chains (network),
  tx_hash text NOT NULL,
  output_index integer NOT NULL,
  to_address text NOT NULL,
  amount bigint NOT NULL CHECK (amount > 0),
  block_height bigint,
  dropped_at timestamptz,
  sent_by uuid,
  created_at timestamptz NOT NULL,
  UNIQUE (network, tx_hash, output_index)
);
CREATE INDEX devnet_transfers_to_idx ON devnet_transfers (network, to_address);
CREATE INDEX devnet_transfers_mempool_idx ON devnet_transfers (network) WHERE block_height IS NULL;
