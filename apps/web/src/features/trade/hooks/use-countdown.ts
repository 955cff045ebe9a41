import { useEffect, useRef } from 'react';
import { secondsUntil } from '../lib/timers';
import { useNow } from './use-now';

/**
 * Seconds left until `deadline` (null when there is none), ticking every second. At zero it
 * calls `onExpire` once per deadline.
 */
export function useCountdown(deadline: string | null | undefined, onExpire?: () => void): number | null {
  const now = useNow();
  const seconds = secondsUntil(deadline, now);
  const fired = useRef<string | null>(null);
  const latest = useRef(onExpire);
  latest.current = onExpire;
  const expired = seconds !== null && seconds <= 0;
  useEffect(() => {
    if (!expired || !deadline || fired.current === deadline) return;
    fired.current = deadline;
    latest.current?.();
  }, [expired, deadline]);
  return seconds;
}
