import { Counter, type Registry } from 'prom-client';

const SCHEDULER_FAILURES = 'scheduler_item_failures_total';

/**
 * Counts scheduled items (expiries, auto-releases) whose transaction failed, per job. One
 * counter per registry, whoever asks first creates it; without a registry the count is kept
 * but not exported (tests, CLI).
 */
export function schedulerFailureCounter(registry?: Registry): Counter<'job'> {
  const existing = registry?.getSingleMetric(SCHEDULER_FAILURES);
  if (existing) return existing as Counter<'job'>;
  return new Counter({
    name: SCHEDULER_FAILURES,
    help: 'Scheduled items whose transaction failed (rolled back, retried next tick), by job',
    labelNames: ['job'] as const,
    registers: registry ? [registry] : [],
  });
}
