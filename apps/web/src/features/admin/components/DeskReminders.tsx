import { useQuery } from '@tanstack/react-query';
import { useI18n } from '@/i18n';
import { Link } from '@/lib/router';
import { formatDeadline } from '@/lib/zoned-time';
import { adminApi } from '../api/admin-api';

/**
 * The desk's reminders (docs/decisions/030): disputes of mine and of nobody's that passed half of
 * their target time without a staff line, each with its deadline in this browser's zone. Nothing
 * is shown while there are none.
 */
export function DeskReminders() {
  const { t, lang } = useI18n();
  const query = useQuery({
    queryKey: ['admin', 'disputes', 'reminders'],
    queryFn: adminApi.disputeReminders,
    refetchInterval: 60_000,
  });
  const reminders = query.data?.reminders ?? [];
  if (reminders.length === 0) return null;
  return (
    <section className="panel" aria-labelledby="desk-reminders-title" data-testid="desk-reminders">
      <h2 id="desk-reminders-title" className="panel__title">
        {t('remind.desk.title')}
      </h2>
      <ul className="bo-plain-list">
        {reminders.map((r) => (
          <li key={r.id} data-trade-id={r.tradeId}>
            <Link to={`/admin/disputes/${r.tradeId}`} className="bo-strong">
              {t('remind.dispute_sla.title', { trade: r.trade })}
            </Link>
            <p className="small">
              {t('remind.dispute_sla.message', { time: formatDeadline(r.deadline, lang) })}
            </p>
            <p className="small muted">{t('remind.dispute_sla.action')}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
