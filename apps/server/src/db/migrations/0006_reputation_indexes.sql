-- Reputation is computed on every order-book page and trade view: its lookups must be
-- index scans, not scans of the whole trade history.
CREATE INDEX trade_actions_cancel_actor_idx ON trade_actions (actor_id) WHERE action = 'cancel_trade';
CREATE INDEX trade_actions_expire_idx ON trade_actions (trade_id) WHERE action = 'expire';
CREATE INDEX trades_buyer_status_idx ON trades (buyer_id, status);
CREATE INDEX trades_seller_status_idx ON trades (seller_id, status);
