import { and, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { type Executor, queryRows, type Tx } from '../../db/client.ts';
import { apiKeys, users } from '../../db/schema.ts';

/** Expired signatures one accepted request clears on its way (a request never waits on a big purge). */
const PURGE_BATCH = 100;

export async function insertApiKey(tx: Tx, values: typeof apiKeys.$inferInsert): Promise<string> {
  const [row] = await tx.insert(apiKeys).values(values).returning({ id: apiKeys.id });
  if (!row) throw new Error('api key insert returned nothing');
  return row.id;
}

/**
 * How many live keys a user has, counted under a transaction-level advisory lock on the user
 * so that two creations at once cannot both pass the cap.
 */
export async function countLiveKeysLocked(tx: Tx, userId: string): Promise<number> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`api-keys:${userId}`}, 0))`);
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(apiKeys)
    .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)));
  return row?.n ?? 0;
}

/** A user's live keys, newest first. */
export function liveKeysOf(db: Executor, userId: string) {
  return db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
    .orderBy(desc(apiKeys.createdAt));
}

/** Revokes one of the user's live keys; false when they have no such key. */
export async function revokeKey(db: Executor, userId: string, id: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(apiKeys)
    .set({ revokedAt: now })
    .where(and(eq(apiKeys.id, id), eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
    .returning({ id: apiKeys.id });
  return rows.length === 1;
}

/** A key by its public identifier, with what authenticating a request needs of its owner. */
export async function keyForRequest(db: Executor, key: string) {
  const [row] = await db
    .select({
      id: apiKeys.id,
      userId: apiKeys.userId,
      secretSealed: apiKeys.secretSealed,
      scopes: apiKeys.scopes,
      ipAllowlist: apiKeys.ipAllowlist,
      revokedAt: apiKeys.revokedAt,
      lastUsedAt: apiKeys.lastUsedAt,
      blockedAt: users.blockedAt,
    })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .where(eq(apiKeys.key, key));
  return row;
}
export type KeyForRequest = NonNullable<Awaited<ReturnType<typeof keyForRequest>>>;

/**
 * Records a key's accepted signature until `expiresAt`; false when it was accepted before (a
 * replay). The primary key decides between concurrent replays on any instances: the second
 * insert waits for the first and then does nothing. The same statement clears a batch of
 * expired rows (SKIP LOCKED: purges never wait on each other).
 */
export async function acceptSignatureOnce(
  db: Executor,
  { keyId, signature, expiresAt, now }: { keyId: string; signature: string; expiresAt: Date; now: Date },
): Promise<boolean> {
  const rows = await queryRows<{ key_id: string }>(
    db,
    sql`WITH purged AS (
      DELETE FROM api_key_signatures WHERE (key_id, signature) IN (
        SELECT key_id, signature FROM api_key_signatures
        WHERE expires_at <= ${now.toISOString()}::timestamptz
        LIMIT ${PURGE_BATCH} FOR UPDATE SKIP LOCKED)
    )
    INSERT INTO api_key_signatures (key_id, signature, expires_at)
    VALUES (${keyId}, ${signature}, ${expiresAt.toISOString()}::timestamptz)
    ON CONFLICT (key_id, signature) DO NOTHING
    RETURNING key_id`,
  );
  return rows.length === 1;
}

/** Notes a key's use, unless a use less than a minute ago was noted already. */
export async function touchKeyUsed(db: Executor, id: string, now: Date): Promise<void> {
  const minuteAgo = new Date(now.getTime() - 60_000);
  await db
    .update(apiKeys)
    .set({ lastUsedAt: now })
    .where(and(eq(apiKeys.id, id), or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, minuteAgo))));
}

/**
 * Every credential of the merchant API a user holds ends at once (docs/decisions/033): live
 * keys are revoked, webhooks deleted with their pending deliveries. Returns how many of each.
 */
export async function revokeAllCredentials(
  db: Executor,
  userId: string,
  now: Date,
): Promise<{ keys: number; webhooks: number }> {
  const keys = await queryRows<{ id: string }>(
    db,
    sql`UPDATE api_keys SET revoked_at = ${now.toISOString()}::timestamptz
      WHERE user_id = ${userId} AND revoked_at IS NULL RETURNING id`,
  );
  const hooks = await queryRows<{ id: string }>(
    db,
    sql`DELETE FROM webhooks WHERE user_id = ${userId} RETURNING id`,
  );
  return { keys: keys.length, webhooks: hooks.length };
}
