/** Public API of the wallet feature. */
export { useWalletBalances, WALLET_BALANCES_KEY } from './api/wallet-api';
export { COIN_NAMES } from './components/coins';
export { useValuation, type Valuation } from './components/useValuation';
export { ValuationNote } from './components/ValuationNote';
export { WalletPage } from './routes/WalletPage';
