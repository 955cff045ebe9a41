-- A webhook delivery shows its owner only what its last attempt came to: delivered, error or
-- timeout (docs/decisions/036). The network's own words (a refused connection against a
-- timeout, a resolver's message) told whoever chose the address what lies behind it.
ALTER TABLE webhook_deliveries ADD COLUMN last_outcome text
  CHECK (last_outcome IN ('delivered', 'error', 'timeout'));

UPDATE webhook_deliveries SET last_outcome = CASE
    WHEN status = 'delivered' THEN 'delivered'
    WHEN last_error ILIKE '%timeout%' THEN 'timeout'
    ELSE 'error'
  END
  WHERE last_attempt_at IS NOT NULL;

ALTER TABLE webhook_deliveries DROP COLUMN last_error;
