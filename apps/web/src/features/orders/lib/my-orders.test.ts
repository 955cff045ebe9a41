import { describe, expect, it } from 'vitest';
import { myOrderCounters } from './my-orders';

describe('my orders counters', () => {
  it('counts inactive as paused + expired + completed and ignores deleted orders', () => {
    const statuses = ['active', 'active', 'paused', 'expired', 'completed', 'cancelled'] as const;
    expect(myOrderCounters(statuses.map((status) => ({ status })))).toEqual({
      total: 5,
      active: 2,
      paused: 1,
      inactive: 3,
    });
  });
});
