-- Account (docs/decisions/017-notifications-bot-settings.md): the notification inbox, per-user
-- settings that take effect, the Telegram bot's chat links and one-time connect tokens, and
-- avatar files in the upload storage.

CREATE TABLE notifications (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- insertion order: newest first even within one instant
  seq bigserial NOT NULL,
  user_id uuid NOT NULL REFERENCES users (id),
  kind text NOT NULL CHECK (kind IN ('trade_opened', 'payment_details_sent', 'trade_paid',
    'payment_confirmed', 'trade_released', 'trade_cancelled', 'trade_expired', 'trade_disputed',
    'dispute_resolved', 'moderator_message', 'chat_message', 'deposit_credited', 'withdrawal_status')),
  entity_type text CHECK (entity_type IN ('trade', 'deposit', 'withdrawal')),
  entity_id uuid,
  -- catalogue keys (packages/shared/src/i18n) and their values: each reader's own language
  title_key text NOT NULL,
  message_key text NOT NULL,
  action_key text,
  "values" jsonb NOT NULL DEFAULT '{}',
  deadline timestamptz,
  link text NOT NULL,
  read_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT notifications_entity CHECK ((entity_type IS NULL) = (entity_id IS NULL))
);
CREATE INDEX notifications_user_idx ON notifications (user_id, created_at DESC, seq DESC);
CREATE INDEX notifications_unread_idx ON notifications (user_id) WHERE read_at IS NULL;

CREATE TABLE user_settings (
  user_id uuid PRIMARY KEY REFERENCES users (id),
  notify_telegram boolean NOT NULL DEFAULT true,
  notify_trades boolean NOT NULL DEFAULT true,
  notify_funds boolean NOT NULL DEFAULT true,
  notify_chat boolean NOT NULL DEFAULT true,
  show_online boolean NOT NULL DEFAULT true,
  show_stats boolean NOT NULL DEFAULT true,
  allow_messages boolean NOT NULL DEFAULT true,
  auto_reply text NOT NULL DEFAULT '' CHECK (char_length(auto_reply) <= 500),
  time_limit integer NOT NULL DEFAULT 15 CHECK (time_limit BETWEEN 5 AND 60),
  -- tenths of a star: 0..50; 0 = no minimum
  min_rating_tenths integer NOT NULL DEFAULT 0 CHECK (min_rating_tenths BETWEEN 0 AND 50),
  allow_unrated boolean NOT NULL DEFAULT true,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- The Telegram chat that receives a user's notifications (one chat per user, one user per chat).
CREATE TABLE telegram_chats (
  user_id uuid PRIMARY KEY REFERENCES users (id),
  chat_id bigint NOT NULL UNIQUE,
  connected_at timestamptz NOT NULL DEFAULT now()
);

-- One-time tokens of the /start deep link, stored hashed.
CREATE TABLE telegram_link_tokens (
  token_hash text PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id),
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX telegram_link_tokens_user_idx ON telegram_link_tokens (user_id);

-- The current custom avatar of a user: a re-encoded WebP in the upload storage under a random
-- name (a new name on every upload, so its public URL can be cached for good).
CREATE TABLE user_avatars (
  user_id uuid PRIMARY KEY REFERENCES users (id),
  file_name text NOT NULL UNIQUE,
  mime_type text NOT NULL CHECK (mime_type = 'image/webp'),
  file_size integer NOT NULL CHECK (file_size > 0),
  original_size integer NOT NULL CHECK (original_size > 0 AND original_size <= 2097152),
  width integer NOT NULL CHECK (width > 0),
  height integer NOT NULL CHECK (height > 0),
  created_at timestamptz NOT NULL DEFAULT now()
);
