import { CHAT_MESSAGE_MAX, type ChatMessage, effectiveName, type MessageKey } from '@p2p/shared';

/** Sender-side refusals, as catalogue keys. */
export const SendErrors = {
  tooLong: 'validation.chat.tooLong',
  noId: 'validation.chat.noId',
  noName: 'validation.chat.noName',
} as const satisfies Record<string, MessageKey>;

export type OutgoingCheck = { ok: true; content: string } | { ok: false; error: MessageKey | null };

/**
 * Whether a draft may be sent: whitespace-only is silently not sent (error null); over 2000
 * characters, or a sender without an id or name, is refused with its catalogue text.
 */
export function checkOutgoing(
  draft: string,
  sender: { id?: string | null; displayName?: string | null; firstName?: string | null } | null,
): OutgoingCheck {
  const content = draft.trim();
  if (!content) return { ok: false, error: null };
  if (content.length > CHAT_MESSAGE_MAX) return { ok: false, error: SendErrors.tooLong };
  if (!sender?.id) return { ok: false, error: SendErrors.noId };
  if (!sender.displayName && !sender.firstName) return { ok: false, error: SendErrors.noName };
  return { ok: true, content };
}

/**
 * SYSTEM and MODERATOR lines have no sender (the platform speaks); a TEXT message without
 * sender id or name is dropped.
 */
export function isShowable(message: ChatMessage): boolean {
  if (message.type === 'SYSTEM' || message.type === 'MODERATOR') return true;
  return Boolean(message.senderId && (message.sender?.displayName || message.sender?.firstName));
}

/** The author's name as others see it (the same rule as the server's views). */
export function senderName(message: ChatMessage): string {
  return message.sender ? effectiveName(message.sender) : '';
}

/** Oldest first; ties keep the server's order. */
export function byTime(a: ChatMessage, b: ChatMessage): number {
  return a.createdAt.localeCompare(b.createdAt);
}

/** The messages to show, oldest first, whatever order the page came in. */
export function showable(list: readonly ChatMessage[]): ChatMessage[] {
  return list.filter(isShowable).sort(byTime);
}

/** Adds or replaces by id, keeping the list in time order. */
export function upsertMessage(list: readonly ChatMessage[], message: ChatMessage): ChatMessage[] {
  const rest = list.filter((m) => m.id !== message.id);
  const next = [...rest, message];
  next.sort(byTime);
  return next;
}

/** Records that a message was read. */
export function markRead(list: readonly ChatMessage[], messageId: string, readAt: string): ChatMessage[] {
  return list.map((m) => (m.id === messageId && !m.readAt ? { ...m, readAt } : m));
}

/** Counterparty TEXT messages I have not read yet. */
export function unreadIncoming(list: readonly ChatMessage[], myId: string): number {
  return list.filter((m) => m.type === 'TEXT' && m.senderId !== myId && !m.readAt).length;
}
