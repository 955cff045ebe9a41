-- Back office: staff accounts (separate from users) and the audit log of staff actions.
CREATE TABLE staff (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  email text NOT NULL,
  password_hash text NOT NULL,
  role text NOT NULL CHECK (role IN ('moderator', 'admin')),
  first_name text NOT NULL DEFAULT '',
  last_name text NOT NULL DEFAULT '',
  disabled_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX staff_email_key ON staff (lower(email));

CREATE TABLE audit_logs (
  id bigserial PRIMARY KEY,
  staff_id uuid REFERENCES staff (id),
  action text NOT NULL,
  entity_type text NOT NULL,
  entity_id text,
  ip_address text,
  user_agent text,
  note text,
  before_state jsonb,
  after_state jsonb,
  metadata jsonb,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX audit_logs_created_idx ON audit_logs (created_at DESC);
CREATE INDEX audit_logs_staff_idx ON audit_logs (staff_id, created_at DESC);
