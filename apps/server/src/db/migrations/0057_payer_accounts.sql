-- The payer accounts' history kept in rows (docs/decisions/052): what the seller is shown of
-- the account named at «Я оплатил» (docs/decisions/023, section 7a) was counted over every
-- trade paid from it on each view of a trade; it is now moved by the transition that names the
-- account (mark_paid) or completes a trade paid from it (trades/payer-accounts.repository.ts),
-- in that transition's own statement.

-- One row per account (its fingerprint): trades paid from it that completed, how many distinct
-- sellers and buyers its trades had, and when it was first named.
CREATE TABLE payer_accounts (
  fingerprint text PRIMARY KEY,
  completed integer NOT NULL DEFAULT 0 CHECK (completed >= 0),
  sellers integer NOT NULL DEFAULT 0 CHECK (sellers >= 0),
  buyers integer NOT NULL DEFAULT 0 CHECK (buyers >= 0),
  first_seen timestamptz
);

-- The account's parties: how many of its trades each buyer and each seller had. A party's first
-- trade with the account moves its distinct count; the seller's count also tells whether a
-- trade's seller had other trades paid from it.
CREATE TABLE payer_account_parties (
  fingerprint text NOT NULL,
  role text NOT NULL CHECK (role IN ('buyer', 'seller')),
  user_id uuid NOT NULL,
  trades integer NOT NULL CHECK (trades >= 0),
  PRIMARY KEY (fingerprint, role, user_id)
);

-- The history so far.
INSERT INTO payer_account_parties (fingerprint, role, user_id, trades)
SELECT payer_fingerprint, 'buyer', buyer_id, COUNT(*) FROM trades
WHERE payer_fingerprint IS NOT NULL GROUP BY payer_fingerprint, buyer_id
UNION ALL
SELECT payer_fingerprint, 'seller', seller_id, COUNT(*) FROM trades
WHERE payer_fingerprint IS NOT NULL GROUP BY payer_fingerprint, seller_id;

INSERT INTO payer_accounts (fingerprint, completed, sellers, buyers, first_seen)
SELECT payer_fingerprint, COUNT(*) FILTER (WHERE status = 'COMPLETED'), COUNT(DISTINCT seller_id),
       COUNT(DISTINCT buyer_id), MIN(paid_at)
FROM trades WHERE payer_fingerprint IS NOT NULL GROUP BY payer_fingerprint;
