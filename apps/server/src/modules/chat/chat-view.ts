import type { ChatMessage, ChatSender } from '@p2p/shared';
import type { ChatMessageRow, UserRow } from '../../db/schema.ts';

function sender(u: UserRow): ChatSender {
  return {
    id: u.id,
    displayName: u.displayName,
    firstName: u.firstName,
    lastName: u.lastName,
    customAvatarUrl: u.customAvatarUrl,
    useCustomProfile: u.useCustomProfile,
  };
}

/** The wire shape of a message; content goes out exactly as stored (plain text). */
export function toChatMessage(row: ChatMessageRow, author: UserRow | null): ChatMessage {
  return {
    id: row.id,
    tradeId: row.tradeId,
    senderId: row.senderId,
    content: row.content,
    contentKey: row.contentKey,
    contentValues: row.contentValues ?? null,
    type: row.type,
    createdAt: row.createdAt.toISOString(),
    readAt: row.readAt?.toISOString() ?? null,
    sender: author ? sender(author) : null,
  };
}
