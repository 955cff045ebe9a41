import { useSyncExternalStore } from 'react';

export type ToastKind = 'success' | 'error' | 'loading' | 'blank';
export interface Toast {
  id: string;
  kind: ToastKind;
  message: string;
  /** What the toast is about; one subject, one toast. */
  once?: string;
}

/** Success 2 s, error and blank 4 s, loading until dismissed; at most 20 at once. */
export const TOAST_DURATIONS: Record<ToastKind, number | null> = {
  success: 2000,
  error: 4000,
  blank: 4000,
  loading: null,
};
export const TOAST_LIMIT = 20;

type Options = { id?: string; duration?: number; once?: string };

let toasts: Toast[] = [];
const timers = new Map<string, ReturnType<typeof setTimeout>>();
const listeners = new Set<() => void>();
let counter = 0;

function emit() {
  for (const listener of listeners) listener();
}

function dismiss(id: string): void {
  clearTimeout(timers.get(id));
  timers.delete(id);
  toasts = toasts.filter((t) => t.id !== id);
  emit();
}

/**
 * Adds a toast, or replaces the one with the same id (loading -> success). With `once`, a toast
 * about something already on screen (the same trade's news from two events) is not added again.
 */
function show(kind: ToastKind, message: string, options: Options = {}): string {
  if (options.once) {
    const shown = toasts.find((t) => t.once === options.once);
    if (shown) return shown.id;
  }
  const id = options.id ?? `t${++counter}`;
  clearTimeout(timers.get(id));
  const next: Toast = options.once ? { id, kind, message, once: options.once } : { id, kind, message };
  const existing = toasts.some((t) => t.id === id);
  toasts = existing ? toasts.map((t) => (t.id === id ? next : t)) : [...toasts, next];
  for (const dropped of toasts.slice(0, Math.max(0, toasts.length - TOAST_LIMIT))) timers.delete(dropped.id);
  toasts = toasts.slice(-TOAST_LIMIT);
  const duration = options.duration ?? TOAST_DURATIONS[kind];
  if (duration !== null)
    timers.set(
      id,
      setTimeout(() => dismiss(id), duration),
    );
  emit();
  return id;
}

export const toast = Object.assign((message: string, o?: Options) => show('blank', message, o), {
  success: (message: string, o?: Options) => show('success', message, o),
  error: (message: string, o?: Options) => show('error', message, o),
  loading: (message: string, o?: Options) => show('loading', message, o),
  dismiss,
});

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Current toasts (a new array after every change). */
export function getToasts(): Toast[] {
  return toasts;
}

export function useToasts(): Toast[] {
  return useSyncExternalStore(subscribe, getToasts);
}
