import type { AdminUserView } from '@p2p/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useT } from '@/i18n';
import { adminApi } from '../api/admin-api';
import { ListState, SearchForm, userLabel } from './common';

/** The balance screen's user search, at most 10 results. */
export function UserPicker({ onPick }: { onPick: (user: AdminUserView) => void }) {
  const t = useT();
  const [search, setSearch] = useState<string | null>(null);
  const query = useQuery({
    queryKey: ['admin', 'users', 'picker', search],
    queryFn: () => adminApi.users({ page: 1, limit: 10, search: search ?? undefined }),
    enabled: search !== null,
  });
  const users = query.data?.users ?? [];
  return (
    <div className="bo-picker">
      <SearchForm label={t('bo.balance.searchUser')} hint={t('bo.balance.searchHint')} onSearch={setSearch} />
      {search !== null ? (
        <>
          <ListState
            loading={query.isPending}
            error={query.error}
            empty={users.length === 0}
            errorTitle={t('bo.users.loadError')}
            emptyTitle={t('bo.users.empty')}
            onRetry={() => void query.refetch()}
          />
          {users.length > 0 ? (
            <ul className="bo-picker__list" aria-label={t('bo.balance.results')}>
              {users.slice(0, 10).map((user) => (
                <li key={user.id} className="bo-picker__item">
                  <span>
                    <span className="bo-strong">{userLabel(user)}</span>
                    <span className="muted small"> · {user.id}</span>
                  </span>
                  <button type="button" className="btn btn--ghost btn--sm" onClick={() => onPick(user)}>
                    {t('bo.balance.choose')}
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
        </>
      ) : null}
    </div>
  );
}
