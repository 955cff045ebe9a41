import type {
  AdminUserView,
  BalanceOperationResult,
  Cryptocurrency,
  PendingApprovalResult,
} from '@p2p/shared';
import { type FormEvent, useId, useState } from 'react';
import { Dialog } from '@/components/ui/Dialog';
import { InputField } from '@/components/ui/InputField';
import { useT } from '@/i18n';
import { useFormat } from '@/lib/use-format';
import { checkDraft, type Operation, useBalanceOperation, useDraftProblem } from './balance-operation';
import { CurrencyAmountFields } from './CurrencyAmountFields';
import { userLabel } from './common';

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
  onResult?: (result: BalanceOperationResult | PendingApprovalResult) => void;
}) {
  const t = useT();
  const fmt = useFormat();
  const id = useId();
  const [operation, setOperation] = useState<Operation>('credit');
  const [currency, setCurrency] = useState<Cryptocurrency | ''>('');
  const [amount, setAmount] = useState('');
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [confirmed, setConfirmed] = useState<string | null>(null);
  const problemOf = useDraftProblem();
  const mutation = useBalanceOperation();
  const defaultNote = t(
    operation === 'credit' ? 'bo.balance.defaultCreditNote' : 'bo.balance.defaultDebitNote',
  );
  const reason = note.trim() || defaultNote;

  const review = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkDraft({ operation, userId: user.id, currency, amount, reason });
    setProblem(problemOf(checked));
    if ('amount' in checked) setConfirmed(checked.amount);
  };

  const send = () => {
    if (!confirmed || !currency) return;
    mutation.mutate(
      { operation, userId: user.id, currency, amount: confirmed, reason },
      {
        onSuccess: (result) => {
          onResult?.(result);
          onClose();
        },
        onSettled: () => setConfirmed(null),
      },
    );
  };

  return (
    <Dialog open onClose={onClose} labelledBy={`${id}-t`}>
      <h2 id={`${id}-t`} className="dialog__title">
        {t('bo.balance.modalTitle')}
      </h2>
      <p className="muted small">{userLabel(user)}</p>
      {confirmed && currency ? (
        <div className="bo-form">
          <p>
            {t(operation === 'credit' ? 'bo.balance.confirmCredit' : 'bo.balance.confirmDebit', {
              amount: fmt.crypto(confirmed, currency),
              name: userLabel(user),
              reason,
            })}
          </p>
          {operation === 'debit' ? (
            <p className="alert alert--warn" role="alert">
              {t('bo.balance.irreversible')}
            </p>
          ) : null}
          <div className="dialog__actions">
            <button type="button" className="btn btn--ghost" onClick={() => setConfirmed(null)}>
              {t('bo.cancel')}
            </button>
            <button
              type="button"
              className={`btn ${operation === 'credit' ? 'btn--buy' : 'btn--sell'}`}
              disabled={mutation.isPending}
              onClick={send}
            >
              {t(operation === 'credit' ? 'bo.balance.credit' : 'bo.balance.debit')}
            </button>
          </div>
        </div>
      ) : (
        <form className="bo-form" onSubmit={review} noValidate>
          {problem ? (
            <p className="alert alert--error" role="alert">
              {problem}
            </p>
          ) : null}
          <fieldset className="segmented">
            <legend className="sr-only">{t('bo.balance.modalTitle')}</legend>
            {(['credit', 'debit'] as const).map((op) => (
              <button
                key={op}
                type="button"
                className="segmented__item"
                aria-pressed={operation === op}
                onClick={() => setOperation(op)}
              >
                {t(op === 'credit' ? 'bo.balance.credit' : 'bo.balance.debit')}
              </button>
            ))}
          </fieldset>
          <CurrencyAmountFields
            id={id}
            currency={currency}
            onCurrency={setCurrency}
            amount={amount}
            onAmount={setAmount}
          />
          <InputField
            id={`${id}-note`}
            label={t('bo.balance.note')}
            maxLength={500}
            spellCheck
            placeholder={defaultNote}
            value={note}
            onChange={setNote}
          />
          <div className="dialog__actions">
            <button type="button" className="btn btn--ghost" onClick={onClose}>
              {t('bo.cancel')}
            </button>
            <button type="submit" className="btn btn--primary">
              {t(operation === 'credit' ? 'bo.balance.credit' : 'bo.balance.debit')}
            </button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
