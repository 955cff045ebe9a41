import type { ApprovalView } from '@p2p/shared';
import { type FormEvent, useId, useState } from 'react';
import { Dialog } from '@/components/ui/Dialog';
import { useT } from '@/i18n';
import { useFormat } from '@/lib/use-format';

export type ApprovalStep = 'approve' | 'reject' | 'cancel';

const REJECT_NOTE_MIN = 5;

/**
 * The second question before deciding a proposal: approving says what will move to whom (it
 * cannot be undone) and takes an optional comment; rejecting asks for its reason.
 */
export function ApprovalStepDialog({
  approval: a,
  step,
  busy,
  onSubmit,
  onClose,
}: {
  approval: ApprovalView;
  step: ApprovalStep;
  busy: boolean;
  onSubmit: (note: string) => void;
  onClose: () => void;
}) {
  const t = useT();
  const fmt = useFormat();
  const id = useId();
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const what = a.trade
    ? t(a.trade.outcome === 'release' ? 'staffSafety.outcome.release' : 'staffSafety.outcome.refund')
    : t('staffSafety.kind.credit');
  const text =
    step === 'approve'
      ? t('staffSafety.approveText', {
          what,
          amount: fmt.crypto(a.amount, a.cryptocurrency),
          usd: fmt.fiat(a.usdValue, 'USD'),
          name: a.beneficiary.name,
        })
      : t(step === 'reject' ? 'staffSafety.rejectText' : 'staffSafety.withdrawText');
  const title = t(
    step === 'approve'
      ? 'staffSafety.approveTitle'
      : step === 'reject'
        ? 'staffSafety.rejectTitle'
        : 'staffSafety.withdrawTitle',
  );
  const label = t(
    step === 'approve'
      ? 'staffSafety.approve'
      : step === 'reject'
        ? 'staffSafety.reject'
        : 'staffSafety.withdraw',
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = note.trim();
    if (step === 'reject' && value.length < REJECT_NOTE_MIN) {
      setProblem(t('staffSafety.rejectNoteRequired'));
      return;
    }
    onSubmit(value);
  };

  return (
    <Dialog open onClose={onClose} labelledBy={`${id}-t`} describedBy={`${id}-d`}>
      <form onSubmit={submit} noValidate className="bo-form">
        <h2 id={`${id}-t`} className="dialog__title">
          {title}
        </h2>
        <p id={`${id}-d`} className="muted">
          {text}
        </p>
        {problem ? (
          <p className="alert alert--error" role="alert">
            {problem}
          </p>
        ) : null}
        {step === 'cancel' ? null : (
          <div className="field">
            <label className="field__label" htmlFor={`${id}-note`}>
              {t(step === 'reject' ? 'staffSafety.rejectNote' : 'staffSafety.approveNote')}
            </label>
            <textarea
              id={`${id}-note`}
              className="input"
              rows={3}
              maxLength={1000}
              value={note}
              onChange={(e) => setNote(e.target.value)}
            />
          </div>
        )}
        <div className="dialog__actions">
          <button type="button" className="btn btn--ghost" onClick={onClose}>
            {t('bo.cancel')}
          </button>
          <button
            type="submit"
            className={`btn ${step === 'approve' ? 'btn--buy' : 'btn--sell'}`}
            disabled={busy}
          >
            {label}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
