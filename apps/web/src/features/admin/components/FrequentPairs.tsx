import { useQuery } from '@tanstack/react-query';
import { useT } from '@/i18n';
import { Link } from '@/lib/router';
import { useFormat } from '@/lib/use-format';
import { adminApi } from '../api/admin-api';
import { TableWrap } from './common';

/**
 * Pairs of accounts that trade often with each other (docs/decisions/035): the farming the
 * limits no longer reward, for staff to look into. Their trades by month; at most one of a
 * month counts towards either account's limits.
 */
export function FrequentPairs() {
  const t = useT();
  const fmt = useFormat();
  const query = useQuery({ queryKey: ['admin', 'frequent-pairs'], queryFn: () => adminApi.frequentPairs() });
  const pairs = query.data?.pairs ?? [];
  return (
    <section className="panel" aria-labelledby="frequent-pairs-title" data-testid="frequent-pairs">
      <h2 id="frequent-pairs-title" className="panel__title">
        {t('bo.pairs.title')}
      </h2>
      <p className="muted small">{t('bo.pairs.hint', { min: query.data?.minTrades ?? 3 })}</p>
      {query.isPending ? null : pairs.length === 0 ? (
        <p className="muted">{t('bo.pairs.empty')}</p>
      ) : (
        <TableWrap label={t('bo.pairs.title')}>
          <table className="bo-table">
            <thead>
              <tr>
                <th scope="col">{t('bo.pairs.month')}</th>
                <th scope="col">{t('bo.pairs.accounts')}</th>
                <th scope="col" className="num">
                  {t('bo.pairs.trades')}
                </th>
                <th scope="col" className="bo-hide-phone">
                  {t('bo.pairs.last')}
                </th>
              </tr>
            </thead>
            <tbody>
              {pairs.map((p) => (
                <tr key={`${p.month}-${p.a.id}-${p.b.id}`} data-testid="frequent-pair">
                  <td>{p.month.slice(0, 7)}</td>
                  <td>
                    <Link to={`/admin/users/${p.a.id}`}>{p.a.name}</Link> ↔{' '}
                    <Link to={`/admin/users/${p.b.id}`}>{p.b.name}</Link>
                  </td>
                  <td className="num">{p.trades}</td>
                  <td className="bo-hide-phone">{fmt.dateTime(p.lastAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableWrap>
      )}
    </section>
  );
}
