import {
  type AdminWithdrawalView,
  NETWORKS,
  parseAmount,
  plainAmount,
  type StaffRef,
  type StaffWithdrawalAction,
  WithdrawalDecision,
} from '@p2p/shared';
import { type FormEvent, useId, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { CopyText } from '@/components/ui/CopyText';
import { Dialog } from '@/components/ui/Dialog';
import { currentLang, useT } from '@/i18n';
import { issuesToErrors } from '@/lib/form-resolver';
import { useFormat } from '@/lib/use-format';
import { useAdminSession } from '../session';
import './withdrawal-sending.css';

/**
 * Sending a claimed withdrawal (docs/decisions/023, section 2): the destination and the exact
 * amount with copy buttons, who claimed it and when, and the form for the transaction hash.
 */

/** The catalogue key of an action's button: the claim reads «Отправить». */
export function actionLabelKey(action: StaffWithdrawalAction) {
  return action === 'approve' || action === 'reject'
    ? (`bo.wd.action.${action}` as const)
    : (`wdc.action.${action}` as const);
}

/** '0.10000000' -> '0.1': what a wallet's amount field takes. */
export const amountToSend = (amount: string) => plainAmount(parseAmount(amount, 8));

/** «Ольга Петрова, 12.11 10:05», or «... (вы)» for the signed-in staff member. */
export function ClaimerLine({ claimedBy, claimedAt }: { claimedBy: StaffRef; claimedAt: string | null }) {
  const t = useT();
  const fmt = useFormat();
  const me = useAdminSession().admin;
  const name = `${claimedBy.firstName} ${claimedBy.lastName}`.trim() || claimedBy.email;
  return (
    <>
      {t('wdc.claimedByLine', {
        name: me?.id === claimedBy.id ? t('wdc.you', { name }) : name,
        time: claimedAt ? fmt.dateTime(claimedAt) : '',
      })}
    </>
  );
}

/** The destination and the amount to send, each with its copy button (claimed rows only). */
export function SendingDetails({ withdrawal: w }: { withdrawal: AdminWithdrawalView }) {
  const t = useT();
  if (!w.toAddress) return null;
  const amount = amountToSend(w.amount);
  return (
    <section className="bo-decision wd-sending" aria-label={t('wdc.sending')} data-testid="sending-details">
      <h3 className="bo-decision__title">{t('wdc.sending')}</h3>
      <dl className="wd-sending__list">
        <div>
          <dt>{t('bo.wd.network')}</dt>
          <dd>{NETWORKS[w.network].label}</dd>
        </div>
        <div>
          <dt>{t('wdc.address')}</dt>
          <dd className="wd-sending__value">
            <span className="bo-mono bo-break" data-testid="sending-address">
              {w.toAddress}
            </span>
            <CopyText text={w.toAddress} label={t('wdc.addressLabel')} />
          </dd>
        </div>
        <div>
          <dt>{t('wdc.amount')}</dt>
          <dd className="wd-sending__value">
            <span className="bo-mono num" data-testid="sending-amount">
              {amount} {w.cryptocurrency}
            </span>
            <CopyText text={amount} label={t('wdc.amountLabel')} />
          </dd>
        </div>
        {w.claimedBy ? (
          <div>
            <dt>{t('wdc.claimedBy')}</dt>
            <dd>
              <ClaimerLine claimedBy={w.claimedBy} claimedAt={w.claimedAt} />
            </dd>
          </div>
        ) : null}
      </dl>
    </section>
  );
}

/** The hash that completes a request (WithdrawalDecision's txHash), required here. */
const TxHashForm = z.object({
  txHash: WithdrawalDecision.shape.txHash.unwrap().min(1, 'bo.wd.txHashRequired'),
});
type TxHashForm = z.infer<typeof TxHashForm>;

/** After «Отправить»: the sending details and the transaction hash that completes the request. */
export function WithdrawalSendingDialog({
  withdrawal,
  busy,
  onSubmit,
  onClose,
}: {
  withdrawal: AdminWithdrawalView;
  busy: boolean;
  onSubmit: (body: { txHash: string }) => void;
  onClose: () => void;
}) {
  const t = useT();
  const id = useId();
  const { input, txHash, submit, problem } = useTxHashForm(onSubmit);
  return (
    <Dialog open onClose={onClose} labelledBy={`${id}-t`} describedBy={`${id}-d`} initialFocus={input}>
      <form onSubmit={submit} noValidate className="bo-form">
        <h2 id={`${id}-t`} className="dialog__title">
          {t('wdc.send.title')}
        </h2>
        <p id={`${id}-d`} className="muted">
          {t('wdc.send.intro', { network: NETWORKS[withdrawal.network].label })}
        </p>
        <SendingDetails withdrawal={withdrawal} />
        {problem ? (
          <p className="alert alert--error" role="alert">
            {problem}
          </p>
        ) : null}
        <div className="field">
          <label className="field__label" htmlFor={`${id}-hash`}>
            {t('bo.wd.txHash')}
          </label>
          <input
            id={`${id}-hash`}
            className="input bo-mono"
            maxLength={200}
            autoComplete="off"
            spellCheck={false}
            {...txHash}
          />
        </div>
        <div className="dialog__actions">
          <button type="button" className="btn btn--ghost" onClick={onClose}>
            {t('wdc.send.later')}
          </button>
          <button type="submit" className="btn btn--primary" disabled={busy}>
            {t('wdc.action.complete')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

/**
 * The TX Hash form, checked in the click itself rather than a tick later as handleSubmit would:
 * the complaint shows and the field takes focus at once, as they always have.
 */
function useTxHashForm(onSubmit: (body: TxHashForm) => void) {
  const input = useRef<HTMLInputElement | null>(null);
  const form = useForm<TxHashForm>({ defaultValues: { txHash: '' } });
  const { ref, ...field } = form.register('txHash');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = TxHashForm.safeParse(form.getValues());
    if (parsed.success) {
      form.clearErrors();
      onSubmit(parsed.data);
      return;
    }
    const errors = issuesToErrors<TxHashForm>(parsed.error.issues, currentLang());
    if (errors.txHash) form.setError('txHash', errors.txHash);
    input.current?.focus();
  };
  const txHash = {
    ...field,
    ref: (element: HTMLInputElement | null) => {
      ref(element);
      input.current = element;
    },
  };
  return { input, txHash, submit, problem: form.formState.errors.txHash?.message };
}
