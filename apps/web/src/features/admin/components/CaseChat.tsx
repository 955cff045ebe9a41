import { type ChatMessage, systemLineText } from '@p2p/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { toast } from '@/components/ui/toast';
import { useI18n, useT } from '@/i18n';
import { useFormat } from '@/lib/use-format';
import { adminApi } from '../api/admin-api';

/** The trade chat as the moderator sees it, and the composer once the case is theirs. */
export function CaseChat({
  tradeId,
  messages,
  canWrite,
}: {
  tradeId: string;
  messages: ChatMessage[];
  canWrite: boolean;
}) {
  const t = useT();
  const fmt = useFormat();
  const { lang } = useI18n();
  // Kept here, so a draft outlives the composer going away (the case given back) and returning.
  const composer = useComposer(tradeId);
  const author = (m: ChatMessage) =>
    m.type === 'MODERATOR'
      ? t('bo.case.moderator')
      : m.type === 'SYSTEM'
        ? t('bo.case.system')
        : m.sender
          ? m.sender.displayName || m.sender.firstName
          : '—';
  return (
    <div className="bo-chat">
      {messages.length === 0 ? <p className="muted">{t('bo.case.noMessages')}</p> : null}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region needs a focus stop for keyboard users */}
      <ol className="bo-chat__list" tabIndex={0} aria-label={t('bo.case.chat')}>
        {messages.map((m) => (
          <li
            key={m.id}
            className={`bo-chat__msg bo-chat__msg--${m.type.toLowerCase()}`}
            data-testid="case-message"
          >
            <span className="bo-chat__meta">
              <span className="bo-strong">{author(m)}</span> · {fmt.moment(m.createdAt)}
            </span>
            <span className="bo-chat__text">
              {m.type === 'SYSTEM' || m.contentKey ? systemLineText(m, lang) : m.content}
            </span>
          </li>
        ))}
      </ol>
      {canWrite ? <Composer composer={composer} /> : null}
    </div>
  );
}

/** The moderator's message to both parties as typed; the case reloads once it is sent. */
function useComposer(tradeId: string) {
  const t = useT();
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const send = useMutation({
    mutationFn: (content: string) => adminApi.moderatorMessage(tradeId, content),
    onSuccess: () => {
      setText('');
      toast.success(t('bo.case.sent'));
      void queryClient.invalidateQueries({ queryKey: ['admin', 'disputes', 'case', tradeId] });
    },
    onError: (error) => toast.error(error.message || t('bo.actionFailed')),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (text.trim()) send.mutate(text.trim());
  };
  return { text, setText, submit, sending: send.isPending };
}

function Composer({ composer }: { composer: ReturnType<typeof useComposer> }) {
  const t = useT();
  const id = useId();
  const { text, setText } = composer;
  return (
    <form className="bo-chat__composer" onSubmit={composer.submit}>
      <label className="field__label" htmlFor={`${id}-msg`}>
        {t('bo.case.composer')}
      </label>
      <textarea
        id={`${id}-msg`}
        className="input"
        rows={2}
        maxLength={2000}
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
      <button type="submit" className="btn btn--primary" disabled={composer.sending || !text.trim()}>
        {t('bo.case.send')}
      </button>
    </form>
  );
}
