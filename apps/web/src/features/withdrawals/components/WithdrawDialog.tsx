import type { Cryptocurrency } from '@p2p/shared';
import { useId } from 'react';
import { Dialog } from '@/components/ui/Dialog';
import { useT } from '@/i18n';
import { WithdrawFlow } from './WithdrawFlow';

/** The withdraw dialog of the wallet's currency cards. */
export function WithdrawDialog({ currency, onClose }: { currency: Cryptocurrency; onClose: () => void }) {
  const t = useT();
  const id = useId();
  return (
    <Dialog open onClose={onClose} labelledBy={`${id}-t`}>
      <h2 id={`${id}-t`} className="dialog__title">
        {t('wd.title', { currency })}
      </h2>
      <WithdrawFlow initialCurrency={currency} currencyFixed onClose={onClose} />
    </Dialog>
  );
}
