import { ed25519 } from '@noble/curves/ed25519.js';
import { NETWORKS, type NetworkId } from '@p2p/shared';
import { base58 } from '@scure/base';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client.ts';
import { AppError } from '../../src/errors.ts';
import { importPoolAddresses } from '../../src/modules/deposits/address-pool.service.ts';
import { createUser } from '../factories.ts';
import { createTestApp, servicesOf, signIn, type TestApp } from '../helpers.ts';
import { inBatches, report, settle, tally, timed } from './support.ts';

/**
 * Races on the address pool (docs/decisions/032-address-pool-solana-cardano.md): first
 * requests of many users at once each take a different address (UPDATE … WHERE id = (SELECT …
 * FOR UPDATE SKIP LOCKED)); one user asking twice at once gets one address; an emptied pool
 * answers 503 to everyone left and writes nothing.
 */

const NETWORK: NetworkId = 'SOL';
const SECOND: NetworkId = 'USDT-SPL';
const CHAIN = NETWORKS[NETWORK].chain;
const USERS = 50;

let t: TestApp;
beforeAll(async () => {
  // Live Solana (no watcher runs in tests): the pool holds exactly what was imported.
  t = await createTestApp({ CHAIN_MODE: 'live', CHAIN_NETWORKS: 'SOL,USDT-SPL' });
});
afterAll(() => t.close());

/** A Solana wallet address (an ed25519 public key) as an operator's wallet exports it. */
const fresh = () => base58.encode(ed25519.getPublicKey(ed25519.utils.randomSecretKey()));

async function fill(n: number): Promise<string[]> {
  const addresses = Array.from({ length: n }, fresh);
  const result = await importPoolAddresses(t.ctx.db, NETWORK, addresses.join('\n'), {
    devnet: false,
    now: t.clock.now(),
  });
  expect(result).toEqual({ imported: n, duplicates: 0, invalid: [] });
  return addresses;
}

async function free(): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    t.ctx.db,
    sql`SELECT count(*)::int AS n FROM address_pool WHERE chain = ${CHAIN} AND allocated_to IS NULL`,
  );
  return Number(row?.n);
}

const service = () => servicesOf(t.ctx).depositAddresses;

describe('race: first deposit addresses from the pool', () => {
  it(`${USERS} users asking at once get ${USERS} different pool addresses`, async () => {
    const pooled = new Set(await fill(USERS + 10));
    const users = await inBatches(USERS, 25, () => createUser(t.ctx, { twoFactor: false }));
    const { result, ms } = await timed(() =>
      Promise.all(users.map((u) => service().addressFor(u.id, NETWORK))),
    );
    const addresses = result.map((r) => r.address);
    report(t.ctx, 'pool first addresses', { users: USERS, distinct: new Set(addresses).size }, ms);
    expect(new Set(addresses).size).toBe(USERS);
    expect(addresses.every((a) => pooled.has(a))).toBe(true);
    expect(await free()).toBe(10);
    const owners = await queryRows<{ n: number }>(
      t.ctx.db,
      sql`SELECT count(DISTINCT allocated_to)::int AS n FROM address_pool WHERE chain = ${CHAIN} AND allocated_to IS NOT NULL`,
    );
    expect(owners[0]?.n).toBe(USERS);
  });

  it("one user asking twice at once (on both of the chain's networks) gets one address, and only one is used", async () => {
    const users = await inBatches(10, 10, () => createUser(t.ctx, { twoFactor: false }));
    const before = await free();
    const { result, ms } = await timed(() =>
      Promise.all(
        users.flatMap((u) => [service().addressFor(u.id, NETWORK), service().addressFor(u.id, SECOND)]),
      ),
    );
    report(t.ctx, 'pool same user twice', { users: users.length }, ms);
    for (let i = 0; i < users.length; i++) {
      expect(result[2 * i]?.address).toBe(result[2 * i + 1]?.address);
    }
    expect(new Set(result.map((r) => r.address)).size).toBe(users.length);
    expect(await free()).toBe(before - users.length);
  });

  it('an emptied pool answers 503 to those left, and writes nothing for them', async () => {
    await fill(5);
    const left = await free();
    const users = await inBatches(left + 8, 25, () => createUser(t.ctx, { twoFactor: false }));
    const { result, ms } = await timed(() =>
      Promise.all(users.map((u) => settle(service().addressFor(u.id, NETWORK)))),
    );
    const outcomes = result.map((r) =>
      r.ok ? 'ok' : r.error instanceof AppError ? `${r.error.statusCode} ${r.error.key}` : String(r.error),
    );
    report(t.ctx, 'pool exhausted', tally(outcomes), ms);
    expect(tally(outcomes)).toEqual({ ok: left, '503 errors.depositPoolEmpty': 8 });
    expect(await free()).toBe(0);
    const refused = users.filter((_, i) => !result[i]?.ok).map((u) => u.id);
    const [row] = await queryRows<{ n: number }>(
      t.ctx.db,
      sql`SELECT count(*)::int AS n FROM deposit_addresses
          WHERE user_id IN (${sql.join(
            refused.map((id) => sql`${id}::uuid`),
            sql`, `,
          )})`,
    );
    expect(row?.n).toBe(0);

    const late = await signIn(t.app, 'pool_sol_late');
    const res = await t.app.inject({
      url: '/api/v1/wallet/deposit-address?network=SOL',
      headers: late.headers,
    });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
      error: 'Адреса для пополнения в сети Solana временно закончились. Попробуйте позже.',
    });
  });
});
