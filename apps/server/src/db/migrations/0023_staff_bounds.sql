-- Staff are bounded (docs/decisions/023-trust-and-safety.md, "Staff are bounded").

-- Password guessing per account: 5 wrong passwords within 15 minutes lock the account's
-- password sign-in for 15 minutes, on every instance. The key is an HMAC of the account's id,
-- or of the lower-cased typed email when no account has it: an address without an account is
-- counted and answered exactly like one with an account, and no typed address is stored. A
-- row lives at most the window plus the lock: every failed sign-in deletes older rows.
CREATE TABLE staff_sign_in_attempts (
  email_key text PRIMARY KEY,
  failed_attempts integer NOT NULL CHECK (failed_attempts > 0),
  failures_since timestamptz NOT NULL,
  locked_until timestamptz,
  updated_at timestamptz NOT NULL
);
CREATE INDEX staff_sign_in_attempts_updated_idx ON staff_sign_in_attempts (updated_at);

-- Four eyes: a dispute resolution or an admin credit worth more than FOUR_EYES_USD is stored
-- as a proposal and applied only when a second admin approves it. `payload` is the exact
-- request as the proposer sent it; `usd_cents` its value when proposed.
CREATE TABLE staff_approvals (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  kind text NOT NULL CHECK (kind IN ('dispute.resolve', 'balance.credit')),
  trade_id uuid REFERENCES trades (id),
  user_id uuid REFERENCES users (id),
  cryptocurrency text NOT NULL,
  amount bigint NOT NULL CHECK (amount > 0),
  usd_cents bigint NOT NULL CHECK (usd_cents >= 0),
  payload jsonb NOT NULL,
  status text NOT NULL DEFAULT 'pending'
    CHECK (status IN ('pending', 'approved', 'rejected', 'cancelled')),
  proposed_by uuid NOT NULL REFERENCES staff (id),
  proposed_at timestamptz NOT NULL,
  decided_by uuid REFERENCES staff (id),
  decided_at timestamptz,
  decision_note text CHECK (decision_note IS NULL OR char_length(decision_note) <= 1000),
  CONSTRAINT staff_approvals_target CHECK (
    (kind = 'dispute.resolve' AND trade_id IS NOT NULL AND user_id IS NULL)
    OR (kind = 'balance.credit' AND user_id IS NOT NULL AND trade_id IS NULL)
  ),
  CONSTRAINT staff_approvals_decided CHECK (
    (status = 'pending') = (decided_at IS NULL) AND (decided_at IS NULL) = (decided_by IS NULL)
  ),
  -- The rule itself: an approval or a rejection is always a second person's. Only the
  -- proposer withdraws (cancels) their own proposal.
  CONSTRAINT staff_approvals_second_person CHECK (
    status = 'pending'
    OR (status IN ('approved', 'rejected') AND decided_by <> proposed_by)
    OR (status = 'cancelled' AND decided_by = proposed_by)
  )
);
-- One open proposal per dispute.
CREATE UNIQUE INDEX staff_approvals_pending_trade_idx ON staff_approvals (trade_id)
  WHERE status = 'pending' AND trade_id IS NOT NULL;
CREATE INDEX staff_approvals_pending_idx ON staff_approvals (proposed_at) WHERE status = 'pending';
CREATE INDEX staff_approvals_recent_idx ON staff_approvals (decided_at DESC) WHERE status <> 'pending';
