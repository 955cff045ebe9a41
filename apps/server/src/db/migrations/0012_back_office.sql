-- The back office (docs/decisions/016-back-office.md): blocked users, staff notes, the
-- dispute desk (case owner, moderator chat lines, evidence requests) and staff two-factor.

-- A blocked user cannot sign in, open trades or orders, or withdraw; open trades continue.
ALTER TABLE users
  ADD COLUMN blocked_at timestamptz,
  ADD COLUMN block_reason text CHECK (block_reason IS NULL OR char_length(block_reason) <= 500),
  ADD COLUMN blocked_by uuid REFERENCES staff (id),
  ADD CONSTRAINT users_block_reason CHECK ((blocked_at IS NULL) = (block_reason IS NULL));
CREATE INDEX users_blocked_idx ON users (blocked_at) WHERE blocked_at IS NOT NULL;

-- Notes staff keep about a user (append-only).
CREATE TABLE user_notes (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id),
  staff_id uuid NOT NULL REFERENCES staff (id),
  text text NOT NULL CHECK (char_length(text) BETWEEN 1 AND 2000),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX user_notes_user_idx ON user_notes (user_id, created_at DESC);

-- One moderator owns a disputed trade at a time (taken with a conditional update).
ALTER TABLE trades
  ADD COLUMN dispute_owner_id uuid REFERENCES staff (id),
  ADD COLUMN dispute_taken_at timestamptz,
  ADD CONSTRAINT trades_dispute_owner CHECK ((dispute_owner_id IS NULL) = (dispute_taken_at IS NULL));
CREATE INDEX trades_disputed_idx ON trades (disputed_at) WHERE status = 'DISPUTED';

-- The moderator writes into the trade chat: MODERATOR lines have no user sender but a staff author.
ALTER TABLE chat_messages DROP CONSTRAINT chat_messages_type_check;
ALTER TABLE chat_messages DROP CONSTRAINT chat_messages_sender;
ALTER TABLE chat_messages
  ADD COLUMN staff_id uuid REFERENCES staff (id),
  ADD CONSTRAINT chat_messages_type_check CHECK (type IN ('TEXT', 'SYSTEM', 'MODERATOR')),
  ADD CONSTRAINT chat_messages_sender CHECK ((type = 'TEXT') = (sender_id IS NOT NULL)),
  ADD CONSTRAINT chat_messages_staff CHECK ((type = 'MODERATOR') = (staff_id IS NOT NULL));

-- A moderator asks one party of a disputed trade for evidence, with a deadline. The party's
-- next chat message or receipt upload answers it.
CREATE TABLE evidence_requests (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  trade_id uuid NOT NULL REFERENCES trades (id),
  party text NOT NULL CHECK (party IN ('buyer', 'seller')),
  user_id uuid NOT NULL REFERENCES users (id),
  staff_id uuid NOT NULL REFERENCES staff (id),
  text text NOT NULL CHECK (char_length(text) BETWEEN 1 AND 1000),
  deadline timestamptz NOT NULL,
  answered_at timestamptz,
  answer text CHECK (answer IN ('message', 'receipt')),
  answer_ref uuid,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT evidence_requests_answer CHECK ((answered_at IS NULL) = (answer IS NULL))
);
CREATE INDEX evidence_requests_trade_idx ON evidence_requests (trade_id, created_at);
CREATE INDEX evidence_requests_open_idx ON evidence_requests (trade_id, user_id) WHERE answered_at IS NULL;

-- Staff two-factor reuses the users' TOTP tables: the subject is a user or a staff member
-- (uuids never collide), so the foreign keys to users go.
ALTER TABLE user_two_factor DROP CONSTRAINT user_two_factor_user_id_fkey;
ALTER TABLE user_two_factor
  ADD COLUMN subject_type text NOT NULL DEFAULT 'user' CHECK (subject_type IN ('user', 'staff'));
ALTER TABLE two_factor_recovery_codes DROP CONSTRAINT two_factor_recovery_codes_user_id_fkey;
