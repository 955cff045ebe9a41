-- Trade chat (docs/decisions/008): text from the two parties and one SYSTEM line per transition of
-- the trade, written in the transition's own transaction.
CREATE TABLE chat_messages (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- insertion order: the clock may give two messages the same created_at
  seq bigserial NOT NULL UNIQUE,
  trade_id uuid NOT NULL REFERENCES trades (id),
  sender_id uuid REFERENCES users (id),
  type text NOT NULL CHECK (type IN ('TEXT', 'SYSTEM')),
  -- stored verbatim as plain text; never HTML
  content text NOT NULL CHECK (char_length(content) BETWEEN 1 AND 2000),
  created_at timestamptz NOT NULL DEFAULT now(),
  -- when the recipient read it; only TEXT messages are ever marked
  read_at timestamptz,
  CONSTRAINT chat_messages_sender CHECK ((type = 'SYSTEM') = (sender_id IS NULL)),
  CONSTRAINT chat_messages_system_unread CHECK (type = 'TEXT' OR read_at IS NULL)
);
CREATE INDEX chat_messages_trade_idx ON chat_messages (trade_id, seq);
-- Unread counters: the few unread text messages of a trade.
CREATE INDEX chat_messages_unread_idx ON chat_messages (trade_id, sender_id) WHERE read_at IS NULL AND type = 'TEXT';
