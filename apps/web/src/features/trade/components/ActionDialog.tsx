import type { TradeView } from '@p2p/shared';
import { useEffect, useId, useState } from 'react';
import { Dialog } from '@/components/ui/Dialog';
import { SecondFactorField, secondFactorReason, useTwoFactorStatus } from '@/features/two-factor';
import { type MessageKey, useT } from '@/i18n';
import { ApiError } from '@/lib/api';
import { useFormat } from '@/lib/use-format';
import type { MainAction } from '../lib/status';
import {
  emptyPayer,
  type PayerDraft,
  type PayerErrors,
  PayerFields,
  payerErrors,
  payerPayload,
} from './PayerFields';

export type Confirmable = MainAction | 'cancel_trade';

const TEXTS: Record<Confirmable, { title: MessageKey; text: MessageKey; ok: MessageKey; danger: boolean }> = {
  mark_paid: {
    title: 'confirm.mark_paid.title',
    text: 'confirm.mark_paid.text',
    ok: 'confirm.mark_paid.ok',
    danger: false,
  },
  confirm_payment: {
    title: 'confirm.confirm_payment.title',
    text: 'confirm.confirm_payment.text',
    ok: 'confirm.confirm_payment.ok',
    danger: false,
  },
  release_crypto: {
    title: 'confirm.release_crypto.title',
    text: 'confirm.release_crypto.text',
    ok: 'confirm.release_crypto.ok',
    danger: false,
  },
  cancel_trade: {
    title: 'confirm.cancel_trade.title',
    text: 'confirm.cancel_trade.text',
    ok: 'confirm.cancel_trade.ok',
    danger: true,
  },
};

/** Errors the dialog shows at its fields instead of a toast. */
export function shownInDialog(error: unknown, action: string): boolean {
  const reason = secondFactorReason(error);
  if (action === 'confirm_payment' && (reason === 'missing' || reason === 'invalid')) return true;
  return action === 'mark_paid' && error instanceof ApiError && error.code === 'VALIDATION_ERROR';
}

/** The server's field messages of a refused payer account (`payer.bank` -> bank). */
function serverPayerErrors(error: unknown): PayerErrors {
  if (!(error instanceof ApiError) || error.code !== 'VALIDATION_ERROR') return {};
  const issues =
    (error.details as { issues?: { path: string; message: string }[] } | undefined)?.issues ?? [];
  const out: PayerErrors = {};
  for (const issue of issues) {
    const field = issue.path.split('.')[1] as keyof PayerDraft | undefined;
    if (field === 'bank' || field === 'last4' || field === 'name') out[field] ??= issue.message;
  }
  if (!out.bank && !out.last4 && !out.name) out.name = error.message;
  return out;
}

interface ActionDialogProps {
  trade: TradeView;
  action: Confirmable | null;
  /** The texts' values (amounts, names, fee). */
  vars: Record<string, string>;
  /** The text key replacing the action's own (release without a known fee). */
  textOverride?: MessageKey | undefined;
  busy: boolean;
  /** The last refusal of this action, shown at its fields. */
  error: unknown;
  onConfirm: (payload: Record<string, unknown>) => void;
  onCancel: () => void;
}

/**
 * The second question before a trade action, with what the action needs: «Я оплатил» names the
 * paying account, «Подтвердить получение» takes the seller's second-factor code unless the
 * session's step-up window is open (docs/decisions/023).
 */
export function ActionDialog({
  trade,
  action,
  vars,
  textOverride,
  busy,
  error,
  onConfirm,
  onCancel,
}: ActionDialogProps) {
  const t = useT();
  const fmt = useFormat();
  const id = useId();
  const [payer, setPayer] = useState<PayerDraft>(() => emptyPayer());
  const [payerShown, setPayerShown] = useState<PayerErrors>({});
  const [code, setCode] = useState('');
  // The refused code's message stays until the user types another.
  const [codeEdited, setCodeEdited] = useState(false);
  const status = useTwoFactorStatus();
  const windowUntil = status.data?.stepUpUntil ?? null;
  const windowOpen = windowUntil !== null && Date.parse(windowUntil) > Date.now();

  useEffect(() => {
    if (!action) return;
    setCode('');
    setPayerShown({});
    // The bank the trade is paid with is the likely answer.
    setPayer(emptyPayer(trade.paymentMethod === 'cash' ? '' : trade.paymentMethod));
  }, [action, trade.paymentMethod]);
  useEffect(() => {
    if (action === 'mark_paid' && error) setPayerShown(serverPayerErrors(error));
    setCodeEdited(false);
  }, [action, error]);

  // A field the user changes loses its old complaint; the next submit checks again.
  const changePayer = (next: PayerDraft) => {
    const changed = (Object.keys(next) as (keyof PayerDraft)[]).filter((k) => next[k] !== payer[k]);
    setPayerShown((shown) => {
      const kept = { ...shown };
      for (const k of changed) delete kept[k];
      return kept;
    });
    setPayer(next);
  };

  if (!action) return null;
  const texts = TEXTS[action];
  const codeError =
    action === 'confirm_payment' && !codeEdited && secondFactorReason(error) && error instanceof Error
      ? error.message
      : null;
  const submit = () => {
    if (action === 'mark_paid') {
      const errors = payerErrors(payer, t);
      setPayerShown(errors);
      if (Object.keys(errors).length) return;
      onConfirm({ payer: payerPayload(payer) });
      return;
    }
    if (action === 'confirm_payment' && !windowOpen) {
      onConfirm({ totpCode: code.trim() });
      return;
    }
    onConfirm({});
  };
  return (
    <Dialog open onClose={onCancel} labelledBy={`${id}-t`} describedBy={`${id}-d`}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <h2 id={`${id}-t`} className="dialog__title">
          {t(texts.title)}
        </h2>
        <p id={`${id}-d`} className="muted">
          {t(textOverride ?? texts.text, vars)}
        </p>
        {action === 'mark_paid' ? (
          <PayerFields value={payer} onChange={changePayer} errors={payerShown} />
        ) : null}
        {action === 'confirm_payment' ? (
          windowOpen ? (
            <p className="alert alert--success small" data-testid="step-up-open">
              {t('security.window.open', { time: fmt.time(windowUntil) })}
            </p>
          ) : (
            <>
              <SecondFactorField
                id={`${id}-code`}
                value={code}
                onChange={(next) => {
                  setCode(next);
                  setCodeEdited(true);
                }}
                error={codeError}
              />
              <p className="muted small">
                {t('security.window.explain', { minutes: status.data?.stepUpMinutes ?? 5 })}
              </p>
            </>
          )
        ) : null}
        <div className="dialog__actions">
          <button type="button" className="btn btn--ghost" onClick={onCancel}>
            {t('common.cancel')}
          </button>
          <button
            type="submit"
            className={`btn ${texts.danger ? 'btn--sell' : 'btn--primary'}`}
            disabled={busy || (action === 'confirm_payment' && !windowOpen && !code.trim())}
            aria-busy={busy}
          >
            {t(texts.ok, vars)}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
