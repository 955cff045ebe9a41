-- The payer account named at «Я оплатил» (docs/decisions/023-trust-and-safety.md): what the
-- seller is shown (bank, last four digits, the name as the bank shows it) and a keyed hash of
-- the normalised three, so the same account is recognised across trades without storing more.
ALTER TABLE trades
  ADD COLUMN payer_bank text,
  ADD COLUMN payer_last4 text CHECK (payer_last4 ~ '^[0-9]{4}$'),
  ADD COLUMN payer_name text,
  ADD COLUMN payer_fingerprint text;

CREATE INDEX trades_payer_fingerprint_idx ON trades (payer_fingerprint) WHERE payer_fingerprint IS NOT NULL;
