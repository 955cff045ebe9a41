import type { TradeView } from '@p2p/shared';
import { useId, useRef } from 'react';
import { Dialog } from '@/components/ui/Dialog';
import { SecondFactorField, useTwoFactorStatus } from '@/features/two-factor';
import { type MessageKey, useT } from '@/i18n';
import { useTelegramClosingConfirmation, useTelegramMainButton } from '@/lib/telegram/hooks';
import { useFormat } from '@/lib/use-format';
import { useActionForm } from '../hooks/use-action-form';
import { ACTION_TEXTS, type Confirmable } from '../lib/action-dialog';
import { PayerFields } from './PayerFields';

export { type Confirmable, shownInDialog } from '../lib/action-dialog';

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
  const id = useId();
  const status = useTwoFactorStatus();
  const windowUntil = status.data?.stepUpUntil ?? null;
  const windowOpen = windowUntil !== null && Date.parse(windowUntil) > Date.now();
  const needsCode = action === 'confirm_payment' && !windowOpen;
  const form = useActionForm({ trade, action, error, needsCode, onConfirm });
  // Inside Telegram the MainButton confirms (the form's own submit); closing asks meanwhile.
  const formRef = useRef<HTMLFormElement>(null);
  useTelegramMainButton(
    action
      ? {
          text: t(ACTION_TEXTS[action].ok, vars),
          onClick: () => formRef.current?.requestSubmit(),
          disabled: needsCode && !form.code.trim(),
          loading: busy,
        }
      : null,
  );
  useTelegramClosingConfirmation(action !== null);

  if (!action) return null;
  const texts = ACTION_TEXTS[action];
  return (
    <Dialog open onClose={onCancel} labelledBy={`${id}-t`} describedBy={`${id}-d`}>
      <form ref={formRef} onSubmit={form.submit}>
        <h2 id={`${id}-t`} className="dialog__title">
          {t(texts.title)}
        </h2>
        <p id={`${id}-d`} className="muted">
          {t(textOverride ?? texts.text, vars)}
        </p>
        {action === 'mark_paid' ? (
          <PayerFields value={form.payer} onChange={form.changePayer} errors={form.payerErrors} />
        ) : null}
        {action === 'confirm_payment' ? (
          <SecondFactorStep
            id={`${id}-code`}
            windowUntil={windowOpen ? windowUntil : null}
            windowMinutes={status.data?.stepUpMinutes ?? 5}
            code={form.code}
            error={form.codeError}
            onCode={form.changeCode}
          />
        ) : null}
        <div className="dialog__actions">
          <button type="button" className="btn btn--ghost" onClick={onCancel}>
            {t('common.cancel')}
          </button>
          <button
            type="submit"
            className={`btn ${texts.danger ? 'btn--sell' : 'btn--primary'}`}
            disabled={busy || (needsCode && !form.code.trim())}
            aria-busy={busy}
          >
            {t(texts.ok, vars)}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

interface SecondFactorStepProps {
  id: string;
  /** The end of the open step-up window; null when a code is needed. */
  windowUntil: string | null;
  windowMinutes: number;
  code: string;
  error: string | null;
  onCode: (code: string) => void;
}

/** Inside the step-up window the confirmation needs no code and says until when; outside it asks for one. */
function SecondFactorStep({ id, windowUntil, windowMinutes, code, error, onCode }: SecondFactorStepProps) {
  const t = useT();
  const fmt = useFormat();
  if (windowUntil !== null) {
    return (
      <p className="alert alert--success small" data-testid="step-up-open">
        {t('security.window.open', { time: fmt.time(windowUntil) })}
      </p>
    );
  }
  return (
    <>
      <SecondFactorField id={id} value={code} onChange={onCode} error={error} />
      <p className="muted small">{t('security.window.explain', { minutes: windowMinutes })}</p>
    </>
  );
}
