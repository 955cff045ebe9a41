/**
 * The ledger module's face (docs/ARCHITECTURE.md, "Modules with faces"): the only code that moves
 * balances, and the balances it keeps (docs/ARCHITECTURE.md, Data). Other modules and the app
 * import this file only; the rest of the folder is private.
 */
export { balancesOfUser, balancesOfUsers } from './balances.repository.ts';
export {
  completeWithdrawal,
  credit,
  creditDeposit,
  debit,
  FEE_ACCOUNT_SQL,
  lock,
  lockWithdrawal,
  refundEscrow,
  releaseEscrow,
  settleSwap,
  transferInternally,
  unlock,
  unlockWithdrawal,
  userAccount,
  type WithdrawalMoney,
} from './ledger.ts';
