import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client.ts';

/** Records a re-authentication proof of a session (docs/decisions/033), by its hash only. */
export async function insertReauthToken(
  db: Executor,
  row: { tokenHash: string; sessionId: string; userId: string; expiresAt: Date; now: Date },
): Promise<void> {
  await queryRows(
    db,
    sql`WITH purged AS (
      DELETE FROM reauth_tokens WHERE session_id = ${row.sessionId}
        AND expires_at <= ${row.now.toISOString()}::timestamptz
    )
    INSERT INTO reauth_tokens (token_hash, session_id, user_id, expires_at, created_at)
    VALUES (${row.tokenHash}, ${row.sessionId}, ${row.userId},
      ${row.expiresAt.toISOString()}::timestamptz, ${row.now.toISOString()}::timestamptz)`,
  );
}

/**
 * Whether `tokenHash` is an unexpired proof given to this very session of this user, the
 * session still live: a proof taken to another session, or outliving its own, proves nothing.
 */
export async function reauthIsLive(
  db: Executor,
  q: { tokenHash: string; sessionId: string; userId: string; now: Date },
): Promise<boolean> {
  const rows = await queryRows<{ ok: number }>(
    db,
    sql`SELECT 1 AS ok FROM reauth_tokens r
      JOIN auth_sessions s ON s.id = r.session_id
      WHERE r.token_hash = ${q.tokenHash} AND r.session_id = ${q.sessionId} AND r.user_id = ${q.userId}
        AND r.expires_at > ${q.now.toISOString()}::timestamptz AND s.revoked_at IS NULL`,
  );
  return rows.length === 1;
}
