import { CHAT_MESSAGE_MAX } from '@p2p/shared';
import { type RefObject, useId, useState } from 'react';
import { useT } from '@/i18n';

interface ComposerProps {
  inputRef?: RefObject<HTMLTextAreaElement | null>;
  disabled: boolean;
  error: string | null;
  onSend: (text: string) => Promise<boolean>;
  onEdit: () => void;
}

/** Enter sends, Shift+Enter is a new line; disabled while sending or offline. */
export function ChatComposer({ inputRef, disabled, error, onSend, onEdit }: ComposerProps) {
  const t = useT();
  const id = useId();
  const [draft, setDraft] = useState('');
  const [sending, setSending] = useState(false);
  const blocked = disabled || sending;
  const near = draft.length > CHAT_MESSAGE_MAX * 0.9;

  const submit = async () => {
    if (blocked || !draft.trim()) return;
    const text = draft;
    setSending(true);
    setDraft('');
    const ok = await onSend(text);
    setSending(false);
    // A failed message comes back into the box, so nothing typed is lost.
    if (!ok) setDraft((current) => current || text);
    requestAnimationFrame(() => inputRef?.current?.focus());
  };

  return (
    <form
      className="composer"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      {error ? (
        <p id={`${id}-err`} className="composer__error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="composer__row">
        <label htmlFor={`${id}-input`} className="sr-only">
          {t('chat.inputLabel')}
        </label>
        <textarea
          ref={inputRef}
          id={`${id}-input`}
          className="input composer__input"
          rows={1}
          value={draft}
          disabled={blocked}
          placeholder={t('chat.placeholder')}
          aria-describedby={error ? `${id}-err` : undefined}
          onChange={(e) => {
            setDraft(e.target.value);
            onEdit();
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
              e.preventDefault();
              void submit();
            }
          }}
        />
        <button
          type="submit"
          className="btn btn--primary composer__send"
          disabled={blocked || !draft.trim()}
          aria-label={t('chat.send')}
        >
          {sending ? (
            <span className="spinner spinner--sm tr-spinner-light" aria-hidden="true" />
          ) : (
            <svg
              width="18"
              height="18"
              viewBox="0 0 24 24"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
              strokeLinejoin="round"
              aria-hidden="true"
            >
              <path d="M22 2 11 13M22 2l-7 20-4-9-9-4z" />
            </svg>
          )}
        </button>
      </div>
      {near ? (
        <p className={`composer__count num${draft.length > CHAT_MESSAGE_MAX ? ' is-over' : ''}`}>
          {draft.length}/{CHAT_MESSAGE_MAX}
        </p>
      ) : null}
    </form>
  );
}
