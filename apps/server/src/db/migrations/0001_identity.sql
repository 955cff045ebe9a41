-- Users, sign-in sessions and rotating refresh tokens (docs/decisions/005-sessions-and-tokens.md).
CREATE TABLE users (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  telegram_id bigint UNIQUE,
  username text,
  first_name text NOT NULL CHECK (char_length(first_name) BETWEEN 1 AND 128),
  last_name text,
  photo_url text,
  display_name text CHECK (display_name IS NULL OR char_length(display_name) BETWEEN 2 AND 30),
  use_custom_profile boolean NOT NULL DEFAULT false,
  custom_avatar_url text,
  bio text,
  location text,
  languages text[] NOT NULL DEFAULT '{}',
  verified boolean NOT NULL DEFAULT false,
  last_seen_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX users_username_key ON users (lower(username)) WHERE username IS NOT NULL;

-- One row per sign-in: the refresh-token family. Revoking it ends the session at once,
-- including access tokens already issued (they carry the session id).
CREATE TABLE auth_sessions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  subject_type text NOT NULL CHECK (subject_type IN ('user', 'staff')),
  subject_id uuid NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  revoked_at timestamptz,
  revoke_reason text
);
CREATE INDEX auth_sessions_subject_idx ON auth_sessions (subject_type, subject_id);

-- Refresh tokens are stored as SHA-256 hashes; each is single-use.
CREATE TABLE refresh_tokens (
  token_hash text PRIMARY KEY,
  session_id uuid NOT NULL REFERENCES auth_sessions (id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX refresh_tokens_session_idx ON refresh_tokens (session_id);
