import type { DisputeCase, DisputeCaseParty } from '@p2p/shared';
import { useQuery } from '@tanstack/react-query';
import { matchedReceipts, ReceiptMatchWarning } from '@/components/ReceiptMatchWarning';
import { fieldLabelKey, orderedDetails } from '@/features/payment-methods';
import { useT } from '@/i18n';
import { Link } from '@/lib/router';
import { useFormat } from '@/lib/use-format';
import { formatDeadline } from '@/lib/zoned-time';
import { adminApi } from '../api/admin-api';

export function PartyCard({ side, party }: { side: 'buyer' | 'seller'; party: DisputeCaseParty }) {
  const t = useT();
  const fmt = useFormat();
  return (
    <div className="bo-party" data-testid={`case-${side}`}>
      <p className="muted small">{t(`bo.party.${side}`)}</p>
      <p>
        <Link to={`/admin/users/${party.id}`} className="bo-strong">
          {party.name}
        </Link>
        {party.username ? <span className="muted"> @{party.username}</span> : null}
        {party.blockedAt ? <span className="badge badge--sell">{t('bo.case.partyBlocked')}</span> : null}
      </p>
      <p className="small">
        {t('bo.case.partyHistory', {
          completed: party.history.completedTrades,
          opened: party.history.disputesOpened,
          lost: party.history.disputesLost,
        })}
      </p>
      <p className="muted small">{t('bo.case.partySince', { date: fmt.date(party.createdAt, 'short') })}</p>
    </div>
  );
}

export function Timeline({ dispute }: { dispute: DisputeCase }) {
  const fmt = useFormat();
  return (
    <ol className="bo-timeline">
      {dispute.trade.actions.map((a) => (
        <li key={a.id}>
          <span className="muted small">{fmt.dateTime(a.timestamp)}</span>
          <span>{a.description}</span>
        </li>
      ))}
    </ol>
  );
}

export function PaymentDetailsSent({ dispute }: { dispute: DisputeCase }) {
  const t = useT();
  const fmt = useFormat();
  if (dispute.paymentDetails.length === 0) return <p className="muted">{t('bo.case.noPayment')}</p>;
  return (
    <ul className="bo-plain-list">
      {dispute.paymentDetails.map((sent) => (
        <li key={sent.sentAt}>
          <p>
            <span className="bo-strong">{sent.name}</span>
            <span className="muted small"> · {fmt.dateTime(sent.sentAt)}</span>
          </p>
          <dl className="bo-facts">
            {orderedDetails(sent.details).map(([key, value]) => (
              <div key={key}>
                <dt>{t(fieldLabelKey(sent.type, key))}</dt>
                <dd className="bo-mono bo-break">{value}</dd>
              </div>
            ))}
          </dl>
        </li>
      ))}
    </ul>
  );
}

function ReceiptImage({ fileId, name }: { fileId: string; name: string }) {
  const t = useT();
  const query = useQuery({
    queryKey: ['admin', 'receipt', fileId],
    queryFn: () => adminApi.receiptUrl(fileId),
    staleTime: Number.POSITIVE_INFINITY,
  });
  if (!query.data) return <span className="muted small">{name}</span>;
  return (
    <a href={query.data} target="_blank" rel="noreferrer" aria-label={t('bo.case.openReceipt', { name })}>
      <img src={query.data} alt={name} className="bo-receipt" />
    </a>
  );
}

/** The trade's receipts; one matched to another trade's (decision 023) is flagged in amber. */
export function Receipts({ dispute }: { dispute: DisputeCase }) {
  const t = useT();
  const files = dispute.trade.paymentProofFiles;
  if (files.length === 0) return <p className="muted">{t('bo.case.noReceipts')}</p>;
  const matched = matchedReceipts(files);
  return (
    <>
      {matched.map((file, i) => (
        <ReceiptMatchWarning
          key={file.id}
          file={file}
          named={files.length > 1}
          hint={i === 0 ? t('receiptMatch.staffHint') : undefined}
        />
      ))}
      <ul className="bo-receipts">
        {files.map((file) => (
          <li key={file.id} className={matched.includes(file) ? 'bo-receipts__matched' : undefined}>
            <ReceiptImage fileId={file.id} name={file.name} />
          </li>
        ))}
      </ul>
    </>
  );
}

export function EvidenceList({ dispute }: { dispute: DisputeCase }) {
  const t = useT();
  const fmt = useFormat();
  if (dispute.evidenceRequests.length === 0) return null;
  return (
    <div>
      <h3 className="bo-subtitle">{t('bo.case.evidenceList')}</h3>
      <ul className="bo-plain-list">
        {dispute.evidenceRequests.map((r) => (
          <li key={r.id} data-testid="case-evidence">
            <p className="small">
              <span className="bo-strong">
                {t('bo.case.evidenceUntil', {
                  party: t(`bo.party.${r.party}`),
                  deadline: formatDeadline(r.deadline, fmt.lang),
                })}
              </span>{' '}
              ·{' '}
              {r.answeredAt
                ? t('bo.case.evidenceAnswered', { date: fmt.dateTime(r.answeredAt) })
                : r.overdue
                  ? t('bo.case.evidenceOverdue')
                  : t('bo.case.evidenceWaiting')}
            </p>
            <p>{r.text}</p>
          </li>
        ))}
      </ul>
    </div>
  );
}
