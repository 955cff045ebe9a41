-- Telegram is tied to its owner (docs/decisions/023-trust-and-safety.md, section 4).

-- Telegram sign-in payloads accepted once: the SHA-256 of each accepted payload's `hash`
-- (never the hash itself), kept until the payload would be refused as stale anyway
-- (auth_date + 24 h). The primary key makes concurrent replays of one payload race for one
-- row: exactly one sign-in wins.
CREATE TABLE telegram_sign_ins (
  hash_digest text PRIMARY KEY,
  expires_at timestamptz NOT NULL
);
CREATE INDEX telegram_sign_ins_expiry_idx ON telegram_sign_ins (expires_at);

-- The bot's pending second-factor prompt of a chat: «Подтвердить получение» asks for a code
-- as a reply (ForceReply). Kept here, not in a process's memory, because Telegram's webhook
-- may deliver the reply to any instance. One prompt per chat: a new one replaces the old.
CREATE TABLE telegram_code_prompts (
  chat_id bigint PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id),
  trade_id uuid NOT NULL REFERENCES trades (id),
  action text NOT NULL CHECK (action IN ('confirm_payment')),
  -- the prompt's own message: a reply to an older prompt is refused
  message_id bigint NOT NULL,
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX telegram_code_prompts_expiry_idx ON telegram_code_prompts (expires_at);
