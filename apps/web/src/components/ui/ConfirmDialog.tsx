import { useId } from 'react';
import { useT } from '@/i18n';
import { Dialog } from './Dialog';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  text: string;
  confirmLabel?: string;
  danger?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Second question before a destructive or irreversible step. */
export function ConfirmDialog({
  open,
  title,
  text,
  confirmLabel,
  danger,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const t = useT();
  const id = useId();
  return (
    <Dialog open={open} onClose={onCancel} labelledBy={`${id}-t`} describedBy={`${id}-d`}>
      <h2 id={`${id}-t`} className="dialog__title">
        {title}
      </h2>
      <p id={`${id}-d`} className="muted">
        {text}
      </p>
      <div className="dialog__actions">
        <button type="button" className="btn btn--ghost" onClick={onCancel}>
          {t('common.cancel')}
        </button>
        <button type="button" className={`btn ${danger ? 'btn--sell' : 'btn--primary'}`} onClick={onConfirm}>
          {confirmLabel ?? t('common.confirm')}
        </button>
      </div>
    </Dialog>
  );
}
