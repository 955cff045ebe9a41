-- Trade limits (docs/decisions/023-trust-and-safety.md, "Limits"). The limits are read from
-- the trades themselves when a trade opens: open trades as buyer, cancellations and expiries
-- as buyer in the last 24 h, disputes lost. A staff lift forgives everything counted before it:
-- only what happens after a user's latest lift counts.
CREATE TABLE trade_limit_lifts (
  id bigserial PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id),
  staff_id uuid NOT NULL REFERENCES staff (id),
  reason text NOT NULL,
  lifted_at timestamptz NOT NULL,
  -- the suspensions it lifted, as the back office showed them
  lifted jsonb NOT NULL
);
CREATE INDEX trade_limit_lifts_user_idx ON trade_limit_lifts (user_id, lifted_at DESC);

-- A buyer's cancellations and expiries (a dispute never ends in one: its refund is a lost dispute).
CREATE INDEX trades_buyer_cancelled_idx ON trades (buyer_id, cancelled_at)
  WHERE status = 'CANCELLED' AND disputed_at IS NULL;
-- Disputes lost: refunded to the seller (the buyer lost), released to the buyer (the seller lost).
CREATE INDEX trades_buyer_lost_idx ON trades (buyer_id, cancelled_at)
  WHERE status = 'CANCELLED' AND disputed_at IS NOT NULL;
CREATE INDEX trades_seller_lost_idx ON trades (seller_id, completed_at)
  WHERE status = 'COMPLETED' AND disputed_at IS NOT NULL;
