/** A scheduled item (trade, order) whose transaction failed after it was claimed. */
export class ScheduledItemError extends Error {
  constructor(
    readonly itemId: string,
    override readonly cause: unknown,
  ) {
    super(`scheduled item ${itemId} failed: ${cause instanceof Error ? cause.message : String(cause)}`);
    this.name = 'ScheduledItemError';
  }
}

/**
 * Runs one scheduled item's transaction. `work` calls `claim(id)` once it holds the item; if
 * the transaction then fails (and rolls back), the error names the item, so the scheduler can
 * pass over it for the rest of the tick instead of claiming it again.
 */
export async function runClaimed<T>(work: (claim: (id: string) => void) => Promise<T>): Promise<T> {
  let claimed: string | null = null;
  try {
    return await work((id) => {
      claimed = id;
    });
  } catch (error) {
    if (claimed !== null) throw new ScheduledItemError(claimed, error);
    throw error;
  }
}
