import type {
  ChatMessage,
  MessageList,
  MessageListQuery,
  ReadAllResult,
  SendMessageRequest,
} from '@p2p/shared';
import type { Needs } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import type { TradeRow } from '../../db/schema.ts';
import { assert, notFound } from '../../errors.ts';
import { PendingEvents } from '../../events/notifier.ts';
import { answerEvidence } from '../dispute-evidence/index.ts';
import { idempotent } from '../idempotency/index.ts';
import { findTrade, roleOf, staffMayObserve } from '../trade-access/index.ts';
import { effectiveName, findUserById } from '../users/index.ts';
import * as repo from './chat.repository.ts';
import { toChatMessage } from './chat-view.ts';

/**
 * The chat of one trade, for its two parties only: anyone else is told the trade does not
 * exist. Realtime events go out after the write committed.
 */
export class ChatService {
  constructor(private readonly ctx: Needs<'db' | 'clock' | 'notifier'>) {}

  private async partyTrade(db: Executor, userId: string, tradeId: string): Promise<TradeRow> {
    const trade = await findTrade(db, tradeId);
    if (!trade || roleOf(trade, userId) === 'observer') throw notFound('errors.tradeNotFound');
    return trade;
  }

  async list(userId: string, tradeId: string, q: MessageListQuery): Promise<MessageList> {
    await this.partyTrade(this.ctx.db, userId, tradeId);
    return this.page(tradeId, q);
  }

  /** Staff read a chat only of a trade that went to dispute (docs/decisions/010: observers). */
  async listForModerator(tradeId: string, q: MessageListQuery): Promise<MessageList> {
    const trade = await findTrade(this.ctx.db, tradeId);
    if (!trade || !staffMayObserve(trade)) throw notFound('errors.tradeNotFound');
    return this.page(tradeId, q);
  }

  private async page(tradeId: string, q: MessageListQuery): Promise<MessageList> {
    const { rows, total } = await repo.listMessages(this.ctx.db, tradeId, q.limit, q.offset);
    return {
      messages: rows.map((r) => toChatMessage(r, r.sender)),
      total,
      limit: q.limit,
      offset: q.offset,
      hasNext: q.offset + rows.length < total,
    };
  }

  /** Posts a TEXT message; a repeat with the same Idempotency-Key answers the first one. */
  async send(
    userId: string,
    tradeId: string,
    input: SendMessageRequest,
    idempotencyKey?: string,
  ): Promise<ChatMessage> {
    const events = new PendingEvents();
    const message = await idempotent(
      this.ctx.db,
      { userId, scope: 'chat.send', key: idempotencyKey, request: { tradeId, content: input.content } },
      async (tx) => {
        const trade = await this.partyTrade(tx, userId, tradeId);
        const author = await findUserById(tx, userId);
        assert(author, `user ${userId} of a live session is missing`);
        const row = await repo.insertMessage(tx, {
          tradeId,
          senderId: userId,
          type: 'TEXT',
          content: input.content,
          createdAt: this.ctx.clock.now(),
        });
        // A message answers the moderator's open evidence requests to its author.
        await answerEvidence(tx, { tradeId, userId, answer: 'message', ref: row.id, now: row.createdAt });
        const view = toChatMessage(row, author);
        const recipient = trade.buyerId === userId ? trade.sellerId : trade.buyerId;
        events.toTrade(tradeId, 'message:new', { tradeId, message: view });
        events.toUsers([recipient], 'trade:message', {
          tradeId,
          messageId: view.id,
          senderName: effectiveName(author),
          message: view.content,
        });
        await events.writeTo(tx, row.createdAt);
        return view;
      },
    );
    events.publishTo(this.ctx.notifier);
    return message;
  }

  /**
   * The recipient marks a counterparty message read. Own messages, SYSTEM lines and already
   * read messages are left as they are (200, no event).
   */
  async markRead(userId: string, messageId: string): Promise<ChatMessage> {
    const message = await repo.findMessage(this.ctx.db, messageId);
    if (!message) throw notFound('errors.messageNotFound');
    const trade = await findTrade(this.ctx.db, message.tradeId);
    if (!trade || roleOf(trade, userId) === 'observer') throw notFound('errors.messageNotFound');
    const marked = await repo.markRead(this.ctx.db, messageId, userId, this.ctx.clock.now());
    if (!marked?.readAt) return toChatMessage(message, message.sender);
    const events = new PendingEvents();
    events.toTrade(message.tradeId, 'message:read', {
      tradeId: message.tradeId,
      messageId,
      readAt: marked.readAt.toISOString(),
      readerId: userId,
    });
    events.publishTo(this.ctx.notifier);
    return toChatMessage({ ...message, readAt: marked.readAt }, message.sender);
  }

  async markAllRead(userId: string, tradeId: string): Promise<ReadAllResult> {
    await this.partyTrade(this.ctx.db, userId, tradeId);
    const now = this.ctx.clock.now();
    const ids = await repo.markAllRead(this.ctx.db, tradeId, userId, now);
    const readAt = now.toISOString();
    const events = new PendingEvents();
    for (const messageId of ids) {
      events.toTrade(tradeId, 'message:read', { tradeId, messageId, readAt, readerId: userId });
    }
    events.publishTo(this.ctx.notifier);
    return { updated: ids.length, readAt: ids.length ? readAt : null };
  }

  async unreadCount(userId: string, tradeId: string): Promise<number> {
    await this.partyTrade(this.ctx.db, userId, tradeId);
    const counts = await repo.unreadCounts(this.ctx.db, userId, [tradeId]);
    return counts.get(tradeId) ?? 0;
  }
}
