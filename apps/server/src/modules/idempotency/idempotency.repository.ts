import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { idempotencyKeys } from '../../db/schema.ts';

type IdempotencyKeyRow = typeof idempotencyKeys.$inferSelect;

/** One request's key: whose it is, for which operation, and the key the client sent. */
export interface KeyOf {
  userId: string;
  scope: string;
  key: string;
}

const where = (k: KeyOf) =>
  and(
    eq(idempotencyKeys.userId, k.userId),
    eq(idempotencyKeys.scope, k.scope),
    eq(idempotencyKeys.key, k.key),
  );

/**
 * Claims the key with an empty answer, or with `answer` when it is known before the work; false
 * when it is already there (a repeat). A concurrent first request holds the key's unique index
 * until it commits, so this waits for it.
 */
export async function claimKey(tx: Tx, k: KeyOf, requestHash: string, answer?: object): Promise<boolean> {
  const claimed = await tx
    .insert(idempotencyKeys)
    .values({
      userId: k.userId,
      scope: k.scope,
      key: k.key,
      requestHash,
      statusCode: answer ? 200 : 0,
      response: answer ?? {},
    })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  return claimed.length > 0;
}

export async function findKey(tx: Tx, k: KeyOf): Promise<IdempotencyKeyRow | null> {
  const [stored] = await tx.select().from(idempotencyKeys).where(where(k));
  return stored ?? null;
}

/** Stores the answer of the request that claimed the key. */
export async function storeAnswer(tx: Tx, k: KeyOf, response: object): Promise<void> {
  await tx.update(idempotencyKeys).set({ statusCode: 200, response }).where(where(k));
}
