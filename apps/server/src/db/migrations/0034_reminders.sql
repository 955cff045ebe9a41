-- Reminders before deadlines (docs/decisions/030-reminders-and-time-zones.md). One row per
-- reminder sent: the key (kind, subject, deadline) is unique, so a deadline reminds at most
-- once however many instances tick, and an extended deadline (a new value) may remind again.
CREATE TABLE reminders (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  kind text NOT NULL CHECK (kind IN ('payment_due', 'auto_release', 'evidence_due', 'dispute_sla')),
  -- the trade (payment_due, auto_release, dispute_sla) or the evidence request (evidence_due)
  subject_id uuid NOT NULL,
  trade_id uuid NOT NULL REFERENCES trades (id),
  deadline timestamptz NOT NULL,
  -- who was reminded: a user, or staff (the case owner; null on a staff reminder = the desk)
  user_id uuid REFERENCES users (id),
  staff_id uuid REFERENCES staff (id),
  -- the inbox entry it made (none when the user switched trade notifications off, or for staff)
  notification_id uuid,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT reminders_once UNIQUE (kind, subject_id, deadline),
  CONSTRAINT reminders_audience CHECK ((kind = 'dispute_sla') = (user_id IS NULL))
);
-- The desk's open reminders, newest first.
CREATE INDEX reminders_staff_idx ON reminders (created_at DESC) WHERE kind = 'dispute_sla';

ALTER TABLE notifications DROP CONSTRAINT IF EXISTS notifications_kind_check;
ALTER TABLE notifications ADD CONSTRAINT notifications_kind_check CHECK (kind IN ('trade_opened',
  'payment_details_sent', 'trade_paid', 'payment_confirmed', 'trade_released', 'trade_cancelled',
  'trade_expired', 'trade_disputed', 'dispute_resolved', 'moderator_message', 'chat_message',
  'deposit_credited', 'withdrawal_status', 'deadline_reminder'));
