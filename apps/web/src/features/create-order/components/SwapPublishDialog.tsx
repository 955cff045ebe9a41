import { useId, useState } from 'react';
import { PriceConfirmation } from '@/components/PriceConfirmation';
import { Dialog } from '@/components/ui/Dialog';
import { SecondFactorField } from '@/features/two-factor';
import { useT } from '@/i18n';

export interface SwapAsk {
  /** The server's refusal to show (a wrong code, or the price's deviation). */
  message: string | null;
  /** The server asked to confirm the price: the box must be ticked to send. */
  priceAsk: boolean;
}

/**
 * Publishing a swap offer sells a balance to whoever takes it, at once: it takes a fresh
 * second-factor code, and a price far from the market its own confirmation (docs/decisions/026).
 */
export function SwapPublishDialog({
  ask,
  onSend,
  onClose,
}: {
  ask: SwapAsk | null;
  onSend: (code: string, confirmPrice: boolean) => void;
  onClose: () => void;
}) {
  const t = useT();
  const id = useId();
  const [code, setCode] = useState('');
  const [confirmPrice, setConfirmPrice] = useState(false);
  const ready = code.trim() !== '' && (!ask?.priceAsk || confirmPrice);
  return (
    <Dialog open={ask !== null} onClose={onClose} labelledBy={`${id}-t`}>
      <h2 id={`${id}-t`} className="dialog__title">
        {t('swap.badge')}
      </h2>
      <form
        className="stack"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!ready) return;
          onSend(code.trim(), confirmPrice);
          setCode('');
        }}
      >
        {ask?.priceAsk && ask.message ? (
          <PriceConfirmation message={ask.message} confirmed={confirmPrice} onConfirmed={setConfirmPrice} />
        ) : null}
        <SecondFactorField
          id={`${id}-code`}
          label={t('swap.publishCodeLabel')}
          value={code}
          onChange={setCode}
          error={ask?.priceAsk ? null : (ask?.message ?? null)}
        />
        <div className="dialog__actions">
          <button type="button" className="btn btn--ghost" onClick={onClose}>
            {t('common.cancel')}
          </button>
          <button type="submit" className="btn btn--sell" disabled={!ready}>
            {t('createOrder.publish')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
