import type { AdminWithdrawalView, StaffWithdrawalAction } from '@p2p/shared';
import { type FormEvent, useId, useState } from 'react';
import { Dialog } from '@/components/ui/Dialog';
import { useT } from '@/i18n';
import { useFormat } from '@/lib/use-format';

/**
 * One step before a staff decision (spec 3 §5): reject asks for its reason, complete for the
 * transaction hash, the others for a plain confirmation.
 */
export function WithdrawalActionDialog({
  withdrawal,
  action,
  busy,
  onSubmit,
  onClose,
}: {
  withdrawal: AdminWithdrawalView;
  action: StaffWithdrawalAction;
  busy: boolean;
  onSubmit: (body: { note?: string; txHash?: string }) => void;
  onClose: () => void;
}) {
  const t = useT();
  const fmt = useFormat();
  const id = useId();
  const [value, setValue] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const field = action === 'reject' ? 'note' : action === 'complete' ? 'txHash' : null;
  const title =
    action === 'reject'
      ? t('bo.wd.rejectTitle')
      : action === 'complete'
        ? t('bo.wd.completeTitle')
        : t('bo.wd.confirmTitle');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = value.trim();
    if (field && !text) {
      setProblem(t(field === 'note' ? 'bo.wd.rejectReasonRequired' : 'bo.wd.txHashRequired'));
      return;
    }
    onSubmit(field ? { [field]: text } : {});
  };

  return (
    <Dialog open onClose={onClose} labelledBy={`${id}-t`} describedBy={`${id}-d`}>
      <form onSubmit={submit} noValidate className="bo-form">
        <h2 id={`${id}-t`} className="dialog__title">
          {title}
        </h2>
        <p id={`${id}-d`} className="muted bo-break">
          {t('bo.wd.confirmText', {
            action: t(`bo.wd.action.${action}`),
            amount: fmt.crypto(withdrawal.amount, withdrawal.cryptocurrency),
            address: withdrawal.toAddress ?? withdrawal.addressPreview,
          })}
        </p>
        {problem ? (
          <p className="alert alert--error" role="alert">
            {problem}
          </p>
        ) : null}
        {field ? (
          <div className="field">
            <label className="field__label" htmlFor={`${id}-v`}>
              {t(field === 'note' ? 'bo.wd.rejectReason' : 'bo.wd.txHash')}
            </label>
            {field === 'note' ? (
              <textarea
                id={`${id}-v`}
                className="input"
                rows={3}
                maxLength={1000}
                value={value}
                onChange={(e) => setValue(e.target.value)}
              />
            ) : (
              <input
                id={`${id}-v`}
                className="input"
                maxLength={200}
                autoComplete="off"
                value={value}
                onChange={(e) => setValue(e.target.value)}
              />
            )}
          </div>
        ) : null}
        <div className="dialog__actions">
          <button type="button" className="btn btn--ghost" onClick={onClose}>
            {t('bo.cancel')}
          </button>
          <button
            type="submit"
            className={`btn ${action === 'reject' || action === 'fail' ? 'btn--sell' : 'btn--primary'}`}
            disabled={busy}
          >
            {t(`bo.wd.action.${action}`)}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
