-- Re-authentication for security changes (docs/decisions/033-reauth-and-security-hold.md): a
-- fresh Telegram sign-in of the account's own id gives the session a short-lived proof, stored
-- hashed and bound to that session; revoking the session ends it with it.
CREATE TABLE reauth_tokens (
  token_hash text PRIMARY KEY,
  session_id uuid NOT NULL REFERENCES auth_sessions(id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX reauth_tokens_session_idx ON reauth_tokens (session_id);
