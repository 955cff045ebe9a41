import { type Cryptocurrency, networksOf } from '@p2p/shared';
import type { ReactNode } from 'react';
import { useT } from '@/i18n';
import { useTelegramClosingConfirmation, useTelegramMainButton } from '@/lib/telegram/hooks';
import { useWithdrawFlow, type WithdrawFlowState } from '../hooks/use-withdraw-flow';
import { WithdrawConfirm, WithdrawDone } from './WithdrawConfirm';
import { type DetailsDraft, WithdrawDetails } from './WithdrawDetails';
import { WithdrawSelect } from './WithdrawSelect';

const STEP_NUMBER = { select: 1, details: 2, confirm: 3, done: 3 } as const;

/**
 * Withdraw: select → details → confirm → submit, back allowed. Continue waits for
 * a valid amount, a valid address and amount + fee within the balance (the server's own rules);
 * the confirm step asks for the two-factor code, and leads a user without two-factor through
 * enrolment first (docs/decisions/023).
 */
export function WithdrawFlow({
  initialCurrency,
  currencyFixed = false,
  onClose,
}: {
  initialCurrency: Cryptocurrency;
  currencyFixed?: boolean;
  /** In a dialog: closes it. On the page the flow starts over instead. */
  onClose?: () => void;
}) {
  const t = useT();
  const flow = useWithdrawFlow(initialCurrency, currencyFixed);
  const { step, check, form } = flow;
  // Inside Telegram: an address or amount typed is not lost by closing the app unasked.
  useTelegramClosingConfirmation(step !== 'done' && form.formState.isDirty);
  const cancel = onClose ? (
    <button type="button" className="btn btn--ghost" onClick={onClose}>
      {t('common.cancel')}
    </button>
  ) : null;

  return (
    <div className="withdraw-flow">
      {step === 'done' ? null : (
        <p className="small muted">
          {t('wd.steps', { n: STEP_NUMBER[step] })} · {t(`wd.step.${step}`)}
        </p>
      )}
      {step === 'select' ? (
        <SelectStep flow={flow} currencyFixed={currencyFixed} cancel={cancel} />
      ) : step === 'details' ? (
        <DetailsStep
          flow={flow}
          onBack={() =>
            currencyFixed && networksOf(flow.currency).length === 1 ? onClose?.() : flow.setStep('select')
          }
        />
      ) : step === 'confirm' && check.quote && check.address ? (
        <WithdrawConfirm
          network={flow.network}
          address={check.address}
          quote={check.quote}
          twoFactorOn={flow.twoFactorOn}
          onEnrol={() => void flow.gate.ensure(() => undefined)}
          totp={flow.values.totp}
          onTotp={(totp) => form.setValue('totp', totp, { shouldDirty: true })}
          pending={flow.sending}
          error={flow.sendError}
          onSubmit={() => void flow.send()}
          onBack={() => flow.setStep('details')}
        />
      ) : flow.result ? (
        <WithdrawDone result={flow.result} onClose={onClose} onAgain={flow.restart} />
      ) : null}
      {flow.gate.dialog}
    </div>
  );
}

/** Step 1: the coin and its network, then Continue. */
function SelectStep({
  flow,
  currencyFixed,
  cancel,
}: {
  flow: WithdrawFlowState;
  currencyFixed: boolean;
  cancel: ReactNode;
}) {
  const t = useT();
  useTelegramMainButton({ text: t('common.continue'), onClick: () => flow.setStep('details') });
  return (
    <>
      <WithdrawSelect
        currency={flow.currency}
        currencyFixed={currencyFixed}
        network={flow.network}
        onCurrency={flow.chooseCurrency}
        onNetwork={flow.setNetwork}
      />
      <div className="dialog__actions">
        {cancel}
        <button type="button" className="btn btn--primary" onClick={() => flow.setStep('details')}>
          {t('common.continue')}
        </button>
      </div>
    </>
  );
}

/** Step 2: destination and amount, checked as typed; Continue once they hold. */
function DetailsStep({ flow, onBack }: { flow: WithdrawFlowState; onBack: () => void }) {
  const t = useT();
  const { form, values } = flow;
  const change = (next: DetailsDraft) => {
    for (const key of ['address', 'amount', 'save', 'label'] as const) {
      if (next[key] !== values[key]) form.setValue(key, next[key], { shouldDirty: true });
    }
  };
  // Inside Telegram the MainButton continues, once the address and the amount hold.
  useTelegramMainButton({
    text: t('common.continue'),
    onClick: () => {
      if (flow.canConfirm) flow.setStep('confirm');
    },
    disabled: !flow.canConfirm,
  });
  return (
    <form
      onSubmit={(event) => {
        // Checked within the event: the confirm step follows in the same click.
        event.preventDefault();
        if (flow.canConfirm) flow.setStep('confirm');
      }}
    >
      <WithdrawDetails
        network={flow.network}
        available={flow.available}
        draft={values}
        onDraft={change}
        check={flow.check}
        saved={flow.saved}
      />
      <div className="dialog__actions">
        <button type="button" className="btn btn--ghost" onClick={onBack}>
          {t('common.back')}
        </button>
        <button type="submit" className="btn btn--primary" disabled={!flow.canConfirm}>
          {t('common.continue')}
        </button>
      </div>
    </form>
  );
}
