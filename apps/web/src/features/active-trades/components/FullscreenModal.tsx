import { type ReactNode, useRef } from 'react';
import { useModalDialog } from '@/components/ui/modal';

/**
 * Full-screen modal for phones (below 768 px): a native modal <dialog>, so the
 * page behind is inert; Escape closes, the page does not scroll, focus comes back after.
 */
export function FullscreenModal({
  open,
  onClose,
  labelledBy,
  children,
}: {
  open: boolean;
  onClose: () => void;
  labelledBy: string;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  useModalDialog(ref, open, { focusFirst: false });
  if (!open) return null;
  return (
    <dialog
      ref={ref}
      className="at-modal"
      aria-modal="true"
      aria-labelledby={labelledBy}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
    >
      {children}
    </dialog>
  );
}
