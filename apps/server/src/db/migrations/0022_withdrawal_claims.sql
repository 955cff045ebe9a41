-- Withdrawals are claimed before they are sent (docs/decisions/023, section 2): «Отправить»
-- moves an APPROVED request to PROCESSING and records which admin took it and when. From then
-- on the user cannot cancel it, and only PROCESSING requests are completed or failed, so coins
-- that leave on the chain are never also returned to the balance.

ALTER TABLE withdrawals
  ADD COLUMN claimed_by uuid REFERENCES staff (id),
  ADD COLUMN claimed_at timestamptz;

-- Requests already being sent were marked so by the admin who last decided them.
UPDATE withdrawals SET claimed_by = reviewed_by, claimed_at = coalesce(reviewed_at, updated_at)
  WHERE status = 'PROCESSING';

ALTER TABLE withdrawals
  ADD CONSTRAINT withdrawals_claim_whole CHECK ((claimed_by IS NULL) = (claimed_at IS NULL)),
  -- being sent means someone claimed it
  ADD CONSTRAINT withdrawals_processing_claimed CHECK (status <> 'PROCESSING' OR claimed_by IS NOT NULL),
  -- a claimed request ends sent or failed, never cancelled or rejected (the double payout)
  ADD CONSTRAINT withdrawals_claimed_not_returned CHECK (claimed_by IS NULL
    OR status IN ('PROCESSING', 'COMPLETED', 'FAILED'));
