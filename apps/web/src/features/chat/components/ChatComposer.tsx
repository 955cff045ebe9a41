import { CHAT_MESSAGE_MAX } from '@p2p/shared';
import { type RefObject, useId } from 'react';
import { useT } from '@/i18n';
import { useComposer } from '../hooks/use-composer';

interface ComposerProps {
  inputRef?: RefObject<HTMLTextAreaElement | null>;
  disabled: boolean;
  /** Sending's own refusal (the server's, or a sender without a name). */
  error: string | null;
  onSend: (text: string) => Promise<boolean>;
  onEdit: () => void;
}

/** Enter sends, Shift+Enter is a new line; disabled while sending or offline. */
export function ChatComposer({ inputRef, disabled, error, onSend, onEdit }: ComposerProps) {
  const t = useT();
  const id = useId();
  const composer = useComposer({ inputRef, disabled, onSend, onEdit });
  const { draft, blocked } = composer;
  const shownError = composer.error ?? error;
  const near = draft.length > CHAT_MESSAGE_MAX * 0.9;

  return (
    <form
      className="composer"
      onSubmit={(e) => {
        e.preventDefault();
        composer.submit();
      }}
    >
      {shownError ? (
        <p id={`${id}-err`} className="composer__error" role="alert">
          {shownError}
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
          aria-describedby={shownError ? `${id}-err` : undefined}
          onChange={(e) => composer.edit(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
              e.preventDefault();
              composer.submit();
            }
          }}
        />
        <button
          type="submit"
          className="btn btn--primary composer__send"
          disabled={blocked || !draft.trim()}
          aria-label={t('chat.send')}
        >
          {composer.sending ? (
            <span className="spinner spinner--sm tr-spinner-light" aria-hidden="true" />
          ) : (
            <SendIcon />
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

function SendIcon() {
  return (
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
  );
}
