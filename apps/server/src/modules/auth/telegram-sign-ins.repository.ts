import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client.ts';

/** Expired rows one sign-in clears on its way (bounded: a sign-in never waits on a big purge). */
const PURGE_BATCH = 100;

/**
 * Records an accepted Telegram sign-in payload by the digest of its hash; false when it was
 * accepted before (docs/decisions/023). The primary key decides between concurrent replays:
 * the second insert waits for the first and then does nothing. The same statement clears a
 * batch of rows whose payloads are stale by now (SKIP LOCKED: purges never wait on each other).
 */
export async function acceptSignInOnce(
  db: Executor,
  hashDigest: string,
  expiresAt: Date,
  now: Date,
): Promise<boolean> {
  const rows = await queryRows<{ hash_digest: string }>(
    db,
    sql`WITH purged AS (
      DELETE FROM telegram_sign_ins WHERE hash_digest IN (
        SELECT hash_digest FROM telegram_sign_ins
        WHERE expires_at <= ${now.toISOString()}::timestamptz
        LIMIT ${PURGE_BATCH} FOR UPDATE SKIP LOCKED)
    )
    INSERT INTO telegram_sign_ins (hash_digest, expires_at)
    VALUES (${hashDigest}, ${expiresAt.toISOString()}::timestamptz)
    ON CONFLICT (hash_digest) DO NOTHING
    RETURNING hash_digest`,
  );
  return rows.length === 1;
}
