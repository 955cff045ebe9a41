-- The payer accounts' history kept in rows (docs/decisions/052): what the seller is shown of
-- the account named at «Я оплатил» (docs/decisions/023, section 7a) was counted over every
-- trade paid from it on each view of a trade; it is now moved by the transition that names the
-- account (mark_paid) or completes a trade paid from it (trades/payer-accounts.repository.ts),
-- in that transition's own statement.
--
-- One row per account (its fingerprint) and party of its trades: each buyer and each seller,
-- with how many of their trades it paid, how many of those completed, and when it was first
-- named in one. An account's history adds up its rows, one per counterparty however many
-- trades; no row is shared by the trades of different buyers and sellers, so trades paid from
-- one account at once do not queue behind one another's counters.
CREATE TABLE payer_account_parties (
  fingerprint text NOT NULL,
  role text NOT NULL CHECK (role IN ('buyer', 'seller')),
  user_id uuid NOT NULL,
  trades integer NOT NULL CHECK (trades > 0),
  completed integer NOT NULL CHECK (completed >= 0),
  first_seen timestamptz,
  PRIMARY KEY (fingerprint, role, user_id)
);

-- The history so far.
INSERT INTO payer_account_parties (fingerprint, role, user_id, trades, completed, first_seen)
SELECT payer_fingerprint, 'buyer', buyer_id, COUNT(*), COUNT(*) FILTER (WHERE status = 'COMPLETED'), MIN(paid_at)
FROM trades WHERE payer_fingerprint IS NOT NULL GROUP BY payer_fingerprint, buyer_id
UNION ALL
SELECT payer_fingerprint, 'seller', seller_id, COUNT(*), COUNT(*) FILTER (WHERE status = 'COMPLETED'), MIN(paid_at)
FROM trades WHERE payer_fingerprint IS NOT NULL GROUP BY payer_fingerprint, seller_id;

-- Nothing reads the trades by their payer account any more: every trade that names or completes
-- with one would keep writing this index for no reader.
DROP INDEX trades_payer_fingerprint_idx;
