import { type EvidenceRequestView, moderatorOutcome, type TradeDetails } from '@p2p/shared';
import { Icon } from '@/components/ui/Icon';
import { useI18n, useT } from '@/i18n';
import { formatClock } from '@/lib/format';
import { formatDeadline } from '@/lib/zoned-time';
import { useCountdown } from '../hooks/use-countdown';

function EvidenceNotice({ request }: { request: EvidenceRequestView }) {
  const { t, lang } = useI18n();
  const seconds = useCountdown(request.deadline);
  return (
    <div className="tr-notice tr-notice--warning" role="status" data-testid="evidence-request">
      <Icon name="clock" />
      <div>
        <strong>{t('bo.trade.evidenceTitle')}</strong>
        <p className="small tr-notice__quote">{request.text}</p>
        <p className="small">
          {t('bo.trade.evidenceDeadline', { deadline: formatDeadline(request.deadline, lang) })}{' '}
          <span className="num bo-countdown" data-testid="evidence-countdown">
            {seconds !== null && seconds > 0 ? formatClock(seconds) : t('bo.case.evidenceOverdue')}
          </span>
        </p>
        <p className="small muted">{t('bo.trade.evidenceHow')}</p>
      </div>
    </div>
  );
}

/**
 * What the dispute desk tells a party on the trade page: an open evidence request addressed
 * to me with its countdown, and the moderator's written outcome once the dispute is resolved.
 */
export function ModeratorNotices({ details }: { details: TradeDetails }) {
  const t = useT();
  const { trade } = details;
  const mine = (details.evidenceRequests ?? []).filter(
    (r) => r.party === trade.userRole && !r.answeredAt && trade.status === 'DISPUTED',
  );
  const resolved = trade.actions.some((a) => a.actor === 'moderator' && a.toStatus !== 'DISPUTED');
  const outcome = resolved ? moderatorOutcome(trade.notes) : null;
  return (
    <>
      {mine.map((request) => (
        <EvidenceNotice key={request.id} request={request} />
      ))}
      {resolved ? (
        <div className="tr-notice tr-notice--info" data-testid="dispute-outcome">
          <Icon name="shield" />
          <div>
            <strong>
              {t(trade.status === 'COMPLETED' ? 'bo.trade.outcomeReleased' : 'bo.trade.outcomeRefunded')}
            </strong>
            {outcome ? <p className="small tr-notice__quote">{outcome}</p> : null}
          </div>
        </div>
      ) : null}
    </>
  );
}
