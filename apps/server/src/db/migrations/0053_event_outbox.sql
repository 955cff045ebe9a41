-- The transactional outbox (docs/decisions/041-transactional-outbox.md): every event a state
-- change decides is written here in the change's own transaction, one row per event and
-- room. After the commit the instance that made it delivers it at once; a row still not done
-- a few seconds later (its instance died, a consumer failed) is claimed by the dispatcher of
-- any instance (FOR UPDATE SKIP LOCKED) and delivered again. Consumers are idempotent, keyed
-- by the row's id: the inbox entry and the auto-reply line take it as their own id, a webhook
-- delivery as its event id (UNIQUE (webhook_id, event_id)), a bot message claims a marker.
CREATE TABLE event_outbox (
  id uuid PRIMARY KEY,
  room text NOT NULL,
  event text NOT NULL,
  payload jsonb NOT NULL,
  recipient_role text CHECK (recipient_role IN ('buyer', 'seller')),
  created_at timestamptz NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  lease_until timestamptz,
  done_at timestamptz
);
CREATE INDEX event_outbox_pending_idx ON event_outbox (created_at) WHERE done_at IS NULL;
CREATE INDEX event_outbox_done_idx ON event_outbox (done_at) WHERE done_at IS NOT NULL;

-- A bot message claimed before it is sent: an event delivered twice never messages twice.
CREATE TABLE telegram_sent (
  notification_id uuid NOT NULL,
  chat_id bigint NOT NULL,
  sent_at timestamptz NOT NULL,
  PRIMARY KEY (notification_id, chat_id)
);
