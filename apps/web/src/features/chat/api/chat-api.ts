import { CHAT_PAGE_SIZE, type ChatMessage, type MessageList, type ReadAllResult } from '@p2p/shared';
import { apiRequest, newIdempotencyKey } from '@/lib/api';

const path = (tradeId: string) => `/trades/${encodeURIComponent(tradeId)}/messages`;

export const chatKeys = {
  messages: (tradeId: string) => ['trade', tradeId, 'messages'] as const,
};

export const chatApi = {
  /** The latest 100 messages, oldest first (docs/decisions/008-chat-paging.md). */
  list: (tradeId: string) => apiRequest<MessageList>(`${path(tradeId)}?limit=${CHAT_PAGE_SIZE}&offset=0`),
  send: (tradeId: string, content: string, idempotencyKey: string = newIdempotencyKey()) =>
    apiRequest<ChatMessage>(path(tradeId), {
      method: 'POST',
      body: { content, type: 'TEXT' },
      headers: { 'Idempotency-Key': idempotencyKey },
    }),
  readAll: (tradeId: string) => apiRequest<ReadAllResult>(`${path(tradeId)}/read-all`, { method: 'PATCH' }),
};
