import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTrade, sellOrderScenario } from '../factories.ts';
import { createTestApp, type TestApp } from '../helpers.ts';
import { api, DISPUTE } from './support.ts';

/**
 * A transition that moves no money answers from the trade as it knows the write leaves it, the
 * write riding ahead of the answer's statement on PostgreSQL (docs/decisions/060). Its answer must
 * be the trade as written: the same as the trade read afterwards, field for field.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('the answer of an action that moves no money', () => {
  it('is the trade as read after it, for mark_paid, confirm_payment and dispute_trade', async () => {
    const http = api(t);
    const { seller, buyer, orderId } = await sellOrderScenario(t.ctx, '0.1');
    const steps: [string, string, string, Record<string, unknown>?][] = [];
    const first = await openTrade(t.ctx, buyer.id, orderId, '50000');
    steps.push([first, buyer.id, 'mark_paid'], [first, seller.id, 'confirm_payment']);
    const second = await openTrade(t.ctx, buyer.id, orderId, '50000');
    steps.push([second, buyer.id, 'mark_paid'], [second, seller.id, 'dispute_trade', DISPUTE]);
    for (const [tradeId, userId, action, payload] of steps) {
      t.clock.advance(61_000);
      const acted = await http.act(tradeId, userId, action, payload);
      expect(acted.statusCode, acted.body).toBe(200);
      const answered = acted.json().data;
      const read = await http.trade(tradeId, userId);
      expect(answered, action).toEqual(read);
      // The answer says what the action did, not the trade before it.
      expect(answered.trade.updatedAt, action).toBe(t.clock.now().toISOString());
      expect(answered.trade.actions.at(-1)?.action, action).toBe(action);
    }
  });
});
