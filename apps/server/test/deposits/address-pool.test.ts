import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { validateAddress } from '@p2p/shared/address';
import { sql } from 'drizzle-orm';
import { getAddress } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAddressesImport } from '../../src/cli/addresses-import.ts';
import { queryRows } from '../../src/db/client.ts';
import { devnetSolanaAddress } from '../../src/modules/chains/devnet/devnet-addresses.ts';
import { DEVNET_POOL_BATCH, fillDevnetPools } from '../../src/modules/deposits/address-pool.service.ts';
import { signInStaff } from '../admin/factories.ts';
import { createTestApp, signIn, type TestApp } from '../helpers.ts';
import { depositAddress } from './support.ts';

/**
 * The address pool (docs/decisions/032-address-pool-solana-cardano.md) on a chain an operator
 * chose to fill by hand (ADDRESS_POOL_NETWORKS=ETH): the import command checks, deduplicates
 * and reports; a user's first request takes the oldest free address, shared by the chain's
 * networks; an empty pool answers 503 and writes nothing.
 */

let t: TestApp;
const dir = mkdtempSync(join(tmpdir(), 'pool-import-'));
beforeAll(async () => {
  t = await createTestApp({
    CHAIN_MODE: 'devnet',
    CHAIN_NETWORKS: 'BTC,ETH,USDT-ERC20',
    ADDRESS_POOL_NETWORKS: 'ETH',
  });
});
afterAll(() => t.close());

const ethAddress = () => getAddress(`0x${randomBytes(20).toString('hex')}`);

async function runImport(network: string, content: string | null) {
  const file = join(dir, `${randomBytes(4).toString('hex')}.txt`);
  if (content !== null) writeFileSync(file, content);
  const lines: string[] = [];
  const out = { log: (l: string) => lines.push(l), error: (l: string) => lines.push(l) };
  const code = await runAddressesImport(
    ['--network', network, '--file', file],
    t.database,
    { devnet: true, now: t.clock.now() },
    out,
  );
  return { code, text: lines.join('\n') };
}

async function poolRows(chain: string) {
  return queryRows<{ address: string; allocated_to: string | null }>(
    t.ctx.db,
    sql`SELECT address, allocated_to FROM address_pool WHERE chain = ${chain} ORDER BY id`,
  );
}

describe('npm run addresses:import', () => {
  it('imports checked addresses in canonical form; reports duplicates and invalid lines by number', async () => {
    const [a, b, c] = [ethAddress(), ethAddress(), ethAddress()];
    const file = [
      '# exported from the cold wallet',
      a.toLowerCase(), // stored EIP-55
      '',
      b,
      'not-an-address',
      a, // the same as line 2
      `${c.slice(0, -1)}${c.endsWith('0') ? '1' : '0'}`.replace(/^0x/, '0X'), // no 0x prefix
      c,
    ].join('\n');
    const first = await runImport('ETH', file);
    expect(first.text).toContain('imported 3, duplicates 1, invalid 2');
    expect(first.text).toContain('line 5: not a ETH address: not-an-address');
    expect(first.text).toMatch(/line 7: /);
    expect(first.code).toBe(1);
    const rows = await poolRows('ethereum');
    expect(rows.map((r) => r.address)).toEqual([a, b, c]);
    expect(rows.every((r) => r.allocated_to === null)).toBe(true);

    // Again, plus one new: the known three are duplicates against the database.
    const d = ethAddress();
    const again = await runImport('USDT-ERC20', [a, b, c, d].join('\r\n'));
    expect(again).toMatchObject({ code: 0 });
    expect(again.text).toContain('imported 1, duplicates 3, invalid 0');
    expect((await poolRows('ethereum')).map((r) => r.address)).toEqual([a, b, c, d]);
  });

  it('an unreadable file imports nothing; bad arguments are refused', async () => {
    const before = await poolRows('ethereum');
    const missing = await runImport('ETH', null);
    expect(missing.code).toBe(1);
    expect(missing.text).toMatch(/cannot read .*; nothing imported/);
    expect(await poolRows('ethereum')).toEqual(before);
    expect((await runImport('DOGGO', ethAddress())).text).toContain('unknown network "DOGGO"');
    const lines: string[] = [];
    const out = { log: (l: string) => lines.push(l), error: (l: string) => lines.push(l) };
    expect(
      await runAddressesImport(['--network', 'ETH'], t.database, { devnet: true, now: t.clock.now() }, out),
    ).toBe(2);
    expect(lines.join()).toContain('--network and --file are required');
  });

  it("an address already handed out as a user's deposit address is a duplicate", async () => {
    const btcUser = await signIn(t.app, 'pool_btc_user');
    const btc = await depositAddress(t.app, btcUser, 'BTC');
    const result = await runImport('BTC', `${btc.address}\n`);
    expect(result.text).toContain('imported 0, duplicates 1, invalid 0');
    expect(await poolRows('bitcoin')).toEqual([]);
  });
});

describe('deposit addresses from the pool', () => {
  it("a user's first request takes the oldest free address; the chain's networks share it; it stays his", async () => {
    const free = (await poolRows('ethereum')).filter((r) => r.allocated_to === null);
    const alice = await signIn(t.app, 'pool_alice');
    const eth = await depositAddress(t.app, alice, 'ETH');
    expect(eth.address).toBe(free[0]?.address);
    expect((await depositAddress(t.app, alice, 'USDT-ERC20')).address).toBe(eth.address);
    expect((await depositAddress(t.app, alice, 'ETH')).address).toBe(eth.address);
    const rows = await poolRows('ethereum');
    expect(rows.find((r) => r.address === eth.address)?.allocated_to).toBe(alice.userId);
    const [stored] = await queryRows<{ derivation_index: number | null }>(
      t.ctx.db,
      sql`SELECT derivation_index FROM deposit_addresses WHERE chain = 'ethereum' AND user_id = ${alice.userId}`,
    );
    expect(stored).toEqual({ derivation_index: null });
    // BTC is not on the pool: still derived from the key.
    expect((await depositAddress(t.app, alice, 'BTC')).address).toMatch(/^bcrt1/);
  });

  it('an exhausted pool answers 503 with its message and writes nothing; a new import serves again', async () => {
    // Take every free address left.
    let n = (await poolRows('ethereum')).filter((r) => r.allocated_to === null).length;
    while (n-- > 0) await depositAddress(t.app, await signIn(t.app, `pool_filler_${n}`), 'ETH');
    const late = await signIn(t.app, 'pool_late');
    const before = await poolRows('ethereum');
    for (const lang of ['ru', 'en']) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/v1/wallet/deposit-address?network=USDT-ERC20',
        headers: { ...late.headers, 'accept-language': lang },
      });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({
        code: 'SERVICE_UNAVAILABLE',
        error:
          lang === 'ru'
            ? 'Адреса для пополнения в сети Ethereum (ERC-20) временно закончились. Попробуйте позже.'
            : 'Deposit addresses on Ethereum (ERC-20) have run out for now. Please try again later.',
      });
    }
    expect(await poolRows('ethereum')).toEqual(before);
    const [{ n: mine } = { n: -1 }] = await queryRows<{ n: number }>(
      t.ctx.db,
      sql`SELECT count(*)::int AS n FROM deposit_addresses WHERE user_id = ${late.userId}`,
    );
    expect(mine).toBe(0);

    const fresh = ethAddress();
    expect((await runImport('ETH', fresh)).code).toBe(0);
    expect((await depositAddress(t.app, late, 'ETH')).address).toBe(fresh);
  });
});

describe('watching the pool', () => {
  it('the back-office dashboard flags a pool network under 100 free addresses; /metrics counts them per network', async () => {
    const moderator = await signInStaff(t, { role: 'moderator' });
    const dashboard = async () => {
      const res = await t.app.inject({ url: '/api/v1/admin/dashboard', headers: moderator.headers });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.addressPools as { network: string; remaining: number; low: boolean }[];
    };
    const free = (await poolRows('ethereum')).filter((r) => r.allocated_to === null).length;
    expect(await dashboard()).toEqual([
      { network: 'ETH', remaining: free, low: true },
      { network: 'USDT-ERC20', remaining: free, low: true },
    ]);
    const metrics = async () => (await t.app.inject({ url: '/metrics' })).body;
    expect(await metrics()).toContain(`deposit_address_pool_remaining{network="ETH"} ${free}`);
    expect(await metrics()).toContain(`deposit_address_pool_remaining{network="USDT-ERC20"} ${free}`);
    expect(await metrics()).not.toContain('deposit_address_pool_remaining{network="BTC"}');

    const more = Array.from({ length: 100 - free }, ethAddress);
    expect((await runImport('ETH', more.join('\n'))).code).toBe(0);
    expect(await dashboard()).toEqual([
      { network: 'ETH', remaining: 100, low: false },
      { network: 'USDT-ERC20', remaining: 100, low: false },
    ]);
    expect(await metrics()).toContain('deposit_address_pool_remaining{network="ETH"} 100');
  });
});

describe('the devnet fills the Solana pool from the test seed wallet', () => {
  it('at start a batch of the wallet addresses is imported; when it runs out the next batch is', async () => {
    const dev = await createTestApp({ CHAIN_MODE: 'devnet', CHAIN_NETWORKS: 'SOL,USDT-SPL' });
    try {
      const now = dev.clock.now();
      expect(dev.ctx.config.chain.poolChains).toEqual(['solana']);
      expect(await fillDevnetPools(dev.ctx.db, dev.ctx.config.chain.poolChains, now)).toBe(DEVNET_POOL_BATCH);
      // Enough free ones: a second start adds none.
      expect(await fillDevnetPools(dev.ctx.db, dev.ctx.config.chain.poolChains, now)).toBe(0);
      const sol = await depositAddress(dev.app, await signIn(dev.app, 'devpool_first'), 'SOL');
      expect(sol.address).toBe(devnetSolanaAddress(0));
      expect(validateAddress('SOL', sol.address)).toEqual({ ok: true, canonical: sol.address });

      // Nothing free any more: the next request brings in the wallet's next addresses, not a 503.
      await dev.ctx.db.execute(sql`DELETE FROM address_pool WHERE allocated_to IS NULL`);
      const late = await depositAddress(dev.app, await signIn(dev.app, 'devpool_late'), 'USDT-SPL');
      expect(late.address).toBe(devnetSolanaAddress(1));
      const [row] = await queryRows<{ n: number; free: number }>(
        dev.ctx.db,
        sql`SELECT count(*)::int AS n, count(*) FILTER (WHERE allocated_to IS NULL)::int AS free
            FROM address_pool WHERE chain = 'solana'`,
      );
      expect(row).toEqual({ n: 2 + DEVNET_POOL_BATCH - 1, free: DEVNET_POOL_BATCH - 1 });
    } finally {
      await dev.close();
    }
  });
});
