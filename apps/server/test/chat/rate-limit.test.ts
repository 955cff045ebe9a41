import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers.ts';
import { tradeScene } from './support.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT: '1' });
});
afterAll(async () => {
  await t.close();
});

describe('chat rate limit', () => {
  it('allows 60 messages a minute per user, then answers 429', async () => {
    const { buyer, seller, tradeId, api } = await tradeScene(t);
    for (let i = 0; i < 60; i++) {
      const res = await api.send(buyer.id, tradeId, `#${i}`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    const limited = await api.send(buyer.id, tradeId, 'ещё');
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ success: false, code: 'RATE_LIMITED' });
    // The limit is per user: the counterparty can still answer, and reading is not limited by it.
    expect((await api.send(seller.id, tradeId, 'ответ')).status).toBe(200);
    expect((await api.list(buyer.id, tradeId)).status).toBe(200);
  });
});
