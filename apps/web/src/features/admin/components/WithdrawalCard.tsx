import type { AdminWithdrawalView, StaffWithdrawalAction, WithdrawalStatus } from '@p2p/shared';
import { useT } from '@/i18n';
import { Link } from '@/lib/router';
import { useFormat } from '@/lib/use-format';
import { userLabel } from './common';
import { WithdrawalFacts } from './WithdrawalFacts';
import { actionLabelKey, ClaimerLine, SendingDetails } from './WithdrawalSending';

const PILL: Record<WithdrawalStatus, string> = {
  PENDING: 'warn',
  APPROVED: 'progress',
  PROCESSING: 'progress',
  COMPLETED: 'success',
  REJECTED: 'danger',
  FAILED: 'danger',
  CANCELLED: 'muted',
};

/** One request of the queue: amount and status, its facts, and the decisions an admin may take. */
export function WithdrawalCard({
  withdrawal: w,
  canDecide,
  claiming,
  onAction,
}: {
  withdrawal: AdminWithdrawalView;
  canDecide: boolean;
  claiming: boolean;
  onAction: (action: StaffWithdrawalAction) => void;
}) {
  const t = useT();
  const fmt = useFormat();
  return (
    <li
      className="panel bo-card"
      data-testid="withdrawal-row"
      data-withdrawal-id={w.id}
      data-status={w.status}
    >
      <div className="bo-card__head">
        <span className="bo-strong num">{fmt.crypto(w.amount, w.cryptocurrency)}</span>
        <span className={`status-pill status-pill--${PILL[w.status]}`}>{t(`bo.wdStatus.${w.status}`)}</span>
      </div>
      <RequestFacts withdrawal={w} />
      {w.status === 'PROCESSING' ? <SendingDetails withdrawal={w} /> : null}
      <WithdrawalFacts withdrawal={w} />
      {canDecide && w.availableActions.length > 0 ? (
        <div className="bo-actions">
          {w.availableActions.map((action) => (
            <button
              key={action}
              type="button"
              className={`btn btn--sm ${actionStyle(action)}`}
              disabled={action === 'processing' && claiming}
              onClick={() => onAction(action)}
            >
              {t(actionLabelKey(action))}
            </button>
          ))}
        </div>
      ) : null}
    </li>
  );
}

function actionStyle(action: StaffWithdrawalAction) {
  if (action === 'reject' || action === 'fail') return 'btn--sell';
  return action === 'approve' || action === 'complete' ? 'btn--buy' : 'btn--primary';
}

/**
 * Who asked, the network, the address (only its ends until claimed; a request being sent shows
 * it in its sending details instead), fee, total, dates, claimer, hash and review notes.
 */
function RequestFacts({ withdrawal: w }: { withdrawal: AdminWithdrawalView }) {
  const t = useT();
  const fmt = useFormat();
  const beingSent = w.status === 'PROCESSING';
  return (
    <dl className="bo-facts">
      <div>
        <dt>{t('bo.col.user')}</dt>
        <dd>
          <Link to={`/admin/users/${w.user.id}`}>{userLabel(w.user)}</Link>
        </dd>
      </div>
      <div>
        <dt>{t('bo.wd.network')}</dt>
        <dd>{w.internal ? t('bo.wd.internal') : w.network}</dd>
      </div>
      {beingSent ? null : (
        <div className="bo-facts__wide">
          <dt>{t('bo.wd.address')}</dt>
          <dd className="bo-break">
            <span className="bo-mono">{w.toAddress ?? w.addressPreview}</span>
            {w.toAddress ? null : <span className="wd-hidden-hint">{t('wdc.addressHidden')}</span>}
          </dd>
        </div>
      )}
      <div>
        <dt>{t('bo.wd.fee')}</dt>
        <dd className="num">{fmt.crypto(w.fee, w.cryptocurrency)}</dd>
      </div>
      <div>
        <dt>{t('bo.wd.totalLocked')}</dt>
        <dd className="num">{fmt.crypto(w.total, w.cryptocurrency)}</dd>
      </div>
      <div>
        <dt>{t('bo.wd.created')}</dt>
        <dd>{fmt.dateTime(w.createdAt)}</dd>
      </div>
      {w.claimedBy && !beingSent ? (
        <div>
          <dt>{t('wdc.claimedBy')}</dt>
          <dd>
            <ClaimerLine claimedBy={w.claimedBy} claimedAt={w.claimedAt} />
          </dd>
        </div>
      ) : null}
      {w.txHash ? (
        <div className="bo-facts__wide">
          <dt>{t('bo.wd.txHash')}</dt>
          <dd className="bo-mono bo-break">{w.txHash}</dd>
        </div>
      ) : null}
      {w.reviewNotes ? (
        <div className="bo-facts__wide">
          <dt>{t('bo.wd.reviewNotes')}</dt>
          <dd>{w.reviewNotes}</dd>
        </div>
      ) : null}
    </dl>
  );
}
