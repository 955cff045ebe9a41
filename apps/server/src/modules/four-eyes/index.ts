/**
 * The four-eyes module's face (docs/ARCHITECTURE.md, "Modules with faces"): valuing a staff action
 * in USD and keeping it as a proposal for a second admin (docs/decisions/023). Other modules and
 * the app import this file only; the rest of the folder is private.
 */
export {
  countApprovals,
  decideApproval,
  findApproval,
  insertApproval,
  listApprovals,
  lockApproval,
  pendingForTrade,
  pendingForWithdrawal,
} from './approvals.repository.ts';
export { currentUsdRates, formatUsdCents, type PriceSource, type UsdRates, valuation } from './four-eyes.ts';
export { caseApprovalRef, pendingResult, resolutionOf } from './proposals.ts';
