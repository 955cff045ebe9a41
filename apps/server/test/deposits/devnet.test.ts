import { NETWORK_IDS, parseAmount } from '@p2p/shared';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client.ts';
import { ChainWatchLoop } from '../../src/modules/deposits/chain-watch-loop.ts';
import { DROP_AFTER_MISSING_CHECKS } from '../../src/modules/deposits/deposits.service.ts';
import { balance, expectLedgerSound } from '../factories.ts';
import { createTestApp, servicesOf, signIn, type TestApp } from '../helpers.ts';
import type { Session } from '../races/support.ts';
import { depositAddress, myDeposits, recordEvents, silentLog } from './support.ts';

/**
 * Money in on the devnet, through the HTTP API and the same watcher path a real chain uses:
 * send to a user's address, mine, watch confirmations climb, credit once at exactly N.
 */

let t: TestApp;
let loop: ChainWatchLoop;
let alice: Session;
let bob: Session;
beforeAll(async () => {
  t = await createTestApp({ CHAIN_MODE: 'devnet' });
  loop = new ChainWatchLoop(t.ctx, servicesOf(t.ctx).deposits, silentLog);
  alice = await signIn(t.app, 'dep_alice');
  bob = await signIn(t.app, 'dep_bob');
});
afterAll(() => t.close());
afterEach(async () => {
  await expectLedgerSound(t.ctx);
});

const post = (who: Session, url: string, payload: object) =>
  t.app.inject({ method: 'POST', url: `/api/v1${url}`, headers: who.headers, payload });

async function send(network: string, toAddress: string, amount: string): Promise<string> {
  // Deposits are listed by when they were seen; keep each one's moment distinct.
  t.clock.advance(1_000);
  const res = await post(alice, `/dev/chain/${network}/transfers`, { toAddress, amount });
  expect(res.statusCode).toBe(200);
  return res.json().data.txHash as string;
}

async function mine(network: string, count: number) {
  const res = await post(alice, `/dev/chain/${network}/blocks`, { count });
  expect(res.statusCode).toBe(200);
  return res.json().data.height as number;
}

async function depositOf(who: Session, txHash: string) {
  return (await myDeposits(t.app, who)).deposits.find((d) => d.txHash === txHash);
}

describe('deposit addresses', () => {
  it('needs a signed-in user and a known network', async () => {
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v1/wallet/deposit-address?network=BTC' })).statusCode,
    ).toBe(401);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/wallet/deposit-address?network=LTC',
      headers: alice.headers,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      error: expect.stringContaining('Неизвестная сеть'),
    });
  });

  it('one stable address per user and chain; ETH and USDT-ERC20 share it, BNB mirrors it', async () => {
    const btc = await depositAddress(t.app, alice, 'BTC');
    expect(btc).toMatchObject({
      minimum: '0.001',
      maximum: '10',
      confirmations: 3,
      chainMode: 'devnet',
      explorerUrl: null,
    });
    expect(btc.address).toMatch(/^bcrt1q/);
    expect((await depositAddress(t.app, alice, 'BTC')).address).toBe(btc.address);
    const eth = await depositAddress(t.app, alice, 'ETH');
    expect((await depositAddress(t.app, alice, 'USDT-ERC20')).address).toBe(eth.address);
    expect((await depositAddress(t.app, alice, 'BNB-BEP20')).address).toBe(eth.address);
    expect((await depositAddress(t.app, alice, 'USDT-TRC20')).address).toMatch(/^T/);
    const bobs = await depositAddress(t.app, bob, 'BTC');
    expect(bobs.address).not.toBe(btc.address);
  });
});

describe('crediting through the devnet', () => {
  it('pending with climbing confirmations, credited at exactly 3 and not before, events to the owner only', async () => {
    const { address } = await depositAddress(t.app, alice, 'BTC');
    const events = recordEvents(t.ctx);
    const tx = await send('BTC', address, '0.5');
    await loop.tick();
    expect(await depositOf(alice, tx)).toMatchObject({
      status: 'pending',
      confirmations: 0,
      requiredConfirmations: 3,
    });

    for (const n of [1, 2]) {
      await mine('BTC', 1);
      await loop.tick();
      expect(await depositOf(alice, tx)).toMatchObject({ status: 'pending', confirmations: n });
      expect(await balance(t.ctx, alice.userId)).toEqual({ available: 0n, locked: 0n });
    }
    await mine('BTC', 1);
    await loop.tick();
    expect(await depositOf(alice, tx)).toMatchObject({
      status: 'credited',
      confirmations: 3,
      amount: '0.50000000',
    });
    expect(await balance(t.ctx, alice.userId)).toEqual({ available: 50_000_000n, locked: 0n });

    // More blocks and ticks change nothing: credited once.
    await mine('BTC', 5);
    await loop.tick();
    await loop.tick();
    expect(await balance(t.ctx, alice.userId)).toEqual({ available: 50_000_000n, locked: 0n });
    const postings = await queryRows<{ n: string }>(
      t.ctx.db,
      sql`SELECT COUNT(*)::text AS n FROM ledger_transactions WHERE kind = 'deposit'`,
    );
    expect(postings[0]?.n).toBe('1');

    events.stop();
    expect(events.events.every((e) => e.room === `user:${alice.userId}`)).toBe(true);
    expect(
      events.named('deposit:pending').map((e) => (e.payload as { confirmations: number }).confirmations),
    ).toEqual([0, 1, 2]);
    expect(events.named('deposit:credited')).toHaveLength(1);
    expect(events.named('deposit:credited')[0]?.payload).toMatchObject({ txHash: tx, status: 'credited' });
    expect((await myDeposits(t.app, bob)).deposits).toEqual([]);
  });

  it('below the minimum: recorded as below_minimum and never credited', async () => {
    const { address } = await depositAddress(t.app, bob, 'ETH');
    const tx = await send('ETH', address, '0.005');
    await mine('ETH', 20);
    await loop.tick();
    await loop.tick();
    expect(await depositOf(bob, tx)).toMatchObject({
      status: 'below_minimum',
      amount: '0.00500000',
      outputIndex: -1,
    });
    expect(await balance(t.ctx, bob.userId, 'ETH')).toEqual({ available: 0n, locked: 0n });
  });

  it('above the maximum: credited (the coins arrived) and flagged', async () => {
    const { address } = await depositAddress(t.app, bob, 'USDT-TRC20');
    const tx = await send('USDT-TRC20', address, '60000');
    await mine('USDT-TRC20', 1);
    await loop.tick();
    expect(await depositOf(bob, tx)).toMatchObject({
      status: 'credited',
      aboveMaximum: true,
      confirmations: 1,
    });
    expect(await balance(t.ctx, bob.userId, 'USDT')).toEqual({ available: 6_000_000_000_000n, locked: 0n });
  });

  it('a transfer that vanishes before its confirmations is dropped, after a few missing checks', async () => {
    const { address } = await depositAddress(t.app, bob, 'BNB-BEP20');
    const tx = await send('BNB-BEP20', address, '1.5');
    await mine('BNB-BEP20', 2);
    await loop.tick();
    expect(await depositOf(bob, tx)).toMatchObject({ status: 'pending', confirmations: 2 });
    const drop = await post(bob, `/dev/chain/BNB-BEP20/transfers/${tx}/drop`, {});
    expect(drop.json().data).toMatchObject({ dropped: true });
    for (let i = 1; i < DROP_AFTER_MISSING_CHECKS; i++) {
      await loop.tick();
      expect(await depositOf(bob, tx)).toMatchObject({ status: 'pending' });
    }
    const events = recordEvents(t.ctx);
    await loop.tick();
    events.stop();
    expect(await depositOf(bob, tx)).toMatchObject({ status: 'dropped' });
    expect(events.named('deposit:pending').map((e) => (e.payload as { status: string }).status)).toEqual([
      'dropped',
    ]);
    await mine('BNB-BEP20', 20);
    await loop.tick();
    expect(await balance(t.ctx, bob.userId, 'BNB')).toEqual({ available: 0n, locked: 0n });
  });

  it('lists newest first, filters by status and network, pages', async () => {
    const all = await myDeposits(t.app, bob);
    expect(all.deposits.map((d) => d.network)).toEqual(['BNB-BEP20', 'USDT-TRC20', 'ETH']);
    expect((await myDeposits(t.app, bob, '?status=credited')).deposits.map((d) => d.network)).toEqual([
      'USDT-TRC20',
    ]);
    expect((await myDeposits(t.app, bob, '?network=ETH')).deposits).toHaveLength(1);
    const page = await myDeposits(t.app, bob, '?limit=2&offset=0');
    expect(page.pagination).toMatchObject({ total: 3, hasNext: true });
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/v1/wallet/deposits?status=lost',
      headers: bob.headers,
    });
    expect(bad.statusCode).toBe(400);
  });

  it('the devnet produces a block per DEVNET_BLOCK_SECONDS, and only once per interval', async () => {
    const before = await mine('BTC', 1);
    t.clock.advance(5_000);
    const first = await loop.devnet?.produce();
    const second = await loop.devnet?.produce();
    expect(first).toBe(NETWORK_IDS.length);
    expect(second).toBe(0);
    expect(await mine('BTC', 1)).toBe(before + 2);
  });

  it('a dev transfer retried with the same Idempotency-Key is sent once', async () => {
    const { address } = await depositAddress(t.app, alice, 'ETH');
    const payload = { toAddress: address, amount: '0.2' };
    const headers = { ...alice.headers, 'idempotency-key': 'dev-transfer-1' };
    const url = '/api/v1/dev/chain/ETH/transfers';
    const first = await t.app.inject({ method: 'POST', url, headers, payload });
    const again = await t.app.inject({ method: 'POST', url, headers, payload });
    expect(again.json().data.txHash).toBe(first.json().data.txHash);
    const [row] = await queryRows<{ n: string }>(
      t.ctx.db,
      sql`SELECT COUNT(*)::text AS n FROM devnet_transfers WHERE tx_hash = ${first.json().data.txHash as string}`,
    );
    expect(row?.n).toBe('1');
  });

  it('the OpenAPI document lists the deposit and devnet paths', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as { paths: object };
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/v1/wallet/deposit-address',
        '/api/v1/wallet/deposits',
        '/api/v1/dev/chain/{network}/transfers',
        '/api/v1/dev/chain/{network}/blocks',
        '/api/v1/dev/chain/{network}/transfers/{txHash}/drop',
      ]),
    );
  });

  it('dev endpoints validate their input', async () => {
    expect((await post(alice, '/dev/chain/BTC/transfers', { toAddress: 'x', amount: '0' })).statusCode).toBe(
      400,
    );
    expect(
      (await post(alice, '/dev/chain/BTC/transfers', { toAddress: 'x', amount: '1.123456789' })).statusCode,
    ).toBe(400);
    expect((await post(alice, '/dev/chain/BTC/blocks', { count: 101 })).statusCode).toBe(400);
    expect((await post(alice, '/dev/chain/LTC/blocks', { count: 1 })).statusCode).toBe(400);
    const anon = await t.app.inject({
      method: 'POST',
      url: '/api/v1/dev/chain/BTC/blocks',
      payload: { count: 1 },
    });
    expect(anon.statusCode).toBe(401);
  });
});

describe('outside devnet mode', () => {
  it('the dev endpoints answer 404 and deposits are unavailable when chains are off', async () => {
    const off = await createTestApp();
    try {
      const carol = await signIn(off.app, 'dep_carol');
      for (const url of [
        '/dev/chain/BTC/transfers',
        '/dev/chain/BTC/blocks',
        '/dev/chain/BTC/transfers/ab/drop',
      ]) {
        const res = await off.app.inject({
          method: 'POST',
          url: `/api/v1${url}`,
          headers: carol.headers,
          payload: { toAddress: 'bcrt1q', amount: '1', count: 1 },
        });
        expect(res.statusCode).toBe(404);
      }
      const address = await off.app.inject({
        method: 'GET',
        url: '/api/v1/wallet/deposit-address?network=BTC',
        headers: carol.headers,
      });
      expect(address.statusCode).toBe(503);
      expect(address.json()).toMatchObject({
        code: 'SERVICE_UNAVAILABLE',
        error: 'Пополнение временно недоступно',
      });
      expect((await myDeposits(off.app, carol)).deposits).toEqual([]);
    } finally {
      await off.close();
    }
  });
});

describe('the other coins on the devnet (docs/decisions/031-doge-sol-ada.md)', () => {
  it('DOGE, SOL, USDT-SPL and ADA: an address of the chain, credited at the network confirmations', async () => {
    const doge = await depositAddress(t.app, bob, 'DOGE');
    expect(doge).toMatchObject({ minimum: '10', confirmations: 40, chainMode: 'devnet' });
    expect(doge.address).toMatch(/^n/);
    const sol = await depositAddress(t.app, bob, 'SOL');
    expect(sol).toMatchObject({ minimum: '0.1', confirmations: 1 });
    expect((await depositAddress(t.app, bob, 'USDT-SPL')).address).toBe(sol.address);
    const ada = await depositAddress(t.app, bob, 'ADA');
    expect(ada).toMatchObject({ minimum: '10', confirmations: 15 });
    // A CIP-1852 base address of the test seed's account, on the test network (docs/decisions/032).
    expect(ada.address).toMatch(/^addr_test1q/);
    // each a different user's address than Alice's
    expect((await depositAddress(t.app, alice, 'SOL')).address).not.toBe(sol.address);

    const cases = [
      { network: 'DOGE', address: doge.address, amount: '1500', confirmations: 40, coin: 'DOGE' as const },
      { network: 'SOL', address: sol.address, amount: '2.5', confirmations: 1, coin: 'SOL' as const },
      { network: 'USDT-SPL', address: sol.address, amount: '25', confirmations: 1, coin: 'USDT' as const },
      { network: 'ADA', address: ada.address, amount: '300', confirmations: 15, coin: 'ADA' as const },
    ];
    for (const c of cases) {
      const before = (await balance(t.ctx, bob.userId, c.coin)).available;
      const tx = await send(c.network, c.address, c.amount);
      if (c.confirmations > 1) await mine(c.network, c.confirmations - 1);
      await loop.tick();
      expect(await balance(t.ctx, bob.userId, c.coin)).toEqual({ available: before, locked: 0n });
      await mine(c.network, 1);
      await loop.tick();
      expect(await depositOf(bob, tx)).toMatchObject({
        status: 'credited',
        network: c.network,
        confirmations: c.confirmations,
      });
      expect((await balance(t.ctx, bob.userId, c.coin)).available - before).toBe(parseAmount(c.amount, 8));
    }
  });
});
