import type { ServerEventPayload } from '@p2p/shared';
import type { AppContext } from '../../context.ts';
import { DeferredJobs } from '../../lib/after-response.ts';
import { insertMessage } from '../chat/chat.repository.ts';
import { toChatMessage } from '../chat/chat-view.ts';
import { settingsOf } from '../settings/settings.repository.ts';
import { findUserById } from '../users/users.repository.ts';
import type { FeedLog } from './notification-feed.ts';

/**
 * Posts the order owner's auto-reply (trading settings) into the chat of every trade opened
 * on their order, as their own message, once the trade committed. A failure is logged; the
 * trade is already open and stays so.
 */
export function startAutoReply(ctx: AppContext, log: FeedLog): { close(): void; idle(): Promise<void> } {
  const jobs = new DeferredJobs();
  const unsubscribe = ctx.notifier.subscribe((e) => {
    if (e.event !== 'trade:created' || !e.room.startsWith('user:')) return;
    const ownerId = e.room.slice('user:'.length);
    const { tradeId } = e.payload as ServerEventPayload<'trade:created'>;
    // After the opening request has sent its answer (lib/after-response.ts).
    jobs.run(
      () => post(ctx, ownerId, tradeId),
      (error) => log.error({ err: error, tradeId }, 'auto-reply failed'),
    );
  });
  return {
    close: unsubscribe,
    idle: () => jobs.idle(),
  };
}

async function post(ctx: AppContext, ownerId: string, tradeId: string): Promise<void> {
  const { autoReply } = await settingsOf(ctx.db, ownerId);
  if (!autoReply.trim()) return;
  const owner = await findUserById(ctx.db, ownerId);
  if (!owner) return;
  const row = await insertMessage(ctx.db, {
    tradeId,
    senderId: ownerId,
    type: 'TEXT',
    content: autoReply,
    createdAt: ctx.clock.now(),
  });
  ctx.notifier.toTrade(tradeId, 'message:new', { tradeId, message: toChatMessage(row, owner) });
}
