import type { AdminUserPage } from '@p2p/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useT } from '@/i18n';
import { Link, useParams } from '@/lib/router';
import { adminApi } from '../api/admin-api';
import { AdminPage, ListState, userLabel } from '../components/common';
import { UserLimits } from '../components/UserLimits';
import { BlockDialog } from '../components/UserModeration';
import {
  UserBalancesSection,
  UserDeposits,
  UserDisputes,
  UserHead,
  UserNotes,
  UserTrades,
  UserWithdrawals,
} from '../components/UserSections';
import { useIsAdmin } from '../session';

/** /admin/users/:id: who the user is, their money, trades, disputes, withdrawals, deposits, notes. */
export function UserPage() {
  const t = useT();
  const { id = '' } = useParams();
  const query = useQuery({ queryKey: ['admin', 'user', id], queryFn: () => adminApi.user(id) });
  const data = query.data;
  return (
    <AdminPage
      title={data ? userLabel(data.user) : t('bo.users.title')}
      tools={
        <Link to="/admin/users" className="btn btn--ghost btn--sm">
          {t('bo.user.back')}
        </Link>
      }
    >
      {data ? (
        <UserDetails data={data} />
      ) : (
        <ListState
          loading={query.isPending}
          error={query.error}
          empty={false}
          errorTitle={t('bo.user.loadError')}
          emptyTitle=""
          onRetry={() => void query.refetch()}
        />
      )}
    </AdminPage>
  );
}

function UserDetails({ data }: { data: AdminUserPage }) {
  const isAdmin = useIsAdmin();
  const [blocking, setBlocking] = useState(false);
  const { user } = data;
  return (
    <>
      <UserHead data={data} isAdmin={isAdmin} onBlock={() => setBlocking(true)} />
      <UserLimits userId={user.id} canLift={isAdmin} />
      <UserBalancesSection data={data} />
      <UserTrades trades={data.trades} />
      <UserDisputes disputes={data.disputes} />
      <UserWithdrawals withdrawals={data.withdrawals} />
      <UserDeposits deposits={data.deposits} />
      <UserNotes userId={user.id} notes={data.notes} />
      {blocking ? <BlockDialog user={user} onClose={() => setBlocking(false)} /> : null}
    </>
  );
}
