-- A bot message's marker records when it was claimed and, apart, when Telegram accepted it:
-- a claim never answered (its instance died mid-send) is sent again once it is older than the
-- send deadline (docs/decisions/041, "Bot messages").
ALTER TABLE telegram_sent ADD COLUMN claimed_at timestamptz;
UPDATE telegram_sent SET claimed_at = sent_at;
ALTER TABLE telegram_sent ALTER COLUMN claimed_at SET NOT NULL;
ALTER TABLE telegram_sent ALTER COLUMN sent_at DROP NOT NULL;
