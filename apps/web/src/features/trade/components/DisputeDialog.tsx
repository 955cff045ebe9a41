import { DISPUTE_DETAILS_MAX, type TradeView } from '@p2p/shared';
import { useId, useState } from 'react';
import { Dialog } from '@/components/ui/Dialog';
import { toast } from '@/components/ui/toast';
import { type MessageKey, useT } from '@/i18n';
import { useTradeAction } from '../hooks/use-trade';
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
  const [reason, setReason] = useState('');
  const [details, setDetails] = useState('');
  const [errors, setErrors] = useState<{ reason?: string; details?: string; submit?: string }>({});
  const action = useTradeAction(trade.id, { silentErrors: true });
  const busy = action.isPending;
  const close = () => {
    if (!busy) onClose();
  };

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const next: typeof errors = {};
    if (!reason) next.reason = t('validation.dispute.reason');
    if (!details.trim()) next.details = t('validation.dispute.details');
    else if (details.length > DISPUTE_DETAILS_MAX) next.details = t('validation.dispute.tooLong');
    setErrors(next);
    if (next.reason || next.details) return;
    action.mutate(
      { action: 'dispute_trade', payload: { reasonId: reason, details: details.trim() } },
      {
        onSuccess: () => {
          toast.success(t('dispute.opened'));
          setReason('');
          setDetails('');
          onClose();
        },
        onError: () => setErrors({ submit: t('dispute.failed') }),
      },
    );
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
        <fieldset className="dispute__reasons" aria-describedby={errors.reason ? `${id}-re` : undefined}>
          <legend className="field__label">{t('dispute.reason')}</legend>
          {disputeReasonsFor(trade.userRole).map((r) => (
            <label key={r} className="tr-radio">
              <input
                type="radio"
                name={`${id}-reason`}
                value={r}
                checked={reason === r}
                onChange={() => {
                  setReason(r);
                  setErrors((e) => ({ ...e, reason: undefined }));
                }}
              />
              <span>{t(disputeReasonKey(r) as MessageKey)}</span>
            </label>
          ))}
          {errors.reason ? (
            <p id={`${id}-re`} className="field__error" role="alert">
              {errors.reason}
            </p>
          ) : null}
        </fieldset>
        <div className="field">
          <label htmlFor={`${id}-details`} className="field__label">
            {t('dispute.details')}
          </label>
          <textarea
            id={`${id}-details`}
            className="input tr-textarea"
            rows={5}
            maxLength={DISPUTE_DETAILS_MAX}
            value={details}
            aria-invalid={errors.details ? true : undefined}
            aria-describedby={`${id}-count${errors.details ? ` ${id}-de` : ''}`}
            placeholder={t('dispute.placeholder')}
            onChange={(e) => {
              setDetails(e.target.value);
              setErrors((er) => ({ ...er, details: undefined }));
            }}
          />
          <p id={`${id}-count`} className="field__hint tr-counter num">
            {details.length}/{DISPUTE_DETAILS_MAX}
          </p>
          {errors.details ? (
            <p id={`${id}-de`} className="field__error" role="alert">
              {errors.details}
            </p>
          ) : null}
        </div>
        {errors.submit ? (
          <p className="alert alert--error" role="alert">
            {errors.submit}
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
