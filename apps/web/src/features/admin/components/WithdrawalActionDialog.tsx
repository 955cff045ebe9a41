import type { AdminWithdrawalView } from '@p2p/shared';
import { type FormEvent, useId, useState } from 'react';
import { Dialog } from '@/components/ui/Dialog';
import { useT } from '@/i18n';
import { useFormat } from '@/lib/use-format';
import { actionLabelKey } from './WithdrawalSending';

/** The decisions asked a second time: approve, reject (with its reason), fail (money returns). */
export type AskedAction = 'approve' | 'reject' | 'fail';

/**
 * One step before a staff decision: reject asks for its reason, fail says the
 * money returns to the user and takes an optional note, approve asks for a plain confirmation.
 * Completing a claimed request has its own dialog (WithdrawalSendingDialog).
 */
export function WithdrawalActionDialog({
  withdrawal,
  action,
  busy,
  onSubmit,
  onClose,
}: {
  withdrawal: AdminWithdrawalView;
  action: AskedAction;
  busy: boolean;
  onSubmit: (body: { note?: string }) => void;
  onClose: () => void;
}) {
  const t = useT();
  const fmt = useFormat();
  const id = useId();
  const [value, setValue] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const label = t(actionLabelKey(action));
  const title =
    action === 'reject'
      ? t('bo.wd.rejectTitle')
      : action === 'fail'
        ? t('wdc.fail.title')
        : t('bo.wd.confirmTitle');
  const text =
    action === 'fail'
      ? t('wdc.fail.text', { amount: fmt.crypto(withdrawal.total, withdrawal.cryptocurrency) })
      : t('bo.wd.confirmText', {
          action: label,
          amount: fmt.crypto(withdrawal.amount, withdrawal.cryptocurrency),
          address: withdrawal.toAddress ?? withdrawal.addressPreview,
        });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const note = value.trim();
    if (action === 'reject' && !note) {
      setProblem(t('bo.wd.rejectReasonRequired'));
      return;
    }
    onSubmit(note ? { note } : {});
  };

  return (
    <Dialog open onClose={onClose} labelledBy={`${id}-t`} describedBy={`${id}-d`}>
      <form onSubmit={submit} noValidate className="bo-form">
        <h2 id={`${id}-t`} className="dialog__title">
          {title}
        </h2>
        <p id={`${id}-d`} className="muted bo-break">
          {text}
        </p>
        {problem ? (
          <p className="alert alert--error" role="alert">
            {problem}
          </p>
        ) : null}
        {action === 'approve' ? null : (
          <div className="field">
            <label className="field__label" htmlFor={`${id}-v`}>
              {t(action === 'reject' ? 'bo.wd.rejectReason' : 'wdc.fail.note')}
            </label>
            <textarea
              id={`${id}-v`}
              className="input"
              rows={3}
              maxLength={1000}
              value={value}
              onChange={(e) => setValue(e.target.value)}
            />
          </div>
        )}
        <div className="dialog__actions">
          <button type="button" className="btn btn--ghost" onClick={onClose}>
            {t('bo.cancel')}
          </button>
          <button
            type="submit"
            className={`btn ${action === 'approve' ? 'btn--primary' : 'btn--sell'}`}
            disabled={busy}
          >
            {label}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
