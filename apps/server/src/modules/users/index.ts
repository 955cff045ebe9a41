/**
 * The users module's face (docs/ARCHITECTURE.md, "Modules with faces"): users: routes, service,
 * blocking, presence, reputation and its counters. Other modules and the app import this file
 * only; the rest of the folder is private.
 */
export { revokeUserSessions } from './blocking.repository.ts';
export { assertNotBlocked, userBlocked } from './blocking.ts';
export { onlineStatusOf } from './presence.ts';
export { counted30d, reputationFields, type ShownFigures } from './reputation.repository.ts';
export {
  countedColumns,
  REPUTATION_FROM_STATS,
  type ReputationSummary,
  reputationSummaries,
  toReputationSummary,
} from './reputation.ts';
export {
  applyCompletionCounters,
  applyReviewCounters,
  auditReputationCounters,
  movesShownFigures,
  tradeCountersStatement,
} from './reputation-counters.ts';
export { effectiveAvatar, effectiveName } from './user-view.ts';
export {
  findUserById,
  findUserByUsername,
  insertUser,
  listOldestUsers,
  type TelegramIdentity,
  updateUser,
  upsertTelegramUser,
} from './users.repository.ts';
export { usersRoutes } from './users.routes.ts';
export { UsersService, userViewOf } from './users.service.ts';
