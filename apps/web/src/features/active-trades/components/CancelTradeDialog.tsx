import { useId } from 'react';
import { Dialog } from '@/components/ui/Dialog';
import { useT } from '@/i18n';

interface CancelTradeDialogProps {
  open: boolean;
  processing: boolean;
  cryptocurrency: string;
  counterparty: string;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * The 'Cancel Trade?' confirmation. Escape (and the backdrop) close it unless it is processing;
 * the page does not scroll behind it (the Dialog locks it).
 */
export function CancelTradeDialog({
  open,
  processing,
  cryptocurrency,
  counterparty,
  onConfirm,
  onCancel,
}: CancelTradeDialogProps) {
  const t = useT();
  const id = useId();
  const close = () => {
    if (!processing) onCancel();
  };
  return (
    <Dialog open={open} onClose={close} labelledBy={`${id}-t`} describedBy={`${id}-d`}>
      <h2 id={`${id}-t`} className="dialog__title">
        {t('activeTrades.cancelTitle')}
      </h2>
      <p id={`${id}-d`} className="muted">
        {t('activeTrades.cancelText', { crypto: cryptocurrency, counterparty })}
      </p>
      <div className="dialog__actions">
        <button type="button" className="btn btn--ghost" onClick={close} disabled={processing}>
          {t('activeTrades.cancelKeep')}
        </button>
        <button
          type="button"
          className="btn btn--sell"
          onClick={onConfirm}
          disabled={processing}
          aria-busy={processing}
        >
          {processing ? t('activeTrades.cancelling') : t('activeTrades.cancelConfirm')}
        </button>
      </div>
    </Dialog>
  );
}
