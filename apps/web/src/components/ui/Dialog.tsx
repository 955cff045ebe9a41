import { type ReactNode, type RefObject, useRef } from 'react';
import { trapTab, useModalDialog } from './modal';

interface DialogProps {
  open: boolean;
  /** Called on Escape and on a click outside the panel. */
  onClose: () => void;
  labelledBy: string;
  describedBy?: string;
  initialFocus?: RefObject<HTMLElement | null>;
  children: ReactNode;
}

/**
 * Modal built on the native <dialog> (showModal): the page behind is inert and in the top
 * layer's shadow. On top of that, Tab is kept inside, the page does not scroll, Escape
 * closes, and focus returns to where it was.
 */
export function Dialog({ open, onClose, labelledBy, describedBy, initialFocus, children }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);

  useModalDialog(ref, open, { initialFocus });

  if (!open) return null;

  return (
    <dialog
      ref={ref}
      className="dialog"
      aria-modal="true"
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      onKeyDown={trapTab}
      onCancel={(event) => {
        // Escape: let React state decide, so the element is never closed behind its back.
        event.preventDefault();
        onClose();
      }}
      onMouseDown={(event) => {
        // The panel fills the element; a press on the element itself is on the backdrop.
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div className="dialog__body">{children}</div>
    </dialog>
  );
}
