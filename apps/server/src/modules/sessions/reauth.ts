import { createHash, randomBytes } from 'node:crypto';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { insertReauthToken, reauthIsLive } from './reauth.repository.ts';

/** How long a re-authentication proves the session's holder is the owner (docs/decisions/033). */
export const REAUTH_TTL_MS = 5 * 60_000;

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** The refusal of a security change without a live re-authentication of its session. */
export const reauthRequired = () => new AppError('REAUTH_REQUIRED', 'security.reauthRequired');

/**
 * A new proof for `sessionId` (docs/decisions/033): random, stored hashed, valid for this
 * session for REAUTH_TTL_MS. It may serve every security change of that session in its five
 * minutes (enrolling two-factor takes two requests); the session's own age never counts.
 */
export async function issueReauth(
  db: Executor,
  { sessionId, userId, now }: { sessionId: string; userId: string; now: Date },
): Promise<{ reauthToken: string; expiresAt: string }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + REAUTH_TTL_MS);
  await insertReauthToken(db, { tokenHash: hashOf(token), sessionId, userId, expiresAt, now });
  return { reauthToken: token, expiresAt: expiresAt.toISOString() };
}

/** Refuses (403 REAUTH_REQUIRED) unless `header` is a live proof of this session of this user. */
export async function requireReauth(
  db: Executor,
  { header, sessionId, userId, now }: { header: unknown; sessionId: string; userId: string; now: Date },
): Promise<void> {
  const token = typeof header === 'string' ? header.trim() : '';
  if (!sessionId || !/^[A-Za-z0-9_-]{20,100}$/.test(token)) throw reauthRequired();
  if (!(await reauthIsLive(db, { tokenHash: hashOf(token), sessionId, userId, now }))) throw reauthRequired();
}
