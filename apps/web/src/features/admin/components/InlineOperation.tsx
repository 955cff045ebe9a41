import type { AdminUserView, BalanceOperationResult, PendingApprovalResult } from '@p2p/shared';
import { useMemo, useState } from 'react';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { InputField } from '@/components/ui/InputField';
import { useT } from '@/i18n';
import { useFormat } from '@/lib/use-format';
import { formProblem, useConsoleForm } from './admin-form';
import {
  type BalanceDraft,
  DRAFT_ORDER,
  type InlineDraftForm,
  inlineDraftSchema,
  type Operation,
  type OperationDraft,
  useBalanceOperation,
} from './balance-operation';
import { CurrencyAmountFields } from './CurrencyAmountFields';
import { userLabel } from './common';

/**
 * The balance page's inline form ("Быстрая операция"): credit (its submit) or debit, each
 * checked against the request's rules and asked a second time before it is sent; a sent
 * operation empties the amount and the reason.
 */
export function useInlineOperation(
  user: AdminUserView | null,
  onResult: (result: BalanceOperationResult | PendingApprovalResult, name: string) => void,
) {
  const schema = useMemo(() => inlineDraftSchema(user?.id ?? null), [user?.id]);
  const form = useConsoleForm<InlineDraftForm, BalanceDraft>(schema, {
    cryptocurrency: '',
    amount: '',
    reason: '',
  });
  const [confirm, setConfirm] = useState<OperationDraft | null>(null);
  const mutation = useBalanceOperation();
  const ask = (operation: Operation) => form.handleSubmit((draft) => setConfirm({ ...draft, operation }));
  const send = () => {
    if (!confirm) return;
    setConfirm(null);
    mutation.mutate(confirm, {
      onSuccess: (result) => {
        form.setValue('amount', '');
        form.setValue('reason', '');
        onResult(result, user ? userLabel(user) : '');
      },
    });
  };
  return {
    form,
    problem: formProblem(form.formState.errors, DRAFT_ORDER),
    ask,
    confirm,
    cancel: () => setConfirm(null),
    send,
    busy: mutation.isPending,
  };
}

type InlineOperation = ReturnType<typeof useInlineOperation>;

export function InlineOperationForm({ id, inline }: { id: string; inline: InlineOperation }) {
  const t = useT();
  const { form } = inline;
  return (
    <form
      className="panel bo-form"
      onSubmit={inline.ask('credit')}
      noValidate
      aria-labelledby={`${id}-inline`}
    >
      <h2 id={`${id}-inline`} className="panel__title">
        {t('bo.balance.inline')}
      </h2>
      {inline.problem ? (
        <p className="alert alert--error" role="alert">
          {inline.problem}
        </p>
      ) : null}
      <CurrencyAmountFields
        id={id}
        currency={form.register('cryptocurrency')}
        amount={form.register('amount')}
      />
      <InputField
        id={`${id}-reason`}
        label={t('bo.balance.reason')}
        maxLength={500}
        spellCheck
        value={form.watch('reason')}
        onChange={(reason) => form.setValue('reason', reason)}
      />
      <div className="bo-actions">
        <button type="submit" className="btn btn--buy" disabled={inline.busy}>
          {t('bo.balance.credit')}
        </button>
        <button type="button" className="btn btn--sell" disabled={inline.busy} onClick={inline.ask('debit')}>
          {t('bo.balance.debit')}
        </button>
      </div>
    </form>
  );
}

/** The second question: the amount, whom and why; a debit says it cannot be undone. */
export function ConfirmInlineOperation({ user, inline }: { user: AdminUserView; inline: InlineOperation }) {
  const t = useT();
  const fmt = useFormat();
  const { confirm } = inline;
  if (!confirm) return null;
  const credit = confirm.operation === 'credit';
  return (
    <ConfirmDialog
      open
      danger={!credit}
      title={t(credit ? 'bo.balance.confirmCreditTitle' : 'bo.balance.confirmDebitTitle')}
      text={[
        t(credit ? 'bo.balance.confirmCredit' : 'bo.balance.confirmDebit', {
          amount: fmt.crypto(confirm.amount, confirm.cryptocurrency),
          name: userLabel(user),
          reason: confirm.reason.trim(),
        }),
        credit ? '' : t('bo.balance.irreversible'),
      ]
        .filter(Boolean)
        .join(' ')}
      confirmLabel={t(credit ? 'bo.balance.credit' : 'bo.balance.debit')}
      onConfirm={inline.send}
      onCancel={inline.cancel}
    />
  );
}
