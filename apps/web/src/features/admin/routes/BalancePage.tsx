import type { AdminUserView, BalanceOperationResult, PendingApprovalResult } from '@p2p/shared';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useT } from '@/i18n';
import { Link, useSearchParams } from '@/lib/router';
import { useFormat } from '@/lib/use-format';
import { adminApi } from '../api/admin-api';
import { BalanceOperationDialog } from '../components/BalanceOperationDialog';
import { AdminPage, userLabel } from '../components/common';
import {
  ConfirmInlineOperation,
  InlineOperationForm,
  useInlineOperation,
} from '../components/InlineOperation';
import { UserBalances } from '../components/UserBalances';
import { UserPicker } from '../components/UserPicker';

/** A credit above FOUR_EYES_USD moved nothing: the page says it waits (docs/decisions/023). */
type Proposed = { result: PendingApprovalResult; name: string };

/** /admin/balance: credit and debit (docs/product/wallet-and-withdrawals.md); `?userId=` preselects. */
export function BalancePage() {
  const t = useT();
  const id = useId();
  const { user, pick } = useBalanceUser();
  const [modalOpen, setModalOpen] = useState(false);
  const [proposed, setProposed] = useState<Proposed | null>(null);
  const onResult = (result: BalanceOperationResult | PendingApprovalResult, name: string) =>
    setProposed('pendingApproval' in result ? { result, name } : null);
  const inline = useInlineOperation(user, onResult);

  return (
    <AdminPage
      title={t('bo.balance.title')}
      tools={
        <button type="button" className="btn btn--ghost" onClick={() => setModalOpen(true)} disabled={!user}>
          {t('bo.balance.openModal')}
        </button>
      }
    >
      {proposed ? <CreditPendingNotice proposed={proposed} /> : null}
      <div className="bo-grid">
        <UserPanel user={user} onPick={pick} />
        <InlineOperationForm id={id} inline={inline} />
      </div>
      {inline.confirm && user ? <ConfirmInlineOperation user={user} inline={inline} /> : null}
      {modalOpen && user ? (
        <BalanceOperationDialog
          user={user}
          onClose={() => setModalOpen(false)}
          onResult={(result) => onResult(result, userLabel(user))}
        />
      ) : null}
    </AdminPage>
  );
}

/** The user picked here, or the one `?userId=` names; picking another rewrites the address. */
function useBalanceUser() {
  const [params, setParams] = useSearchParams();
  const presetId = params.get('userId');
  const [picked, setPicked] = useState<AdminUserView | null>(null);
  const preset = useQuery({
    queryKey: ['admin', 'users', 'byId', presetId],
    queryFn: () => adminApi.users({ userId: presetId ?? undefined, page: 1, limit: 1 }),
    enabled: Boolean(presetId) && !picked,
  });
  const pick = (next: AdminUserView | null) => {
    setPicked(next);
    const copy = new URLSearchParams(params);
    if (next) copy.set('userId', next.id);
    else copy.delete('userId');
    setParams(copy, { replace: true });
  };
  return { user: picked ?? preset.data?.users[0] ?? null, pick };
}

function CreditPendingNotice({ proposed }: { proposed: Proposed }) {
  const t = useT();
  const fmt = useFormat();
  return (
    <div className="alert alert--warn bo-approval-notice" role="status" data-testid="credit-pending-approval">
      <p className="bo-strong">{t('staffSafety.pendingSecondAdmin')}</p>
      <p>
        {t('staffSafety.credit.pendingText', {
          amount: fmt.crypto(proposed.result.amount, proposed.result.cryptocurrency),
          usd: fmt.fiat(proposed.result.usdValue, 'USD'),
          name: proposed.name,
          threshold: fmt.fiat(String(proposed.result.thresholdUsd), 'USD', 0),
        })}
      </p>
      <div className="bo-actions">
        <Link to="/admin/approvals" className="btn btn--ghost btn--sm">
          {t('staffSafety.openApprovals')}
        </Link>
      </div>
    </div>
  );
}

/** Who the operation is for: the picked user and their balances, or the search. */
function UserPanel({
  user,
  onPick,
}: {
  user: AdminUserView | null;
  onPick: (user: AdminUserView | null) => void;
}) {
  const t = useT();
  return (
    <div className="panel">
      <h2 className="panel__title">{t('bo.balance.user')}</h2>
      {user ? (
        <div className="bo-selected">
          <p>
            <span className="muted small">{t('bo.balance.selected')}: </span>
            <span className="bo-strong" data-testid="balance-selected-user">
              {userLabel(user)}
            </span>
          </p>
          <button type="button" className="btn btn--ghost btn--sm" onClick={() => onPick(null)}>
            {t('bo.balance.change')}
          </button>
        </div>
      ) : (
        <UserPicker onPick={onPick} />
      )}
      {user ? (
        <>
          <h3 className="bo-subtitle">{t('bo.balance.current')}</h3>
          <UserBalances userId={user.id} caption={t('bo.users.balancesOf', { name: userLabel(user) })} />
        </>
      ) : null}
    </div>
  );
}
