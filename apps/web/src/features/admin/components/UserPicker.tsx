import type { AdminUserView } from '@p2p/shared';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useT } from '@/i18n';
import { adminApi } from '../api/admin-api';
import { ListState, userLabel } from './common';

/** Spec 3 §2: the balance screen's user search, at most 10 results. */
export function UserPicker({ onPick }: { onPick: (user: AdminUserView) => void }) {
  const t = useT();
  const id = useId();
  const [draft, setDraft] = useState('');
  const [search, setSearch] = useState<string | null>(null);
  const query = useQuery({
    queryKey: ['admin', 'users', 'picker', search],
    queryFn: () => adminApi.users({ page: 1, limit: 10, search: search ?? undefined }),
    enabled: search !== null,
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSearch(draft.trim());
  };
  const users = query.data?.users ?? [];
  return (
    <div className="bo-picker">
      <form className="bo-search" onSubmit={submit}>
        <div className="field bo-search__field">
          <label className="field__label" htmlFor={`${id}-q`}>
            {t('bo.balance.searchUser')}
          </label>
          <input
            id={`${id}-q`}
            className="input"
            type="search"
            value={draft}
            aria-describedby={`${id}-hint`}
            onChange={(e) => setDraft(e.target.value)}
          />
          <p id={`${id}-hint`} className="field__hint">
            {t('bo.balance.searchHint')}
          </p>
        </div>
        <button type="submit" className="btn btn--primary">
          {t('bo.search')}
        </button>
      </form>
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
