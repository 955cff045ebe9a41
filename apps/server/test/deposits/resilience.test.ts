import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Devnet } from '../../src/modules/chains/devnet/devnet.ts';
import type { ChainWatcher } from '../../src/modules/chains/watcher.ts';
import { ChainWatchLoop } from '../../src/modules/deposits/chain-watch-loop.ts';
import { auditLedger } from '../../src/ops/ledger-audit.ts';
import { balance, expectLedgerSound } from '../factories.ts';
import { createTestApp, servicesOf, signIn, type TestApp } from '../helpers.ts';
import { depositAddress, myDeposits } from './support.ts';

/**
 * The watch loop keeps going when parts of it fail: an unreachable chain API stops only its
 * own network, and one transfer that cannot be checked stops only itself. Failures are
 * logged and counted per network (the `chain_watch_failures_total` metric).
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ CHAIN_MODE: 'devnet' });
});
afterAll(() => t.close());

describe('chain watch loop under failures', () => {
  it('a dead API and one unreadable transfer do not stop the other deposits', async () => {
    const devnet = new Devnet(t.ctx.db, t.clock, 5);
    const alice = await signIn(t.app, 'res_alice');
    const btc = (await depositAddress(t.app, alice, 'BTC')).address;
    const eth = (await depositAddress(t.app, alice, 'ETH')).address;
    const broken = await devnet.send('BTC', { toAddress: btc, amount: '0.01' }, null);
    const fine = await devnet.send('BTC', { toAddress: btc, amount: '0.02' }, null);
    await devnet.send('ETH', { toAddress: eth, amount: '0.1' }, null);

    const realBtc = devnet.watcher('BTC');
    const flakyBtc: ChainWatcher = {
      network: 'BTC',
      tipHeight: () => realBtc.tipHeight(),
      scan: (...args) => realBtc.scan(...args),
      status: (ref) =>
        ref.txHash === broken.txHash ? Promise.reject(new Error('socket hang up')) : realBtc.status(ref),
    };
    const deadTron: ChainWatcher = {
      network: 'USDT-TRC20',
      tipHeight: () => Promise.reject(new Error('connect ECONNREFUSED')),
      scan: () => Promise.reject(new Error('unreachable')),
      status: () => Promise.reject(new Error('unreachable')),
    };
    const warnings: object[] = [];
    const log = { warn: (o: object) => warnings.push(o), error: (o: object) => warnings.push(o) };
    const loop = new ChainWatchLoop(t.ctx, servicesOf(t.ctx).deposits, log, [
      deadTron,
      flakyBtc,
      devnet.watcher('ETH'),
    ]);

    await loop.tick();
    await devnet.mine('BTC', 3);
    await devnet.mine('ETH', 12);
    const reports = await loop.tick();

    const status = async (tx: string) =>
      (await myDeposits(t.app, alice)).deposits.find((d) => d.txHash === tx)?.status;
    expect(await status(fine.txHash)).toBe('credited');
    expect(await status(broken.txHash)).toBe('pending');
    expect(await balance(t.ctx, alice.userId, 'BTC')).toEqual({ available: 2_000_000n, locked: 0n });
    expect(await balance(t.ctx, alice.userId, 'ETH')).toEqual({ available: 10_000_000n, locked: 0n });
    expect(reports.map((r) => r.network).sort()).toEqual(['BTC', 'ETH']);
    expect(loop.failures.get('USDT-TRC20')).toBe(2);
    expect(loop.failures.get('BTC')).toBe(2);
    expect(warnings.length).toBeGreaterThanOrEqual(4);
    await expectLedgerSound(t.ctx);
  });

  it('the ledger audit notices a credited deposit whose posting does not match it', async () => {
    await t.ctx.db.execute(
      sql`UPDATE deposits SET amount = amount + 1 WHERE status = 'credited' AND network = 'ETH'`,
    );
    expect((await auditLedger(t.ctx.db)).join('\n')).toMatch(
      /5 one deposit credit: deposit .* credited: 1 postings crediting 10000000/,
    );
    await t.ctx.db.execute(
      sql`UPDATE deposits SET amount = amount - 1 WHERE status = 'credited' AND network = 'ETH'`,
    );
    await expectLedgerSound(t.ctx);
  });
});
