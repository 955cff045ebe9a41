import { CRYPTOCURRENCIES, formatCrypto, type WithdrawalFacts } from '@p2p/shared';
import type { Executor } from '../../db/client.ts';
import type { WithdrawalRow } from '../../db/schema.ts';
import { accountFacts, addressUses, creditedDepositsSince } from './withdrawal-facts.repository.ts';

const DAY = 86_400_000;
type Crypto = WithdrawalFacts['deposits7d'][number]['currency'];
const isCrypto = (c: string): c is Crypto => (CRYPTOCURRENCIES as readonly string[]).includes(c);

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
    accountFacts(db, userIds),
    creditedDepositsSince(db, userIds, weekAgo),
    addressUses(
      db,
      rows.map((w) => w.id),
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
