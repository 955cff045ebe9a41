import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { balances } from '../../db/schema.ts';
import { userAccount } from './ledger.ts';

export interface BalanceRow {
  currency: string;
  available: bigint;
  locked: bigint;
  updatedAt: Date;
}

/** A user's balances per currency (read-only; only the ledger writes them). */
export async function balancesOfUser(db: Executor, userId: string): Promise<BalanceRow[]> {
  return db
    .select({
      currency: balances.currency,
      available: balances.available,
      locked: balances.locked,
      updatedAt: balances.updatedAt,
    })
    .from(balances)
    .where(eq(balances.account, userAccount(userId)))
    .orderBy(balances.currency);
}
