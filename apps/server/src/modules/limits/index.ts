/**
 * The limits module's face (docs/ARCHITECTURE.md, "Modules with faces"): trade limits, counted
 * trades and security holds (docs/decisions/023, 035), with the SQL pieces the trade and
 * reputation statements embed. Other modules and the app import this file only; the rest of the
 * folder is private.
 */
export {
  countedPartsSql,
  countedRule,
  countedTradesSql,
  countReviewSql,
  type FrequentPairRow,
  frequentPairs,
  pairMonthOf,
  pairMonthsStatement,
  rebuildPairMonths,
  worthCounting,
} from './counted-trades.repository.ts';
export {
  buyerLimitsLockSql,
  insertLift,
  type LimitCounts,
  limitCountsFromJson,
  listLifts,
  lockBuyerLimits,
  openAsBuyerSql,
  readLimitCounts,
} from './limits.repository.ts';
export { limitsRoutes } from './limits.routes.ts';
export { LimitsService, suspensionView } from './limits.service.ts';
export {
  clearSecurityHold,
  type SecurityHoldRow,
  securityHoldFromJson,
  securityHoldSql,
} from './security-hold.repository.ts';
export { securityHoldRoutes } from './security-hold.routes.ts';
export { refuseUnderHold, requireNoSecurityHold, startSecurityHold } from './security-hold.ts';
