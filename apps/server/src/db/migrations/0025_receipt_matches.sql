-- Reused receipts (docs/decisions/023-trust-and-safety.md, "Reused receipts"): every receipt
-- stored from now on carries the SHA-256 of its stored JPEG and a 64-bit difference hash of
-- its pixels; receipts stored before have neither and take no part in matching.
ALTER TABLE payment_proofs
  ADD COLUMN sha256 text CHECK (sha256 ~ '^[0-9a-f]{64}$'),
  ADD COLUMN phash bigint,
  ADD CONSTRAINT payment_proofs_fingerprint_check CHECK ((sha256 IS NULL) = (phash IS NULL));
CREATE INDEX payment_proofs_sha256_idx ON payment_proofs (sha256) WHERE sha256 IS NOT NULL;

-- The receipt as a 64 x 160 greyscale thumbnail, one byte a pixel, row by row: what tells a
-- reused receipt (one number painted over) from another payment in the same bank app, which
-- the 64-bit hash alone cannot. Read only when matching a new receipt.
CREATE TABLE receipt_thumbnails (
  proof_id uuid PRIMARY KEY REFERENCES payment_proofs (id),
  pixels bytea NOT NULL CHECK (octet_length(pixels) = 64 * 160)
);

-- A receipt and a receipt of another trade that is the same image (exact: same SHA-256) or
-- the same receipt re-encoded or edited (similar). Written both ways when the later one is
-- stored, so either trade's view reads its own rows.
CREATE TABLE receipt_matches (
  proof_id uuid NOT NULL REFERENCES payment_proofs (id),
  trade_id uuid NOT NULL REFERENCES trades (id),
  matched_proof_id uuid NOT NULL REFERENCES payment_proofs (id),
  matched_trade_id uuid NOT NULL REFERENCES trades (id),
  kind text NOT NULL CHECK (kind IN ('exact', 'similar')),
  -- Bits that differ between the two 64-bit hashes, and thumbnail bands that differ.
  distance smallint NOT NULL CHECK (distance BETWEEN 0 AND 64),
  changed_bands smallint NOT NULL CHECK (changed_bands >= 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (proof_id, matched_proof_id),
  CHECK (trade_id <> matched_trade_id)
);
CREATE INDEX receipt_matches_trade_idx ON receipt_matches (trade_id);
