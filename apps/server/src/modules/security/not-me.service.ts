import type { NotMeResult } from '@p2p/shared';
import type { Needs } from '../../context.ts';
import { notFound } from '../../errors.ts';
import { revokeAllCredentials } from '../api-keys/index.ts';
import { startSecurityHold } from '../limits/index.ts';
import { openSecurityReport, securityEventOfNotice } from './security-reports.repository.ts';

/**
 * «Это не я» (docs/decisions/033, "Security events"): the owner says a security event was not
 * theirs. One transaction ends every session of the account, revokes every API key and webhook,
 * keeps the security hold until staff clear it and opens a case for the back office (one open
 * case per user: a second press opens none). The sessions' sockets close on every instance once
 * it committed. Pressed from the inbox (a session) or the bot (the linked chat), both for
 * a notice of the owner's own inbox only: another's is 404, as an unknown one.
 */
export async function reportNotMe(
  ctx: Needs<'config' | 'db' | 'clock' | 'sessions'>,
  userId: string,
  notificationId: string,
): Promise<NotMeResult> {
  const { result, ended } = await ctx.db.transaction(async (tx) => {
    const eventKind = await securityEventOfNotice(tx, userId, notificationId);
    if (eventKind === null) throw notFound('security.notMe.notFound');
    const now = ctx.clock.now();
    const ended = await ctx.sessions.revokeAllWithin(tx, userId, 'not_me');
    const revoked = await revokeAllCredentials(tx, userId, now);
    await startSecurityHold(ctx, tx, { userId, change: 'not_me' });
    const report = await openSecurityReport(tx, { userId, notificationId, eventKind, now });
    return {
      ended,
      result: {
        reportId: report.id,
        opened: report.opened,
        sessionsEnded: ended.length,
        keysRevoked: revoked.keys,
        webhooksDeleted: revoked.webhooks,
      },
    };
  });
  ctx.sessions.announceEnded(ended);
  return result;
}
