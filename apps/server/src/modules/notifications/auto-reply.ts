import type { Needs } from '../../context.ts';
import type { OutboxRelay } from '../../events/outbox-relay.ts';
import { insertMessageOnce, toChatMessage } from '../chat/index.ts';
import { autoRepliesOf } from '../settings/index.ts';
import { findUserById } from '../users/index.ts';
import type { FeedLog } from './notification-feed.ts';

/**
 * Posts the order owner's auto-reply (trading settings) into the chat of every trade opened
 * on their order, as their own message, once the trade committed. A durable consumer of the
 * outbox's relay (docs/decisions/041): the line takes the event's id, so an event delivered
 * twice posts it once. A failure is logged; the trade is already open and stays so.
 */
export function startAutoReply(
  ctx: Needs<'db' | 'clock' | 'notifier'>,
  relay: OutboxRelay,
  log: FeedLog,
): { close(): void; idle(): Promise<void> } {
  const close = relay.consume(async (events) => {
    const opened = events.flatMap((e) =>
      e.event === 'trade:created'
        ? [{ eventId: e.id, ownerId: e.room.slice('user:'.length), tradeId: e.payload.tradeId }]
        : [],
    );
    if (opened.length === 0) return;
    // The owners' auto-replies, one statement for the batch: most owners write none.
    const replies = await autoRepliesOf(
      ctx.db,
      opened.map((o) => o.ownerId),
    ).catch((error: unknown) => {
      log.error({ err: error }, 'auto-reply failed');
      throw error;
    });
    for (const o of opened) {
      const autoReply = replies.get(o.ownerId);
      if (!autoReply) continue;
      await post(ctx, { ...o, autoReply }).catch((error: unknown) => {
        log.error({ err: error, tradeId: o.tradeId }, 'auto-reply failed');
        throw error;
      });
    }
  });
  return { close, idle: () => relay.idle() };
}

async function post(
  ctx: Needs<'db' | 'clock' | 'notifier'>,
  {
    eventId,
    ownerId,
    tradeId,
    autoReply,
  }: { eventId: string; ownerId: string; tradeId: string; autoReply: string },
): Promise<void> {
  const owner = await findUserById(ctx.db, ownerId);
  if (!owner) return;
  const row = await insertMessageOnce(ctx.db, {
    id: eventId,
    tradeId,
    senderId: ownerId,
    type: 'TEXT',
    content: autoReply,
    createdAt: ctx.clock.now(),
  });
  // Told straight to the notifier, with no transaction to hold it in: this runs as the outbox's
  // durable consumer of a trade already committed, the line is one statement keyed by the
  // event's id, and a trade room's event is a socket hint never written (docs/decisions/041).
  if (row) ctx.notifier.toTrade(tradeId, 'message:new', { tradeId, message: toChatMessage(row, owner) });
}
