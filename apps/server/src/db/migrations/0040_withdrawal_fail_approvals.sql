-- Four eyes on failing a claimed withdrawal (docs/decisions/035): above FOUR_EYES_USD the
-- claimer's «Не отправлено» is a proposal a second admin approves, since the coins may
-- already have left the hot wallet. The proposal names its withdrawal; one open per withdrawal.
ALTER TABLE staff_approvals ADD COLUMN withdrawal_id uuid REFERENCES withdrawals (id);

ALTER TABLE staff_approvals DROP CONSTRAINT staff_approvals_kind_check;
ALTER TABLE staff_approvals ADD CONSTRAINT staff_approvals_kind_check
  CHECK (kind IN ('dispute.resolve', 'balance.credit', 'withdrawal.fail'));

ALTER TABLE staff_approvals DROP CONSTRAINT staff_approvals_target;
ALTER TABLE staff_approvals ADD CONSTRAINT staff_approvals_target CHECK (
  (kind = 'dispute.resolve' AND trade_id IS NOT NULL AND user_id IS NULL AND withdrawal_id IS NULL)
  OR (kind = 'balance.credit' AND user_id IS NOT NULL AND trade_id IS NULL AND withdrawal_id IS NULL)
  OR (kind = 'withdrawal.fail' AND withdrawal_id IS NOT NULL AND user_id IS NOT NULL AND trade_id IS NULL)
);

CREATE UNIQUE INDEX staff_approvals_pending_withdrawal_idx ON staff_approvals (withdrawal_id)
  WHERE status = 'pending' AND withdrawal_id IS NOT NULL;
