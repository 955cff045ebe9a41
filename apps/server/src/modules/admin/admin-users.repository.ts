import { and, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { users } from '../../db/schema.ts';

export interface AdminUserRow {
  id: string;
  firstName: string;
  lastName: string | null;
  username: string | null;
  displayName: string | null;
  telegramId: bigint | null;
  verified: boolean;
  createdAt: Date;
  tradesCount: number;
  blockedAt: Date | null;
  blockReason: string | null;
}

export interface UserFilter {
  search?: string | undefined;
  userId?: string | undefined;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, '\\$&');

function whereOf(filter: UserFilter): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.userId) conditions.push(eq(users.id, filter.userId));
  const search = filter.search?.replace(/^@/, '');
  if (search) {
    const pattern = `%${escapeLike(search)}%`;
    const anyField = or(
      ilike(users.firstName, pattern),
      ilike(users.lastName, pattern),
      ilike(users.username, pattern),
      ilike(users.displayName, pattern),
      sql`${users.telegramId}::text = ${search}`,
      sql`${users.id}::text = ${search.toLowerCase()}`,
    );
    if (anyField) conditions.push(anyField);
  }
  return conditions.length > 0 ? and(...conditions) : undefined;
}

// Qualified by hand: drizzle prints a bare "id" in single-table selects, which inside the
// subquery would mean trades.id.
const completedTrades = sql<number>`(SELECT count(*) FROM trades t WHERE t.status = 'COMPLETED'
  AND (t.buyer_id = "users"."id" OR t.seller_id = "users"."id"))`.mapWith(Number);

/** A page of users, newest first, with their completed trades as buyer or seller. */
export async function listUsersForAdmin(
  db: Executor,
  filter: UserFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: AdminUserRow[]; total: number }> {
  const where = whereOf(filter);
  const rows = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      username: users.username,
      displayName: users.displayName,
      telegramId: users.telegramId,
      verified: users.verified,
      createdAt: users.createdAt,
      tradesCount: completedTrades,
      blockedAt: users.blockedAt,
      blockReason: users.blockReason,
    })
    .from(users)
    .where(where)
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(page.limit)
    .offset(page.offset);
  const [count] = await db
    .select({ total: sql<number>`count(*)`.mapWith(Number) })
    .from(users)
    .where(where);
  return { rows, total: count?.total ?? 0 };
}

export async function userExists(db: Executor, id: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, id));
  return !!row;
}
