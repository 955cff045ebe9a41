import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client.ts';
import { Devnet } from '../../src/modules/chains/devnet/devnet.ts';
import { DepositWatcher } from '../../src/modules/deposits/deposit-watcher.ts';
import { depositAddress, recordEvents, silentLog } from '../deposits/support.ts';
import { balance, createUser, expectLedgerSound } from '../factories.ts';
import { createTestApp, servicesOf, type TestApp } from '../helpers.ts';
import { inBatches, newSession, otherInstance, report, tally, timed } from './support.ts';

/**
 * Race (f): two instances' watchers see the same transfers at the same moment, first when
 * they appear and again when they reach their confirmations. Each transfer is recorded once
 * (unique key, ON CONFLICT DO NOTHING) and credited once (row lock, status check, ledger
 * posting in the same transaction; a unique index on deposit postings backs it up).
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ CHAIN_MODE: 'devnet' });
});
afterAll(async () => {
  await expectLedgerSound(t.ctx);
  await t.close();
});

const USERS = 30;
const INSTANCES = 2;

function watchers() {
  return Array.from({ length: INSTANCES }, () => {
    const { ctx } = otherInstance(t.ctx, t.clock.now());
    return new DepositWatcher(
      ctx,
      servicesOf(ctx).deposits,
      new Devnet(ctx.db, ctx.clock, 5).watcher('BTC'),
      silentLog,
    );
  });
}

describe('race (f): the same deposits seen by two watchers at once', () => {
  it('every transfer is recorded once and credited once', async () => {
    const devnet = new Devnet(t.ctx.db, t.clock, 5);
    const users = await inBatches(USERS, 10, () => createUser(t.ctx));
    const service = servicesOf(t.ctx).depositAddresses;
    const addresses = await inBatches(USERS, 10, (i) => service.allocate('bitcoin', users[i]?.id as string));
    for (const toAddress of addresses) await devnet.send('BTC', { toAddress, amount: '0.25' }, null);
    const events = recordEvents(t.ctx);

    const seen = await Promise.all(watchers().map((w) => w.tick()));
    expect(seen.reduce((n, r) => n + r.seen, 0)).toBe(USERS);

    await devnet.mine('BTC', 3);
    const { result: ticks, ms } = await timed(() => Promise.all(watchers().map((w) => w.tick())));
    const credited = ticks.map((r) => r.credited);
    expect(credited.reduce((a, b) => a + b, 0)).toBe(USERS);
    expect(ticks.every((r) => r.failures === 0)).toBe(true);
    events.stop();

    for (const user of users)
      expect(await balance(t.ctx, user.id)).toEqual({ available: 25_000_000n, locked: 0n });
    const [counts] = await queryRows<{ deposits: string; postings: string }>(
      t.ctx.db,
      sql`SELECT (SELECT COUNT(*) FROM deposits WHERE status = 'credited')::text AS deposits,
                 (SELECT COUNT(*) FROM ledger_transactions WHERE kind = 'deposit')::text AS postings`,
    );
    expect(counts).toEqual({ deposits: String(USERS), postings: String(USERS) });
    expect(events.named('deposit:credited')).toHaveLength(USERS);
    expect(events.named('deposit:pending')).toHaveLength(USERS);
    report(t.ctx, 'deposit credit', { users: USERS, instances: INSTANCES, perInstance: credited }, ms);
  });

  it('every pending deposit advanced by two instances at the same moment: one credit, one no-op', async () => {
    const devnet = new Devnet(t.ctx.db, t.clock, 5);
    const users = await inBatches(USERS, 10, () => createUser(t.ctx));
    const service = servicesOf(t.ctx).depositAddresses;
    const addresses = await inBatches(USERS, 10, (i) => service.allocate('bitcoin', users[i]?.id as string));
    for (const toAddress of addresses) await devnet.send('BTC', { toAddress, amount: '0.1' }, null);
    await watchers()[0]?.tick();
    const { height } = await devnet.mine('BTC', 3);
    const pending = await queryRows<{ id: string; block_height: string }>(
      t.ctx.db,
      sql`SELECT d.id, t.block_height::text FROM deposits d
          JOIN devnet_transfers t ON t.network = d.network AND t.tx_hash = d.tx_hash
          WHERE d.status = 'pending'`,
    );
    expect(pending).toHaveLength(USERS);
    const services = Array.from(
      { length: INSTANCES },
      () => servicesOf(otherInstance(t.ctx, t.clock.now()).ctx).deposits,
    );
    const { result: outcomes, ms } = await timed(() =>
      Promise.all(
        pending.flatMap((d) =>
          services.map((svc) =>
            svc.advance(d.id, { state: 'included', blockHeight: Number(d.block_height) }, height),
          ),
        ),
      ),
    );
    expect(tally(outcomes.map(String))).toEqual({ credited: USERS, null: USERS });
    for (const user of users)
      expect(await balance(t.ctx, user.id)).toEqual({ available: 10_000_000n, locked: 0n });
    report(
      t.ctx,
      'deposit advance',
      { deposits: USERS, callers: INSTANCES, outcomes: tally(outcomes.map(String)) },
      ms,
    );
  });

  it('concurrent first requests for an address give one address', async () => {
    const dave = await newSession(t, 'race_dep');
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) => depositAddress(t.app, dave, i % 2 ? 'ETH' : 'BNB-BEP20')),
    );
    expect(tally(results.map((r) => r.address))).toEqual({ [results[0]?.address as string]: 8 });
    const rows = await queryRows<{ chain: string; n: string }>(
      t.ctx.db,
      sql`SELECT chain, COUNT(*)::text AS n FROM deposit_addresses WHERE user_id = ${dave.userId} GROUP BY chain ORDER BY chain`,
    );
    expect(rows).toEqual([
      { chain: 'bsc', n: '1' },
      { chain: 'ethereum', n: '1' },
    ]);
  });
});
