import { type ChatMessage, systemLineText } from '@p2p/shared';
import { Avatar } from '@/components/ui/Avatar';
import { useI18n } from '@/i18n';
import { EMPTY } from '@/lib/format';
import { useFormat } from '@/lib/use-format';
import { senderName } from '../lib/messages';

interface MessageItemProps {
  message: Pick<
    ChatMessage,
    'content' | 'contentKey' | 'createdAt' | 'type' | 'readAt' | 'sender' | 'senderId'
  > &
    Partial<Pick<ChatMessage, 'contentValues'>>;
  mine: boolean;
  sending?: boolean;
  /** Show the author's name (first of a run by the same person). */
  showName: boolean;
}

/**
 * One line of the chat. The content is user text and is rendered as a React text child
 * only, so markup in it shows literally and never runs.
 */
export function MessageItem({ message, mine, sending, showName }: MessageItemProps) {
  const { t, lang } = useI18n();
  const fmt = useFormat();
  const moment = fmt.moment(message.createdAt);
  const time = moment === EMPTY ? t('chat.unknownTime') : moment;
  if (message.type === 'SYSTEM') {
    return (
      <li className="msg msg--system">
        <span className="msg__system-text">{systemLineText(message, lang)}</span>
        <span className="msg__time num">{time}</span>
      </li>
    );
  }
  if (message.type === 'MODERATOR') {
    return (
      <li className="msg msg--theirs msg--moderator" data-testid="moderator-message">
        <span className="msg__name">{t('bo.case.moderator')}</span>
        <div className="msg__bubble">
          {/* A keyed line (an evidence request) reads in the reader's language and zone. */}
          <p className="msg__text">{message.contentKey ? systemLineText(message, lang) : message.content}</p>
          <span className="msg__meta">
            <span className="msg__time num">{time}</span>
          </span>
        </div>
      </li>
    );
  }
  const receipt = sending ? t('chat.sending') : message.readAt ? t('chat.read') : t('chat.sent');
  return (
    <li className={`msg ${mine ? 'msg--mine' : 'msg--theirs'}${sending ? ' msg--sending' : ''}`}>
      {showName && !mine ? (
        <span className="msg__name">
          <Avatar
            name={senderName(message as ChatMessage)}
            src={message.sender?.useCustomProfile ? message.sender.customAvatarUrl : null}
            size="xs"
          />
          {senderName(message as ChatMessage)}
        </span>
      ) : null}
      <div className="msg__bubble">
        <p className="msg__text">{message.content}</p>
        <span className="msg__meta">
          <span className="msg__time num">{time}</span>
          {mine ? (
            <span className={`msg__receipt${message.readAt ? ' is-read' : ''}`} title={receipt}>
              <span aria-hidden="true">{sending ? '…' : message.readAt ? '✓✓' : '✓'}</span>
              <span className="sr-only">{receipt}</span>
            </span>
          ) : null}
        </span>
      </div>
    </li>
  );
}
