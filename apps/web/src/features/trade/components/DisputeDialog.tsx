import { DISPUTE_DETAILS_MAX, type TradeView } from '@p2p/shared';
import { useId } from 'react';
import { Dialog } from '@/components/ui/Dialog';
import { type MessageKey, useT } from '@/i18n';
import { type DisputeFormApi, useDisputeForm } from '../hooks/use-dispute-form';
import { disputeReasonKey, disputeReasonsFor } from '../lib/dispute';

interface DisputeDialogProps {
  trade: TradeView;
  open: boolean;
  onClose: () => void;
}

/**
 * Opening a dispute, sent as `dispute_trade` {reasonId, details}: the trade
 * freezes until a moderator decides.
 */
export function DisputeDialog({ trade, open, onClose }: DisputeDialogProps) {
  const t = useT();
  const id = useId();
  const { form, submit, pickReason, busy } = useDisputeForm(trade, onClose);
  const submitError = form.formState.errors.root?.server?.message;
  const close = () => {
    if (!busy) onClose();
  };

  return (
    <Dialog open={open} onClose={close} labelledBy={`${id}-t`} describedBy={`${id}-d`}>
      <form onSubmit={submit} noValidate className="dispute">
        <h2 id={`${id}-t`} className="dialog__title">
          {t('dispute.title')}
        </h2>
        <p id={`${id}-d`} className="muted small">
          {t('dispute.text')}
        </p>
        <DisputeReasons
          id={id}
          reasons={disputeReasonsFor(trade.userRole)}
          picked={form.watch('reasonId')}
          error={form.formState.errors.reasonId?.message}
          onPick={pickReason}
        />
        <DisputeDetails id={id} form={form} />
        {submitError ? (
          <p className="alert alert--error" role="alert">
            {submitError}
          </p>
        ) : null}
        <div className="dialog__actions">
          <button type="button" className="btn btn--ghost" onClick={close} disabled={busy}>
            {t('common.cancel')}
          </button>
          <button type="submit" className="btn btn--sell" disabled={busy}>
            {busy ? t('dispute.sending') : t('dispute.submit')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

interface DisputeReasonsProps {
  id: string;
  reasons: readonly string[];
  picked: string;
  error: string | undefined;
  onPick: (reasonId: string) => void;
}

/** The reasons the user's side may give, one to pick. */
function DisputeReasons({ id, reasons, picked, error, onPick }: DisputeReasonsProps) {
  const t = useT();
  return (
    <fieldset className="dispute__reasons" aria-describedby={error ? `${id}-re` : undefined}>
      <legend className="field__label">{t('dispute.reason')}</legend>
      {reasons.map((r) => (
        <label key={r} className="tr-radio">
          <input
            type="radio"
            name={`${id}-reason`}
            value={r}
            checked={picked === r}
            onChange={() => onPick(r)}
          />
          <span>{t(disputeReasonKey(r) as MessageKey)}</span>
        </label>
      ))}
      {error ? (
        <p id={`${id}-re`} className="field__error" role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/** What happened, in the user's words, with its length counted. */
function DisputeDetails({ id, form }: { id: string; form: DisputeFormApi }) {
  const t = useT();
  const error = form.formState.errors.details?.message;
  const details = form.watch('details');
  return (
    <div className="field">
      <label htmlFor={`${id}-details`} className="field__label">
        {t('dispute.details')}
      </label>
      <textarea
        id={`${id}-details`}
        className="input tr-textarea"
        rows={5}
        maxLength={DISPUTE_DETAILS_MAX}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-count${error ? ` ${id}-de` : ''}`}
        placeholder={t('dispute.placeholder')}
        {...form.register('details', { onChange: () => form.clearErrors('details') })}
      />
      <p id={`${id}-count`} className="field__hint tr-counter num">
        {details.length}/{DISPUTE_DETAILS_MAX}
      </p>
      {error ? (
        <p id={`${id}-de`} className="field__error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
