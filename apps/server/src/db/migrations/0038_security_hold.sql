-- The security hold (docs/decisions/033-reauth-and-security-hold.md): after a security change,
-- money may not leave the account until `until`; `until_cleared` keeps it until staff clear it
-- (the owner said «Это не я»). One row per user, extended by each new change.
CREATE TABLE security_holds (
  user_id uuid PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  until timestamptz NOT NULL,
  reason text NOT NULL,
  until_cleared boolean NOT NULL DEFAULT false,
  started_at timestamptz NOT NULL
);
