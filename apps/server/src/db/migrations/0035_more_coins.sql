-- The spec's other coins (docs/decisions/031-doge-sol-ada.md): SOL, ADA and DOGE join BTC, ETH,
-- USDT and BNB; Solana, Cardano and Dogecoin join the chains; SOL, USDT-SPL (USDT on Solana),
-- ADA and DOGE join the networks. Every CHECK that lists coins, chains or networks is widened,
-- and the per-chain and per-network rows the others have are seeded.

ALTER TABLE balances DROP CONSTRAINT balances_currency_check,
  ADD CONSTRAINT balances_currency_check
    CHECK (currency IN ('BTC', 'ETH', 'USDT', 'BNB', 'SOL', 'ADA', 'DOGE'));

ALTER TABLE orders DROP CONSTRAINT orders_cryptocurrency_check,
  ADD CONSTRAINT orders_cryptocurrency_check
    CHECK (cryptocurrency IN ('BTC', 'ETH', 'USDT', 'BNB', 'SOL', 'ADA', 'DOGE'));
ALTER TABLE orders DROP CONSTRAINT orders_payment_currency,
  ADD CONSTRAINT orders_payment_currency CHECK (fiat_currency IN ('RUB', 'USD', 'EUR', 'CNY', 'TRY', 'KZT',
    'BTC', 'ETH', 'USDT', 'BNB', 'SOL', 'ADA', 'DOGE'));
ALTER TABLE orders DROP CONSTRAINT orders_payment_methods,
  ADD CONSTRAINT orders_payment_methods CHECK (
    CASE WHEN fiat_currency IN ('BTC', 'ETH', 'USDT', 'BNB', 'SOL', 'ADA', 'DOGE')
      THEN type = 'sell' AND cardinality(payment_methods) = 0
      ELSE cardinality(payment_methods) BETWEEN 1 AND 10 END);

ALTER TABLE swaps DROP CONSTRAINT swaps_cryptocurrency_check,
  ADD CONSTRAINT swaps_cryptocurrency_check
    CHECK (cryptocurrency IN ('BTC', 'ETH', 'USDT', 'BNB', 'SOL', 'ADA', 'DOGE'));
ALTER TABLE swaps DROP CONSTRAINT swaps_paid_currency_check,
  ADD CONSTRAINT swaps_paid_currency_check
    CHECK (paid_currency IN ('BTC', 'ETH', 'USDT', 'BNB', 'SOL', 'ADA', 'DOGE'));

ALTER TABLE deposit_addresses DROP CONSTRAINT deposit_addresses_chain_check,
  ADD CONSTRAINT deposit_addresses_chain_check
    CHECK (chain IN ('bitcoin', 'ethereum', 'bsc', 'tron', 'solana', 'cardano', 'dogecoin'));
ALTER TABLE deposit_address_counters DROP CONSTRAINT deposit_address_counters_chain_check,
  ADD CONSTRAINT deposit_address_counters_chain_check
    CHECK (chain IN ('bitcoin', 'ethereum', 'bsc', 'tron', 'solana', 'cardano', 'dogecoin'));
INSERT INTO deposit_address_counters (chain) VALUES ('solana'), ('cardano'), ('dogecoin');

ALTER TABLE deposits DROP CONSTRAINT deposits_network_check,
  ADD CONSTRAINT deposits_network_check CHECK (network IN ('BTC', 'ETH', 'USDT-ERC20', 'USDT-TRC20',
    'BNB-BEP20', 'SOL', 'USDT-SPL', 'ADA', 'DOGE'));
ALTER TABLE deposits DROP CONSTRAINT deposits_currency_check,
  ADD CONSTRAINT deposits_currency_check
    CHECK (currency IN ('BTC', 'ETH', 'USDT', 'BNB', 'SOL', 'ADA', 'DOGE'));

ALTER TABLE chain_watch_state DROP CONSTRAINT chain_watch_state_network_check,
  ADD CONSTRAINT chain_watch_state_network_check CHECK (network IN ('BTC', 'ETH', 'USDT-ERC20', 'USDT-TRC20',
    'BNB-BEP20', 'SOL', 'USDT-SPL', 'ADA', 'DOGE'));

ALTER TABLE devnet_chains DROP CONSTRAINT devnet_chains_network_check,
  ADD CONSTRAINT devnet_chains_network_check CHECK (network IN ('BTC', 'ETH', 'USDT-ERC20', 'USDT-TRC20',
    'BNB-BEP20', 'SOL', 'USDT-SPL', 'ADA', 'DOGE'));
INSERT INTO devnet_chains (network) VALUES ('SOL'), ('USDT-SPL'), ('ADA'), ('DOGE');

ALTER TABLE withdrawals DROP CONSTRAINT withdrawals_cryptocurrency_check,
  ADD CONSTRAINT withdrawals_cryptocurrency_check
    CHECK (cryptocurrency IN ('BTC', 'ETH', 'USDT', 'BNB', 'SOL', 'ADA', 'DOGE'));
ALTER TABLE withdrawals DROP CONSTRAINT withdrawals_network_check,
  ADD CONSTRAINT withdrawals_network_check CHECK (network IN ('BTC', 'ETH', 'USDT-ERC20', 'USDT-TRC20',
    'BNB-BEP20', 'SOL', 'USDT-SPL', 'ADA', 'DOGE'));

ALTER TABLE withdrawal_addresses DROP CONSTRAINT withdrawal_addresses_network_check,
  ADD CONSTRAINT withdrawal_addresses_network_check CHECK (network IN ('BTC', 'ETH', 'USDT-ERC20',
    'USDT-TRC20', 'BNB-BEP20', 'SOL', 'USDT-SPL', 'ADA', 'DOGE'));
