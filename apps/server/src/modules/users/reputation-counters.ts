import type { Executor } from '../../db/client.ts';

/**
 * Recomputes every user's reputation counters from the full trade history (after a bulk
 * load that bypassed the services). Placeholder until the counters exist: nothing to rebuild.
 */
export async function rebuildReputationCounters(_db: Executor): Promise<void> {}
