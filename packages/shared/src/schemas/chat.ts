import { z } from 'zod';
import { isMessageKey, type Lang, type MessageKey, translate } from '../i18n/runtime.ts';
import { detectedTimeZone, formatZonedTime } from '../time-zones.ts';
import { PageInfo } from './common.ts';
import { text } from './text.ts';

/** Longest chat message, in UTF-16 code units as the client counts them. */
export const CHAT_MESSAGE_MAX = 2000;
/** Chat history page: the chat opens on the latest 100 messages. */
export const CHAT_PAGE_SIZE = 100;

export const ChatMessages = {
  empty: 'validation.chat.empty',
  tooLong: 'validation.chat.tooLong',
  textOnly: 'validation.chat.textOnly',
  badCharacters: 'validation.chat.badCharacters',
  notFound: 'errors.messageNotFound',
  loadFailed: 'errors.chatLoad',
  sendFailed: 'errors.chatSend',
  offline: 'errors.chatOffline',
} as const satisfies Record<string, MessageKey>;

/** MODERATOR: written by the dispute moderator (no sender; shown as the moderator's). */
export const ChatMessageType = z.enum(['TEXT', 'SYSTEM', 'MODERATOR']);
export type ChatMessageType = z.infer<typeof ChatMessageType>;

/** Who wrote a message; SYSTEM messages have none. */
export const ChatSender = z.object({
  id: z.uuid(),
  displayName: z.string().nullable(),
  firstName: z.string(),
  lastName: z.string().nullable(),
  customAvatarUrl: z.string().nullable(),
  useCustomProfile: z.boolean(),
});
export type ChatSender = z.infer<typeof ChatSender>;

/**
 * One chat message. `content` is plain text, exactly as written: the server never escapes it
 * and no client may render it as HTML.
 */
export const ChatMessage = z.object({
  id: z.uuid(),
  tradeId: z.uuid(),
  senderId: z.uuid().nullable(),
  content: z.string(),
  /** A SYSTEM line's catalogue key: clients show the line in their reader's language by it. */
  contentKey: z.string().nullable(),
  /**
   * The key's values as data: a deadline (`deadline`) is an ISO instant that each reader's
   * client writes in their own zone (docs/decisions/030). Null or absent without values.
   */
  contentValues: z.record(z.string(), z.string()).nullable().optional(),
  type: ChatMessageType,
  createdAt: z.string(),
  readAt: z.string().nullable(),
  sender: ChatSender.nullable(),
});
export type ChatMessage = z.infer<typeof ChatMessage>;

/** Values of a chat line that are instants, written in the reader's zone with their zone named. */
const TIME_VALUES = new Set(['deadline']);

/**
 * A SYSTEM (or keyed MODERATOR) line in the reader's language, by its key, with its time values
 * in the reader's zone (`timeZone`, the browser's own by default); as stored when it has no key.
 */
export function systemLineText(
  message: Pick<ChatMessage, 'content' | 'contentKey'> & Partial<Pick<ChatMessage, 'contentValues'>>,
  lang: Lang,
  timeZone: string = detectedTimeZone(),
): string {
  const key = message.contentKey;
  if (!key || !isMessageKey(key)) return message.content;
  const values: Record<string, string> = {};
  for (const [name, value] of Object.entries(message.contentValues ?? {})) {
    const at = TIME_VALUES.has(name) ? new Date(value) : null;
    values[name] =
      at && !Number.isNaN(at.getTime()) ? formatZonedTime(at, timeZone, lang, { withDate: true }) : value;
  }
  return translate(lang, key, values);
}

/** Text as users send it: trimmed, 1..2000 characters, several lines, no control characters. */
export const MessageContent = text({
  min: 1,
  max: CHAT_MESSAGE_MAX,
  multiline: true,
  messages: {
    required: ChatMessages.empty,
    tooLong: ChatMessages.tooLong,
    badCharacters: ChatMessages.badCharacters,
  },
});

/** Users write TEXT only; SYSTEM lines come from trade transitions. */
export const SendMessageRequest = z.object({
  content: MessageContent,
  type: z.literal('TEXT', { error: ChatMessages.textOnly }).default('TEXT'),
});
export type SendMessageRequest = z.infer<typeof SendMessageRequest>;

/**
 * Paging counts back from the newest message: offset 0 is the latest `limit` messages, the
 * next page (offset + limit) the ones before them. Each page is ordered oldest first, and
 * `hasNext` says older messages remain.
 */
export const MessageListQuery = z.object({
  limit: z.coerce.number().int().min(1).max(CHAT_PAGE_SIZE).default(CHAT_PAGE_SIZE),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
export type MessageListQuery = z.infer<typeof MessageListQuery>;

export const MessageList = PageInfo.extend({ messages: z.array(ChatMessage) });
export type MessageList = z.infer<typeof MessageList>;

export const UnreadCount = z.object({ unreadCount: z.number().int().min(0) });
export type UnreadCount = z.infer<typeof UnreadCount>;

export const ReadAllResult = z.object({
  /** Messages this call marked read. */
  updated: z.number().int().min(0),
  readAt: z.string().nullable(),
});
export type ReadAllResult = z.infer<typeof ReadAllResult>;
