import type { ChatMessage } from '@p2p/shared';
import { type RefObject, useLayoutEffect, useRef } from 'react';
import { useRealtime } from '@/features/realtime';
import { useT } from '@/i18n';
import { type PendingMessage, useChat } from '../hooks/use-chat';
import { ChatComposer } from './ChatComposer';
import { ChatErrorBoundary } from './ChatErrorBoundary';
import { MessageItem } from './MessageItem';
import '../chat.css';

interface TradeChatProps {
  tradeId: string;
  counterpartyName: string;
  inputRef?: RefObject<HTMLTextAreaElement | null>;
}

function ChatPanel({ tradeId, counterpartyName, inputRef }: TradeChatProps) {
  const t = useT();
  const { status } = useRealtime();
  const { query, pending, send, sendError, clearError, myId } = useChat(tradeId);
  const offline = status === 'disconnected';
  const list = useRef<HTMLDivElement>(null);
  const messages = query.data ?? [];
  const count = messages.length + pending.length;

  // Follow new messages when the reader is at the bottom (or just sent one).
  const stick = useRef(true);
  useLayoutEffect(() => {
    const el = list.current;
    if (el && (stick.current || pending.length) && count >= 0) el.scrollTop = el.scrollHeight;
  }, [count, pending.length]);

  return (
    <section className="panel chat" aria-labelledby="chat-title">
      <header className="chat__head">
        <h2 id="chat-title" className="panel__title">
          {t('chat.title', { name: counterpartyName })}
        </h2>
        <span className={`conn conn--${status}`}>{t(`chat.conn.${status}`)}</span>
      </header>
      {query.isPending ? (
        <div className="chat__state state" role="status">
          <span className="spinner" aria-hidden="true" /> {t('chat.loading')}
        </div>
      ) : query.isError ? (
        <div className="chat__state chat__state--error" role="alert">
          <p>{query.error.message || t('chat.loadError')}</p>
          <button type="button" className="btn btn--ghost btn--sm" onClick={() => query.refetch()}>
            {t('chat.reload')}
          </button>
        </div>
      ) : (
        <ChatLog listRef={list} stick={stick} messages={messages} pending={pending} myId={myId} />
      )}
      {offline ? (
        <p className="chat__offline" role="status">
          {t('chat.offline')}
        </p>
      ) : null}
      <ChatComposer
        inputRef={inputRef}
        disabled={offline || query.isPending || query.isError}
        error={sendError}
        onSend={send}
        onEdit={() => sendError && clearError()}
      />
    </section>
  );
}

interface ChatLogProps {
  listRef: RefObject<HTMLDivElement | null>;
  /** Whether the reader is at the bottom, so new messages are followed. */
  stick: RefObject<boolean>;
  messages: ChatMessage[];
  pending: PendingMessage[];
  myId: string;
}

/** The messages, then the ones still being sent. */
function ChatLog({ listRef, stick, messages, pending, myId }: ChatLogProps) {
  const t = useT();
  return (
    // The log is the scrolling region; the messages inside it stay a list. It takes focus so
    // it can be scrolled from the keyboard (WCAG 2.1.1).
    <div
      ref={listRef}
      className="chat__list"
      role="log"
      aria-live="polite"
      aria-label={t('chat.history')}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus
      tabIndex={0}
      onScroll={(e) => {
        const el = e.currentTarget;
        stick.current = el.scrollHeight - el.scrollTop - el.clientHeight < 48;
      }}
    >
      <ol className="chat__items">
        {messages.length + pending.length === 0 ? (
          <li className="chat__empty muted small">{t('chat.empty')}</li>
        ) : null}
        {messages.map((m, i) => {
          const prev = messages[i - 1];
          return (
            <MessageItem
              key={m.id}
              message={m}
              mine={m.senderId === myId}
              showName={!prev || prev.senderId !== m.senderId || prev.type === 'SYSTEM'}
            />
          );
        })}
        {pending.map((p) => (
          <MessageItem
            key={p.tempId}
            message={{
              content: p.content,
              contentKey: null,
              createdAt: p.createdAt,
              type: 'TEXT',
              readAt: null,
              sender: null,
              senderId: myId,
            }}
            mine
            sending
            showName={false}
          />
        ))}
      </ol>
    </div>
  );
}

/** The trade chat inside its crash boundary. */
export function TradeChat(props: TradeChatProps) {
  const t = useT();
  return (
    <ChatErrorBoundary
      title={t('chat.crashed')}
      retryLabel={t('chat.crashRetry')}
      reloadLabel={t('chat.crashReload')}
    >
      <ChatPanel {...props} />
    </ChatErrorBoundary>
  );
}
