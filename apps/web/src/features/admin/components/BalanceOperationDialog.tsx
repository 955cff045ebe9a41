import type { AdminUserView, BalanceOperationResult, PendingApprovalResult } from '@p2p/shared';
import { useId, useMemo, useState } from 'react';
import { Dialog } from '@/components/ui/Dialog';
import { InputField } from '@/components/ui/InputField';
import { useT } from '@/i18n';
import { useFormat } from '@/lib/use-format';
import { formProblem, useConsoleForm } from './admin-form';
import {
  type DialogDraftForm,
  DRAFT_ORDER,
  dialogDraftSchema,
  OPERATIONS,
  type Operation,
  type OperationDraft,
  useBalanceOperation,
} from './balance-operation';
import { CurrencyAmountFields } from './CurrencyAmountFields';
import { userLabel } from './common';

type OnResult = (result: BalanceOperationResult | PendingApprovalResult) => void;

const operationLabel = (operation: Operation) =>
  operation === 'credit' ? 'bo.balance.credit' : 'bo.balance.debit';

/**
 * The modal balance form: operation, currency, amount and an optional note that
 * defaults to the manual credit/debit text; a confirmation step precedes sending.
 */
export function BalanceOperationDialog({
  user,
  onClose,
  onResult,
}: {
  user: AdminUserView;
  onClose: () => void;
  /** What the server answered: a balance, or a proposal waiting for a second admin. */
  onResult?: OnResult;
}) {
  const t = useT();
  const id = useId();
  const dialog = useOperationDialog(user, onClose, onResult);
  return (
    <Dialog open onClose={onClose} labelledBy={`${id}-t`}>
      <h2 id={`${id}-t`} className="dialog__title">
        {t('bo.balance.modalTitle')}
      </h2>
      <p className="muted small">{userLabel(user)}</p>
      {dialog.confirmed ? (
        <ConfirmStep
          user={user}
          draft={dialog.confirmed}
          busy={dialog.busy}
          onBack={dialog.back}
          onSend={dialog.send}
        />
      ) : (
        <DraftStep id={id} dialog={dialog} onClose={onClose} />
      )}
    </Dialog>
  );
}

/** The dialog's form, its checked draft waiting for confirmation, and the sending. */
function useOperationDialog(user: AdminUserView, onClose: () => void, onResult?: OnResult) {
  const t = useT();
  const defaultNote = useMemo(
    () => (operation: Operation) =>
      t(operation === 'credit' ? 'bo.balance.defaultCreditNote' : 'bo.balance.defaultDebitNote'),
    [t],
  );
  const schema = useMemo(() => dialogDraftSchema(user.id, defaultNote), [user.id, defaultNote]);
  const form = useConsoleForm<DialogDraftForm, OperationDraft>(schema, {
    operation: 'credit',
    cryptocurrency: '',
    amount: '',
    note: '',
  });
  const [confirmed, setConfirmed] = useState<OperationDraft | null>(null);
  const mutation = useBalanceOperation();
  const send = () => {
    if (!confirmed) return;
    mutation.mutate(confirmed, {
      onSuccess: (result) => {
        onResult?.(result);
        onClose();
      },
      onSettled: () => setConfirmed(null),
    });
  };
  const operation = form.watch('operation');
  return {
    form,
    operation,
    defaultNote: defaultNote(operation),
    problem: formProblem(form.formState.errors, DRAFT_ORDER),
    review: form.handleSubmit(setConfirmed),
    confirmed,
    back: () => setConfirmed(null),
    send,
    busy: mutation.isPending,
  };
}

function ConfirmStep({
  user,
  draft,
  busy,
  onBack,
  onSend,
}: {
  user: AdminUserView;
  draft: OperationDraft;
  busy: boolean;
  onBack: () => void;
  onSend: () => void;
}) {
  const t = useT();
  const fmt = useFormat();
  const { operation } = draft;
  return (
    <div className="bo-form">
      <p>
        {t(operation === 'credit' ? 'bo.balance.confirmCredit' : 'bo.balance.confirmDebit', {
          amount: fmt.crypto(draft.amount, draft.cryptocurrency),
          name: userLabel(user),
          reason: draft.reason,
        })}
      </p>
      {operation === 'debit' ? (
        <p className="alert alert--warn" role="alert">
          {t('bo.balance.irreversible')}
        </p>
      ) : null}
      <div className="dialog__actions">
        <button type="button" className="btn btn--ghost" onClick={onBack}>
          {t('bo.cancel')}
        </button>
        <button
          type="button"
          className={`btn ${operation === 'credit' ? 'btn--buy' : 'btn--sell'}`}
          disabled={busy}
          onClick={onSend}
        >
          {t(operationLabel(operation))}
        </button>
      </div>
    </div>
  );
}

function DraftStep({
  id,
  dialog,
  onClose,
}: {
  id: string;
  dialog: ReturnType<typeof useOperationDialog>;
  onClose: () => void;
}) {
  const t = useT();
  const { form, operation } = dialog;
  return (
    <form className="bo-form" onSubmit={dialog.review} noValidate>
      {dialog.problem ? (
        <p className="alert alert--error" role="alert">
          {dialog.problem}
        </p>
      ) : null}
      <fieldset className="segmented">
        <legend className="sr-only">{t('bo.balance.modalTitle')}</legend>
        {OPERATIONS.map((op) => (
          <button
            key={op}
            type="button"
            className="segmented__item"
            aria-pressed={operation === op}
            onClick={() => form.setValue('operation', op)}
          >
            {t(operationLabel(op))}
          </button>
        ))}
      </fieldset>
      <CurrencyAmountFields
        id={id}
        currency={form.register('cryptocurrency')}
        amount={form.register('amount')}
      />
      <InputField
        id={`${id}-note`}
        label={t('bo.balance.note')}
        maxLength={500}
        spellCheck
        placeholder={dialog.defaultNote}
        value={form.watch('note')}
        onChange={(note) => form.setValue('note', note)}
      />
      <div className="dialog__actions">
        <button type="button" className="btn btn--ghost" onClick={onClose}>
          {t('bo.cancel')}
        </button>
        <button type="submit" className="btn btn--primary">
          {t(operationLabel(operation))}
        </button>
      </div>
    </form>
  );
}
