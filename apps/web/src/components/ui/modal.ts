import { type KeyboardEvent, type RefObject, useEffect, useRef } from 'react';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * Shows a native <dialog> as a modal while `active`: the page behind is inert and does not
 * scroll, focus moves in (to `initialFocus`, else the first focusable element, unless
 * `focusFirst` is false) and returns where it was when the dialog goes.
 */
export function useModalDialog(
  ref: RefObject<HTMLDialogElement | null>,
  active: boolean,
  {
    initialFocus,
    focusFirst = true,
  }: { initialFocus?: RefObject<HTMLElement | null>; focusFirst?: boolean } = {},
) {
  useEffect(() => {
    const dialog = ref.current;
    if (!active || !dialog) return;
    const previous = document.activeElement as HTMLElement | null;
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    if (!dialog.open) dialog.showModal();
    if (focusFirst) (initialFocus?.current ?? dialog.querySelector<HTMLElement>(FOCUSABLE))?.focus();
    return () => {
      dialog.close();
      document.body.style.overflow = overflow;
      previous?.focus?.();
    };
  }, [ref, active, initialFocus, focusFirst]);
}

/** onKeyDown of a modal: Tab and Shift+Tab cycle inside it. */
export function trapTab(event: KeyboardEvent<HTMLElement>) {
  if (event.key !== 'Tab') return;
  const items = [...event.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)];
  const first = items[0];
  const last = items[items.length - 1];
  if (!first || !last) return event.preventDefault();
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}

/**
 * Closes a popover on Escape (focus back to its button) and on a press outside `root`,
 * while `open` and `enabled`.
 */
export function useDismiss({
  open,
  enabled = true,
  onDismiss,
  root,
  button,
}: {
  open: boolean;
  enabled?: boolean;
  onDismiss: () => void;
  root: RefObject<HTMLElement | null>;
  button: RefObject<HTMLElement | null>;
}) {
  const dismiss = useRef(onDismiss);
  dismiss.current = onDismiss;
  useEffect(() => {
    if (!open || !enabled) return;
    const onPointer = (event: MouseEvent) => {
      if (!root.current?.contains(event.target as Node)) dismiss.current();
    };
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      dismiss.current();
      button.current?.focus();
    };
    document.addEventListener('mousedown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open, enabled, root, button]);
}
