import { type AdminWithdrawalView, WithdrawalDecision } from '@p2p/shared';
import { useId } from 'react';
import { z } from 'zod';
import { Dialog } from '@/components/ui/Dialog';
import { type Translate, useT } from '@/i18n';
import { useFormat } from '@/lib/use-format';
import { formProblem, useConsoleForm } from './admin-form';
import { actionLabelKey } from './WithdrawalSending';

/** The decisions asked a second time: approve, reject (with its reason), fail (money returns). */
export type AskedAction = 'approve' | 'reject' | 'fail';

/**
 * The decision's note (WithdrawalDecision): optional, but a rejection must give its reason and
 * a fail what was checked on the chain (docs/decisions/035).
 */
const OPTIONAL_NOTE = WithdrawalDecision.pick({ note: true });
const REQUIRED_NOTE = z.object({
  note: WithdrawalDecision.shape.note.unwrap().min(1, 'bo.wd.rejectReasonRequired'),
});
const CHAIN_CHECK = z.object({
  note: WithdrawalDecision.shape.note.unwrap().min(1, 'bo.wd.chainCheckRequired'),
});
const NOTE_RULE = { approve: OPTIONAL_NOTE, reject: REQUIRED_NOTE, fail: CHAIN_CHECK } as const;

/** The dialog's title and what it says will happen. */
function actionTexts(
  withdrawal: AdminWithdrawalView,
  action: AskedAction,
  t: Translate,
  fmt: ReturnType<typeof useFormat>,
) {
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
          action: t(actionLabelKey(action)),
          amount: fmt.crypto(withdrawal.amount, withdrawal.cryptocurrency),
          address: withdrawal.toAddress ?? withdrawal.addressPreview,
        });
  return { title, text };
}

/**
 * One step before a staff decision: reject asks for its reason, fail says the
 * money returns to the user (after a second admin's approval above FOUR_EYES_USD) and asks what
 * was checked on the chain, approve asks for a plain confirmation.
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
  const form = useConsoleForm<{ note: string }, { note?: string }>(NOTE_RULE[action], { note: '' });
  const problem = formProblem(form.formState.errors, ['note']);
  const { title, text } = actionTexts(withdrawal, action, t, fmt);
  return (
    <Dialog open onClose={onClose} labelledBy={`${id}-t`} describedBy={`${id}-d`}>
      <form
        onSubmit={form.handleSubmit(({ note }) => onSubmit(note ? { note } : {}))}
        noValidate
        className="bo-form"
      >
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
            <textarea id={`${id}-v`} className="input" rows={3} maxLength={1000} {...form.register('note')} />
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
            {t(actionLabelKey(action))}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
