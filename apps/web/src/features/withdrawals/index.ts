/** Public API of the withdrawals feature. */
export { WithdrawDialog } from './components/WithdrawDialog';
export { WithdrawalsHistoryPage } from './routes/WithdrawalsHistoryPage';
export { WithdrawRequestPage } from './routes/WithdrawRequestPage';
