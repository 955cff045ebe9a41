import type {
  AdminUserView,
  BalanceOperationResult,
  Cryptocurrency,
  PendingApprovalResult,
} from '@p2p/shared';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { InputField } from '@/components/ui/InputField';
import { useT } from '@/i18n';
import { useFormat } from '@/lib/use-format';
import { adminApi } from '../api/admin-api';
import { BalanceOperationDialog } from '../components/BalanceOperationDialog';
import {
  checkDraft,
  type Operation,
  type OperationDraft,
  useBalanceOperation,
  useDraftProblem,
} from '../components/balance-operation';
import { CurrencyAmountFields } from '../components/CurrencyAmountFields';
import { AdminPage, userLabel } from '../components/common';
import { UserBalances } from '../components/UserBalances';
import { UserPicker } from '../components/UserPicker';

/** /admin/balance: credit and debit (docs/product/wallet-and-withdrawals.md); `?userId=` preselects. */
export function BalancePage() {
  const t = useT();
  const fmt = useFormat();
  const id = useId();
  const [params, setParams] = useSearchParams();
  const presetId = params.get('userId');
  const [picked, setPicked] = useState<AdminUserView | null>(null);
  const preset = useQuery({
    queryKey: ['admin', 'users', 'byId', presetId],
    queryFn: () => adminApi.users({ userId: presetId ?? undefined, page: 1, limit: 1 }),
    enabled: Boolean(presetId) && !picked,
  });
  const user = picked ?? preset.data?.users[0] ?? null;
  const [currency, setCurrency] = useState<Cryptocurrency | ''>('');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [confirm, setConfirm] = useState<(OperationDraft & { amount: string }) | null>(null);
  const [modalOpen, setModalOpen] = useState(false);
  const [proposed, setProposed] = useState<{ result: PendingApprovalResult; name: string } | null>(null);
  const problemOf = useDraftProblem();
  const mutation = useBalanceOperation();
  /** A credit above FOUR_EYES_USD moved nothing: the page says it waits (docs/decisions/023). */
  const onResult = (result: BalanceOperationResult | PendingApprovalResult, name: string) =>
    setProposed('pendingApproval' in result ? { result, name } : null);

  const pick = (next: AdminUserView | null) => {
    setPicked(next);
    const copy = new URLSearchParams(params);
    if (next) copy.set('userId', next.id);
    else copy.delete('userId');
    setParams(copy, { replace: true });
  };

  const ask = (operation: Operation) => (event?: FormEvent) => {
    event?.preventDefault();
    const draft: OperationDraft = { operation, userId: user?.id ?? null, currency, amount, reason };
    const checked = checkDraft(draft);
    const text = problemOf(checked);
    setProblem(text);
    if ('amount' in checked) setConfirm({ ...draft, amount: checked.amount });
  };

  const send = () => {
    if (!confirm?.userId || !confirm.currency) return;
    const { operation, userId, currency: coin, amount: value, reason: why } = confirm;
    setConfirm(null);
    mutation.mutate(
      { operation, userId, currency: coin, amount: value, reason: why },
      {
        onSuccess: (result) => {
          setAmount('');
          setReason('');
          onResult(result, user ? userLabel(user) : '');
        },
      },
    );
  };

  return (
    <AdminPage
      title={t('bo.balance.title')}
      tools={
        <button type="button" className="btn btn--ghost" onClick={() => setModalOpen(true)} disabled={!user}>
          {t('bo.balance.openModal')}
        </button>
      }
    >
      {proposed ? (
        <div
          className="alert alert--warn bo-approval-notice"
          role="status"
          data-testid="credit-pending-approval"
        >
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
      ) : null}
      <div className="bo-grid">
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
              <button type="button" className="btn btn--ghost btn--sm" onClick={() => pick(null)}>
                {t('bo.balance.change')}
              </button>
            </div>
          ) : (
            <UserPicker onPick={pick} />
          )}
          {user ? (
            <>
              <h3 className="bo-subtitle">{t('bo.balance.current')}</h3>
              <UserBalances userId={user.id} caption={t('bo.users.balancesOf', { name: userLabel(user) })} />
            </>
          ) : null}
        </div>
        <form className="panel bo-form" onSubmit={ask('credit')} noValidate aria-labelledby={`${id}-inline`}>
          <h2 id={`${id}-inline`} className="panel__title">
            {t('bo.balance.inline')}
          </h2>
          {problem ? (
            <p className="alert alert--error" role="alert">
              {problem}
            </p>
          ) : null}
          <CurrencyAmountFields
            id={id}
            currency={currency}
            onCurrency={setCurrency}
            amount={amount}
            onAmount={setAmount}
          />
          <InputField
            id={`${id}-reason`}
            label={t('bo.balance.reason')}
            maxLength={500}
            spellCheck
            value={reason}
            onChange={setReason}
          />
          <div className="bo-actions">
            <button type="submit" className="btn btn--buy" disabled={mutation.isPending}>
              {t('bo.balance.credit')}
            </button>
            <button
              type="button"
              className="btn btn--sell"
              disabled={mutation.isPending}
              onClick={ask('debit')}
            >
              {t('bo.balance.debit')}
            </button>
          </div>
        </form>
      </div>
      {confirm && user && confirm.currency ? (
        <ConfirmDialog
          open
          danger={confirm.operation === 'debit'}
          title={t(
            confirm.operation === 'credit' ? 'bo.balance.confirmCreditTitle' : 'bo.balance.confirmDebitTitle',
          )}
          text={[
            t(confirm.operation === 'credit' ? 'bo.balance.confirmCredit' : 'bo.balance.confirmDebit', {
              amount: fmt.crypto(confirm.amount, confirm.currency),
              name: userLabel(user),
              reason: confirm.reason.trim(),
            }),
            confirm.operation === 'debit' ? t('bo.balance.irreversible') : '',
          ]
            .filter(Boolean)
            .join(' ')}
          confirmLabel={t(confirm.operation === 'credit' ? 'bo.balance.credit' : 'bo.balance.debit')}
          onConfirm={send}
          onCancel={() => setConfirm(null)}
        />
      ) : null}
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
