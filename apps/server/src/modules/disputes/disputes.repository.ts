import type { UserHistory } from '@p2p/shared';
import { and, asc, eq, isNull, or, type SQL, sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client.ts';
import { type TradeRow, trades } from '../../db/schema.ts';

/**
 * The dispute desk's SQL (docs/decisions/016-back-office.md): the queue of disputed trades, one
 * owner per case, and the parties' dispute history the case file shows.
 */

// ---- The queue ----

export type OwnerFilter = 'all' | 'mine' | 'unassigned';

function queueWhere(owner: OwnerFilter, staffId: string): SQL | undefined {
  const disputed = eq(trades.status, 'DISPUTED');
  if (owner === 'mine') return and(disputed, eq(trades.disputeOwnerId, staffId));
  if (owner === 'unassigned') return and(disputed, isNull(trades.disputeOwnerId));
  return disputed;
}

/** Disputed trades, the oldest dispute first. */
export async function listDisputedTrades(
  db: Executor,
  owner: OwnerFilter,
  staffId: string,
  page: { limit: number; offset: number },
): Promise<{ rows: TradeRow[]; total: number }> {
  const where = queueWhere(owner, staffId);
  const rows = await db
    .select()
    .from(trades)
    .where(where)
    .orderBy(asc(trades.disputedAt), asc(trades.id))
    .limit(page.limit)
    .offset(page.offset);
  const [count] = await db
    .select({ total: sql<number>`count(*)`.mapWith(Number) })
    .from(trades)
    .where(where);
  return { rows, total: count?.total ?? 0 };
}

// ---- Ownership: one conditional update, so two moderators at once give one owner ----

/** Takes a disputed case nobody (or the caller already) owns; null when that did not happen. */
export async function takeCase(db: Executor, tradeId: string, staffId: string, now: Date) {
  const [row] = await db
    .update(trades)
    .set({
      disputeOwnerId: staffId,
      disputeTakenAt: sql`coalesce(${trades.disputeTakenAt}, ${now.toISOString()}::timestamptz)`,
    })
    .where(
      and(
        eq(trades.id, tradeId),
        eq(trades.status, 'DISPUTED'),
        or(isNull(trades.disputeOwnerId), eq(trades.disputeOwnerId, staffId)),
      ),
    )
    .returning();
  return row ?? null;
}

/** Gives a case back: the owner's own, or any owner's when `anyOwner` (an admin). */
export async function releaseCase(db: Executor, tradeId: string, staffId: string, anyOwner: boolean) {
  const [row] = await db
    .update(trades)
    .set({ disputeOwnerId: null, disputeTakenAt: null })
    .where(and(eq(trades.id, tradeId), anyOwner ? undefined : eq(trades.disputeOwnerId, staffId)))
    .returning();
  return row ?? null;
}

// ---- Party history ----

/** Completed trades, disputes opened, and disputes lost (decided for the other party). */
export async function historiesOf(db: Executor, userIds: string[]): Promise<Map<string, UserHistory>> {
  const result = new Map<string, UserHistory>();
  if (userIds.length === 0) return result;
  const ids = [...new Set(userIds)];
  const rows = await queryRows<{
    user_id: string;
    completed: string | number;
    opened: string | number;
    lost: string | number;
  }>(
    db,
    sql`
    SELECT u.id AS user_id,
      (SELECT count(*) FROM trades t WHERE t.status = 'COMPLETED'
        AND (t.buyer_id = u.id OR t.seller_id = u.id)) AS completed,
      (SELECT count(*) FROM trades t WHERE t.disputed_by = u.id) AS opened,
      (SELECT count(*) FROM trades t WHERE t.disputed_at IS NOT NULL AND (
        (t.status = 'COMPLETED' AND t.seller_id = u.id) OR
        (t.status = 'CANCELLED' AND t.buyer_id = u.id))) AS lost
    FROM users u WHERE u.id IN (${sql.join(
      ids.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})`,
  );
  for (const r of rows) {
    result.set(r.user_id, {
      completedTrades: Number(r.completed),
      disputesOpened: Number(r.opened),
      disputesLost: Number(r.lost),
    });
  }
  return result;
}
