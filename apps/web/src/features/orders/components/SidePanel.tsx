import { type ReactNode, useRef } from 'react';
import { trapTab, useModalDialog } from '@/components/ui/modal';

interface SidePanelProps {
  /** False while it slides out; the parent unmounts it after the close delay. */
  open: boolean;
  onClose: () => void;
  labelledBy: string;
  children: ReactNode;
}

/**
 * A modal panel sliding in from the right (the order detail panel), built on the native
 * <dialog> so the page behind is inert. Escape, a press on the backdrop and the close button
 * close it; Tab stays inside; the page does not scroll; focus returns where it was.
 */
export function SidePanel({ open, onClose, labelledBy, children }: SidePanelProps) {
  const ref = useRef<HTMLDialogElement>(null);

  // Shown once on mount; `open` false only plays the slide-out before unmounting.
  useModalDialog(ref, true);

  return (
    <dialog
      ref={ref}
      className={`side-panel${open ? '' : ' side-panel--closing'}`}
      aria-modal="true"
      aria-labelledby={labelledBy}
      onKeyDown={trapTab}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onMouseDown={(event) => {
        // The panel fills its column of the element; a press on the element itself is the backdrop.
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div className="side-panel__body">{children}</div>
    </dialog>
  );
}
