import type { Executor } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { blockedAtForShare } from './blocking.repository.ts';

/** The refusal a blocked user gets wherever blocking matters (docs/decisions/016-back-office.md). */
export const userBlocked = () => new AppError('FORBIDDEN', 'bo.userBlocked');

/**
 * Refuses a blocked user. Inside a transaction it reads the user row FOR SHARE, so it waits
 * for a block being committed at that moment instead of slipping past it.
 */
export async function assertNotBlocked(db: Executor, userId: string): Promise<void> {
  if (await blockedAtForShare(db, userId)) throw userBlocked();
}
