import type { ChatMessage, MessageList } from '@p2p/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSession } from '@/features/auth';
import { useSocketEvent } from '@/features/realtime';
import { useT } from '@/i18n';
import { newIdempotencyKey } from '@/lib/api';
import { chatApi, chatKeys } from '../api/chat-api';
import { checkOutgoing, markRead, showable, unreadIncoming, upsertMessage } from '../lib/messages';

export interface PendingMessage {
  tempId: string;
  content: string;
  createdAt: string;
}

type Update = (fn: (list: ChatMessage[]) => ChatMessage[]) => void;

/** The chat's history (the showable messages, oldest first) and a way to change it in the cache. */
function useMessages(tradeId: string) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: chatKeys.messages(tradeId),
    queryFn: () => chatApi.list(tradeId),
    select: (data: MessageList) => showable(data.messages),
    retry: false,
    staleTime: 30_000,
  });
  const update: Update = useCallback(
    (fn) =>
      queryClient.setQueryData<MessageList>(chatKeys.messages(tradeId), (old) =>
        old ? { ...old, messages: fn(old.messages) } : old,
      ),
    [queryClient, tradeId],
  );
  return { query, update };
}

/**
 * A trade's chat: history, live messages and reads from the trade room, optimistic sending
 * (the pending line disappears if sending fails) and read marking.
 */
export function useChat(tradeId: string) {
  const t = useT();
  const { user } = useSession();
  const myId = user?.id ?? '';
  const { query, update } = useMessages(tradeId);
  const [pending, setPending] = useState<PendingMessage[]>([]);
  const [sendError, setSendError] = useState<string | null>(null);

  useSocketEvent('message:new', (e) => {
    if (e.tradeId !== tradeId) return;
    update((list) => upsertMessage(list, e.message));
    // My own message came back through the room before the POST answered: drop its stand-in.
    if (e.message.senderId === myId) {
      setPending((list) => {
        const i = list.findIndex((p) => p.content === e.message.content);
        return i < 0 ? list : list.filter((_, j) => j !== i);
      });
    }
  });
  useSocketEvent('message:read', (e) => {
    if (e.tradeId === tradeId) update((list) => markRead(list, e.messageId, e.readAt));
  });

  const send = useCallback(
    async (draft: string): Promise<boolean> => {
      const check = checkOutgoing(draft, user);
      if (!check.ok) {
        setSendError(check.error ? t(check.error) : null);
        return false;
      }
      setSendError(null);
      const item: PendingMessage = {
        tempId: `pending-${newIdempotencyKey()}`,
        content: check.content,
        createdAt: new Date().toISOString(),
      };
      setPending((list) => [...list, item]);
      try {
        const saved = await chatApi.send(tradeId, check.content);
        update((list) => upsertMessage(list, saved));
        return true;
      } catch (error) {
        setSendError(error instanceof Error && error.message ? error.message : t('errors.chatSend'));
        return false;
      } finally {
        setPending((list) => list.filter((p) => p.tempId !== item.tempId));
      }
    },
    [tradeId, user, update, t],
  );

  // Reading the chat marks the counterparty's messages read (one call per batch).
  useMarkRead(tradeId, myId, query.data ? unreadIncoming(query.data, myId) : 0, update);

  return { query, pending, send, sendError, clearError: () => setSendError(null), myId };
}

/** Whether the page is on screen (not a background tab). */
function usePageVisible(): boolean {
  const [visible, setVisible] = useState(() => document.visibilityState === 'visible');
  useEffect(() => {
    const onChange = () => setVisible(document.visibilityState === 'visible');
    document.addEventListener('visibilitychange', onChange);
    return () => document.removeEventListener('visibilitychange', onChange);
  }, []);
  return visible;
}

/** While the chat is on screen, the counterparty's unread messages are marked read, one call per batch. */
function useMarkRead(tradeId: string, myId: string, unread: number, update: Update) {
  const queryClient = useQueryClient();
  const marking = useRef(false);
  const visible = usePageVisible();
  useEffect(() => {
    if (!unread || !visible || marking.current) return;
    marking.current = true;
    chatApi
      .readAll(tradeId)
      .then(({ readAt }) => {
        if (!readAt) return;
        update((list) =>
          list.map((m) => (m.senderId !== myId && m.type === 'TEXT' && !m.readAt ? { ...m, readAt } : m)),
        );
        void queryClient.invalidateQueries({ queryKey: ['trades'] });
      })
      .catch(() => {})
      .finally(() => {
        marking.current = false;
      });
  }, [unread, visible, tradeId, myId, update, queryClient]);
}
