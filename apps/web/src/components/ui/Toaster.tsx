import { createPortal } from 'react-dom';
import { useT } from '@/i18n';
import { Icon } from './Icon';
import { toast, useToasts } from './toast';

const ICONS = { success: 'check', error: 'alert', blank: 'info' } as const;

/** Top-right stack; errors are announced assertively, the rest politely. */
export function Toaster() {
  const t = useT();
  const toasts = useToasts();
  // Portalled next to dialogs so toasts stay usable while the page behind a dialog is inert.
  return createPortal(
    <div className="toaster" aria-live="polite">
      {toasts.map((item) => (
        <div
          key={item.id}
          className={`toast toast--${item.kind}`}
          role={item.kind === 'error' ? 'alert' : 'status'}
        >
          <span className="toast__icon" aria-hidden="true">
            {item.kind === 'loading' ? (
              <span className="spinner spinner--sm" />
            ) : (
              <Icon name={ICONS[item.kind]} size={18} />
            )}
          </span>
          <span className="toast__text">{item.message}</span>
          <button
            type="button"
            className="toast__close"
            aria-label={t('common.close')}
            onClick={() => toast.dismiss(item.id)}
          >
            <Icon name="close" size={16} />
          </button>
        </div>
      ))}
    </div>,
    document.body,
  );
}
