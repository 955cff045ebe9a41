-- Every time in the reader's own zone (docs/decisions/030-reminders-and-time-zones.md).

-- The user's IANA zone: the browser sends it at sign-in, the settings change it; the bot writes
-- times in it. Checked with Intl by the server before it is written.
ALTER TABLE users ADD COLUMN time_zone text NOT NULL DEFAULT 'Europe/Moscow'
  CHECK (char_length(time_zone) BETWEEN 1 AND 64);

-- A chat line written from a catalogue key keeps its values as data (a deadline as an ISO
-- instant), so each reader's client writes the line in their own language and zone.
ALTER TABLE chat_messages ADD COLUMN content_values jsonb;
