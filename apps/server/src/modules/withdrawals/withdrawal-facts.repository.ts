import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client.ts';

/** The figures behind withdrawal facts (withdrawal-facts.ts), batched for a page of the queue. */

type Count = string | number;

const ids = (values: string[]) =>
  sql.join(
    [...new Set(values)].map((v) => sql`${v}::uuid`),
    sql`, `,
  );

/** Per user: when the account was created, whether it is blocked, completed and disputed trades. */
export function accountFacts(db: Executor, userIds: string[]) {
  return queryRows<{
    id: string;
    created_at: string | Date;
    blocked: boolean;
    completed: Count;
    disputes: Count;
  }>(
    db,
    sql`SELECT u.id, u.created_at, u.blocked_at IS NOT NULL AS blocked,
        (SELECT count(*) FROM trades t WHERE t.status = 'COMPLETED'
          AND (t.buyer_id = u.id OR t.seller_id = u.id)) AS completed,
        (SELECT count(*) FROM trades t WHERE t.status = 'DISPUTED'
          AND (t.buyer_id = u.id OR t.seller_id = u.id)) AS disputes
      FROM users u WHERE u.id IN (${ids(userIds)})`,
  );
}

/** Per user and currency: deposits credited since `since`, how many and their sum (text). */
export function creditedDepositsSince(db: Executor, userIds: string[], since: Date) {
  return queryRows<{ user_id: string; currency: string; n: Count; total: string }>(
    db,
    sql`SELECT user_id, currency, count(*) AS n, sum(amount)::text AS total FROM deposits
      WHERE status = 'credited' AND credited_at >= ${since.toISOString()}::timestamptz
        AND user_id IN (${ids(userIds)})
      GROUP BY user_id, currency ORDER BY currency`,
  );
}

/** Per withdrawal: other withdrawals to the same address and network, by the same user and by others. */
export function addressUses(db: Executor, withdrawalIds: string[]) {
  return queryRows<{ id: string; mine: Count; others: Count }>(
    db,
    sql`SELECT w.id,
        (SELECT count(*) FROM withdrawals o WHERE o.to_address = w.to_address AND o.network = w.network
          AND o.id <> w.id AND o.user_id = w.user_id) AS mine,
        (SELECT count(*) FROM withdrawals o WHERE o.to_address = w.to_address AND o.network = w.network
          AND o.id <> w.id AND o.user_id <> w.user_id) AS others
      FROM withdrawals w WHERE w.id IN (${ids(withdrawalIds)})`,
  );
}
