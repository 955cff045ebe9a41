-- Security events and «Это не я» (docs/decisions/033-reauth-and-security-hold.md, "Security
-- events"): each security event of an account is an inbox notice of kind `security_event`
-- (added to whatever list the kind CHECK holds now, as 0050 does). «Это не я» opens a case for
-- the back office: one open case per user at a time (a second press answers with the same
-- case), kept until staff clear it; the security hold meanwhile stays `until_cleared` (0038).
DO $$
DECLARE
  current_check text := (
    SELECT pg_get_constraintdef(oid) FROM pg_constraint
    WHERE conname = 'notifications_kind_check' AND conrelid = 'notifications'::regclass
  );
BEGIN
  IF current_check IS NULL OR position('''security_event''' IN current_check) > 0 THEN
    RETURN;
  END IF;
  ALTER TABLE notifications DROP CONSTRAINT notifications_kind_check;
  EXECUTE 'ALTER TABLE notifications ADD CONSTRAINT notifications_kind_check '
    || replace(current_check, 'ARRAY[', 'ARRAY[''security_event''::text, ');
END $$;

CREATE TABLE security_reports (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  -- The inbox notice of the event the owner answered (null once that notice is gone).
  notification_id uuid REFERENCES notifications(id) ON DELETE SET NULL,
  -- What the event was (`security_event` values' `event`: two_factor_enabled, sign_in, ...).
  event_kind text NOT NULL,
  created_at timestamptz NOT NULL,
  cleared_by uuid REFERENCES staff(id),
  cleared_at timestamptz,
  CONSTRAINT security_reports_cleared CHECK ((cleared_by IS NULL) = (cleared_at IS NULL))
);
CREATE UNIQUE INDEX security_reports_one_open ON security_reports (user_id) WHERE cleared_at IS NULL;
CREATE INDEX security_reports_open_idx ON security_reports (created_at) WHERE cleared_at IS NULL;
