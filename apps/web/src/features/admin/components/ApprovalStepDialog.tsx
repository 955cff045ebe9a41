import { type ApprovalView, ApproveRequest, RejectApprovalRequest } from '@p2p/shared';
import { useId } from 'react';
import { Dialog } from '@/components/ui/Dialog';
import { type Translate, useT } from '@/i18n';
import { useFormat } from '@/lib/use-format';
import { KIND_LABEL } from './ApprovalCard';
import { formProblem, useConsoleForm, withKeys } from './admin-form';

export type ApprovalStep = 'approve' | 'reject' | 'cancel';

/** Approving takes an optional comment; rejecting its reason (at least 5); withdrawing nothing. */
const APPROVE = withKeys(ApproveRequest, {});
const REJECT = withKeys(RejectApprovalRequest, { missing: { note: 'staffSafety.rejectNoteRequired' } });

const TITLE = {
  approve: 'staffSafety.approveTitle',
  reject: 'staffSafety.rejectTitle',
  cancel: 'staffSafety.withdrawTitle',
} as const;
const LABEL = {
  approve: 'staffSafety.approve',
  reject: 'staffSafety.reject',
  cancel: 'staffSafety.withdraw',
} as const;

/** What the dialog says: approving, what will move to whom (it cannot be undone). */
function stepText(a: ApprovalView, step: ApprovalStep, t: Translate, fmt: ReturnType<typeof useFormat>) {
  if (step !== 'approve') return t(step === 'reject' ? 'staffSafety.rejectText' : 'staffSafety.withdrawText');
  const what = a.trade
    ? t(a.trade.outcome === 'release' ? 'staffSafety.outcome.release' : 'staffSafety.outcome.refund')
    : t(KIND_LABEL[a.kind]);
  return t('staffSafety.approveText', {
    what,
    amount: fmt.crypto(a.amount, a.cryptocurrency),
    usd: fmt.fiat(a.usdValue, 'USD'),
    name: a.beneficiary.name,
  });
}

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
  const form = useConsoleForm<{ note: string }, { note?: string }>(step === 'reject' ? REJECT : APPROVE, {
    note: '',
  });
  const problem = formProblem(form.formState.errors, ['note']);
  return (
    <Dialog open onClose={onClose} labelledBy={`${id}-t`} describedBy={`${id}-d`}>
      <form onSubmit={form.handleSubmit(({ note }) => onSubmit(note ?? ''))} noValidate className="bo-form">
        <h2 id={`${id}-t`} className="dialog__title">
          {t(TITLE[step])}
        </h2>
        <p id={`${id}-d`} className="muted">
          {stepText(a, step, t, fmt)}
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
              {...form.register('note')}
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
            {t(LABEL[step])}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
