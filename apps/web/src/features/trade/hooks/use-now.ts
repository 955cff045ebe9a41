import { useSyncExternalStore } from 'react';

/**
 * One shared one-second ticker (timers tick every second): every countdown on the
 * screen reads the same clock, so they change together and only one interval runs.
 */
let now = Date.now();
let timer: ReturnType<typeof setInterval> | null = null;
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (!timer) {
    now = Date.now();
    timer = setInterval(() => {
      now = Date.now();
      for (const l of listeners) l();
    }, 1000);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer) {
      clearInterval(timer);
      timer = null;
    }
  };
}

/** The current time in ms, re-rendering the caller every second. */
export function useNow(): number {
  return useSyncExternalStore(subscribe, () => now);
}
