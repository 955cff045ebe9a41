import type { AdminUserView } from '@p2p/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Fragment, useState } from 'react';
import { useT } from '@/i18n';
import { Link } from '@/lib/router';
import { useFormat } from '@/lib/use-format';
import { adminApi } from '../api/admin-api';
import { AdminPage, ListState, Pager, SearchForm, TableWrap, userLabel } from '../components/common';
import { FrequentPairs } from '../components/FrequentPairs';
import { BalancesTable } from '../components/UserBalances';

/** /admin/users: search by name, username, Telegram id or id; 20 a page; balances unfold. */
export function UsersPage() {
  const t = useT();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<string | null>(null);
  const query = useQuery({
    queryKey: ['admin', 'users', 'list', search, page],
    queryFn: () => adminApi.users({ page, search: search || undefined }),
    placeholderData: keepPreviousData,
  });
  const users = query.data?.users ?? [];
  return (
    <AdminPage title={t('bo.users.title')}>
      <SearchForm
        label={t('bo.users.search')}
        onSearch={(text) => {
          setSearch(text);
          setPage(1);
        }}
      />
      <ListState
        loading={query.isPending}
        error={query.error}
        empty={users.length === 0}
        errorTitle={t('bo.users.loadError')}
        emptyTitle={t('bo.users.empty')}
        onRetry={() => void query.refetch()}
      />
      {users.length > 0 ? (
        <TableWrap label={t('bo.users.title')}>
          <table className="bo-table">
            <caption className="sr-only">{t('bo.users.title')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('bo.col.user')}</th>
                <th scope="col" className="bo-hide-phone">
                  {t('bo.col.telegram')}
                </th>
                <th scope="col" className="num">
                  {t('bo.col.trades')}
                </th>
                <th scope="col" className="bo-hide-phone">
                  {t('bo.col.created')}
                </th>
                <th scope="col">{t('bo.col.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {users.map((user) => (
                <UserRow
                  key={user.id}
                  user={user}
                  open={open === user.id}
                  onToggle={() => setOpen(open === user.id ? null : user.id)}
                />
              ))}
            </tbody>
          </table>
        </TableWrap>
      ) : null}
      {query.data ? <Pager pagination={query.data.pagination} onPage={setPage} /> : null}
      <FrequentPairs />
    </AdminPage>
  );
}

function UserRow({ user, open, onToggle }: { user: AdminUserView; open: boolean; onToggle: () => void }) {
  const t = useT();
  const fmt = useFormat();
  const panelId = `balances-${user.id}`;
  const label = userLabel(user);
  return (
    <Fragment>
      <tr data-testid="user-row">
        <th scope="row">
          <Link to={`/admin/users/${user.id}`}>{label}</Link>
          {user.verified ? <span className="badge badge--primary">{t('bo.users.verified')}</span> : null}
          {user.blockedAt ? <span className="badge badge--sell">{t('bo.users.blocked')}</span> : null}
        </th>
        <td className="bo-hide-phone bo-mono">{user.telegramId ?? '—'}</td>
        <td className="num">{user.tradesCount}</td>
        <td className="bo-hide-phone">{fmt.date(user.createdAt, 'short')}</td>
        <td>
          <button
            type="button"
            className="btn btn--ghost btn--sm"
            aria-expanded={open}
            aria-controls={panelId}
            onClick={onToggle}
          >
            {t(open ? 'bo.users.hideBalances' : 'bo.users.showBalances')}
          </button>
        </td>
      </tr>
      {open ? (
        <tr id={panelId}>
          <td colSpan={5} className="bo-expanded">
            <BalancesTable
              rows={user.balances.map((b) => [b.currency, b])}
              caption={t('bo.users.balancesOf', { name: label })}
            />
          </td>
        </tr>
      ) : null}
    </Fragment>
  );
}
