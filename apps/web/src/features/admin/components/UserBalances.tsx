import { useQuery } from '@tanstack/react-query';
import { MessageState } from '@/components/ui/Status';
import { useT } from '@/i18n';
import { useFormat } from '@/lib/use-format';
import { adminApi } from '../api/admin-api';
import { ListState, TableWrap } from './common';

/** A user's balances by currency, with 'Нет балансов' / 'Ошибка загрузки балансов' states. */
export function UserBalances({ userId, caption }: { userId: string; caption: string }) {
  const t = useT();
  const query = useQuery({
    queryKey: ['admin', 'balances', userId],
    queryFn: () => adminApi.balances(userId),
  });
  if (query.isPending || query.error)
    return (
      <ListState
        loading={query.isPending}
        error={query.error}
        empty={false}
        errorTitle={t('bo.users.balancesError')}
        emptyTitle=""
        onRetry={() => void query.refetch()}
      />
    );
  return <BalancesTable rows={Object.entries(query.data.balances)} caption={caption} />;
}

type Row = [string, { available: string; locked: string; total: string }];

/** Balances by currency, or 'Нет балансов' / 'У пользователя пока нет балансов'. */
export function BalancesTable({ rows, caption }: { rows: Row[]; caption: string }) {
  const t = useT();
  const fmt = useFormat();
  if (rows.length === 0)
    return <MessageState title={t('bo.users.noBalances')} text={t('bo.users.noBalancesText')} />;
  return (
    <TableWrap label={caption}>
      <table className="bo-table">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t('bo.col.currency')}</th>
            <th scope="col" className="num">
              {t('bo.col.available')}
            </th>
            <th scope="col" className="num">
              {t('bo.col.locked')}
            </th>
            <th scope="col" className="num">
              {t('bo.col.total')}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map(([coin, balance]) => (
            <tr key={coin}>
              <th scope="row">{coin}</th>
              <td className="num" data-testid={`balance-${coin}-available`}>
                {fmt.crypto(balance.available, coin, { unit: false })}
              </td>
              <td className="num">{fmt.crypto(balance.locked, coin, { unit: false })}</td>
              <td className="num">{fmt.crypto(balance.total, coin, { unit: false })}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableWrap>
  );
}
