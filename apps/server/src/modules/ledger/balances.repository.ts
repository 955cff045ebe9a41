import { type Cryptocurrency, formatCrypto } from '@p2p/shared';
import { eq, inArray } from 'drizzle-orm';
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

/** Non-zero balances of several users, by user id (back-office lists). */
export async function balancesOfUsers(
  db: Executor,
  userIds: string[],
): Promise<Map<string, { currency: Cryptocurrency; available: string; locked: string; total: string }[]>> {
  const byUser = new Map<
    string,
    { currency: Cryptocurrency; available: string; locked: string; total: string }[]
  >();
  if (userIds.length === 0) return byUser;
  const accounts = new Map<string, string>(userIds.map((id) => [userAccount(id), id]));
  const rows = await db
    .select({
      account: balances.account,
      currency: balances.currency,
      available: balances.available,
      locked: balances.locked,
    })
    .from(balances)
    .where(inArray(balances.account, [...accounts.keys()] as string[]))
    .orderBy(balances.currency);
  for (const row of rows) {
    const userId = accounts.get(row.account);
    if (!userId || row.available + row.locked === 0n) continue;
    const list = byUser.get(userId) ?? [];
    list.push({
      currency: row.currency as Cryptocurrency,
      available: formatCrypto(row.available),
      locked: formatCrypto(row.locked),
      total: formatCrypto(row.available + row.locked),
    });
    byUser.set(userId, list);
  }
  return byUser;
}
