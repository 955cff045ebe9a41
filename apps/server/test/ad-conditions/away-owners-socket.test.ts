import type { OrderView } from '@p2p/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { upsertSettings } from '../../src/modules/settings/settings.repository.ts';
import { createOrder, createUser, expectLedgerSound, fund } from '../factories.ts';
import { createTestApp, schedulerOf, type TestApp } from '../helpers.ts';
import { type Client, connect, type LiveServer, listenWithRealtime } from '../realtime/support.ts';

/** An owner present by their socket alone brings their hidden orders back (docs/decisions/028). */

let t: TestApp;
let live: LiveServer;
const clients: Client[] = [];
beforeAll(async () => {
  t = await createTestApp();
  live = await listenWithRealtime(t.app, t.ctx);
});
afterAll(async () => {
  for (const c of clients) c.close();
  await expectLedgerSound(t.ctx);
  await live.close();
  await t.close();
});

async function inBook(orderId: string): Promise<boolean> {
  const res = await t.app.inject({ url: '/api/v1/orders?type=sell&limit=100' });
  return (res.json().data.orders as OrderView[]).some((o) => o.id === orderId);
}

describe('an away owner who connects a socket', () => {
  it('is seen: the orders come back without a request', async () => {
    const owner = await createUser(t.ctx);
    await fund(t.ctx, owner.id, 'BTC', '0.1');
    const { id: orderId } = await createOrder(t.ctx, owner.id, { amount_crypto: '0.1' });
    await upsertSettings(t.ctx.db, owner.id, { hideOrdersAwayMinutes: 5 }, t.clock.now());
    t.clock.advance(6 * 60_000);
    await schedulerOf(t.ctx).tick();
    expect(await inBook(orderId)).toBe(false);

    const token = (await t.ctx.sessions.start('user', owner.id)).accessToken;
    clients.push(await connect(live.url, token));
    await vi.waitFor(async () => expect(await inBook(orderId)).toBe(true), { timeout: 5000 });
  });
});
