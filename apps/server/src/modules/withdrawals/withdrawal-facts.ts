import { CRYPTOCURRENCIES, formatCrypto, type WithdrawalFacts } from '@p2p/shared';
import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client.ts';
import type { WithdrawalRow } from '../../db/schema.ts';

const DAY = 86_400_000;
type Count = string | number;
type Crypto = WithdrawalFacts['deposits7d'][number]['currency'];
const isCrypto = (c: string): c is Crypto => (CRYPTOCURRENCIES as readonly string[]).includes(c);

const ids = (values: string[]) =>
  sql.join(
    [...new Set(values)].map((v) => sql`${v}::uuid`),
    sql`, `,
  );

/**
 * What decides a withdrawal request (issue 8): the account's age, its completed trades and
 * open disputes, credited deposits of the last 7 days, and whether the destination address
 * was used before by this user or by another. Batched for a page of the queue.
 */
export async function withdrawalFacts(
  db: Executor,
  rows: WithdrawalRow[],
  now: Date,
): Promise<Map<string, WithdrawalFacts>> {
  const facts = new Map<string, WithdrawalFacts>();
  if (rows.length === 0) return facts;
  const userIds = rows.map((w) => w.userId);
  const weekAgo = new Date(now.getTime() - 7 * DAY);
  const [people, deposits, addresses] = await Promise.all([
    queryRows<{ id: string; created_at: string | Date; blocked: boolean; completed: Count; disputes: Count }>(
      db,
      sql`SELECT u.id, u.created_at, u.blocked_at IS NOT NULL AS blocked,
        (SELECT count(*) FROM trades t WHERE t.status = 'COMPLETED'
          AND (t.buyer_id = u.id OR t.seller_id = u.id)) AS completed,
        (SELECT count(*) FROM trades t WHERE t.status = 'DISPUTED'
          AND (t.buyer_id = u.id OR t.seller_id = u.id)) AS disputes
      FROM users u WHERE u.id IN (${ids(userIds)})`,
    ),
    queryRows<{ user_id: string; currency: string; n: Count; total: string }>(
      db,
      sql`SELECT user_id, currency, count(*) AS n, sum(amount)::text AS total FROM deposits
      WHERE status = 'credited' AND credited_at >= ${weekAgo.toISOString()}::timestamptz
        AND user_id IN (${ids(userIds)})
      GROUP BY user_id, currency ORDER BY currency`,
    ),
    queryRows<{ id: string; mine: Count; others: Count }>(
      db,
      sql`SELECT w.id,
        (SELECT count(*) FROM withdrawals o WHERE o.to_address = w.to_address AND o.network = w.network
          AND o.id <> w.id AND o.user_id = w.user_id) AS mine,
        (SELECT count(*) FROM withdrawals o WHERE o.to_address = w.to_address AND o.network = w.network
          AND o.id <> w.id AND o.user_id <> w.user_id) AS others
      FROM withdrawals w WHERE w.id IN (${ids(rows.map((w) => w.id))})`,
    ),
  ]);
  const person = new Map(people.map((p) => [p.id, p]));
  const used = new Map(addresses.map((a) => [a.id, a]));
  for (const w of rows) {
    const p = person.get(w.userId);
    if (!p) continue;
    const created = new Date(p.created_at);
    const a = used.get(w.id);
    facts.set(w.id, {
      accountCreatedAt: created.toISOString(),
      accountAgeDays: Math.max(0, Math.floor((now.getTime() - created.getTime()) / DAY)),
      completedTrades: Number(p.completed),
      openDisputes: Number(p.disputes),
      deposits7d: deposits
        .filter((d) => d.user_id === w.userId)
        .flatMap((d) =>
          isCrypto(d.currency)
            ? [{ currency: d.currency, count: Number(d.n), amount: formatCrypto(BigInt(d.total)) }]
            : [],
        ),
      addressUsedBefore: { byThisUser: Number(a?.mine ?? 0), byOtherUsers: Number(a?.others ?? 0) },
      userBlocked: Boolean(p.blocked),
    });
  }
  return facts;
}
