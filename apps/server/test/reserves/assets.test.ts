import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runPorWallets } from '../../src/cli/por-wallets.ts';
import { ratioOf } from '../../src/modules/reserves/reserves.service.ts';
import { depositAddress } from '../deposits/support.ts';
import { expectLedgerSound } from '../factories.ts';
import { createTestApp, servicesOf, signIn, type TestApp } from '../helpers.ts';
import type { Session } from '../races/support.ts';

/**
 * The assets side of proof of reserves on the devnet (docs/decisions/039, section 4): the
 * deposit addresses and the declared wallets are read at the snapshot's height, listed for
 * download, and compared with what is owed.
 */

let t: TestApp;
let alice: Session;
const COLD = 'bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080';
beforeAll(async () => {
  t = await createTestApp({ CHAIN_MODE: 'devnet' });
  alice = await signIn(t.app, 'por_assets_alice');
});
afterAll(async () => {
  await expectLedgerSound(t.ctx);
  await t.close();
});

const quiet = { log: () => {}, error: () => {} };
const post = (url: string, payload: object) =>
  t.app.inject({ method: 'POST', url: `/api/v1${url}`, headers: alice.headers, payload });

describe('assets', () => {
  it('por:wallets refuses a malformed address and declares a cold wallet', async () => {
    expect(
      await runPorWallets(['add', 'BTC', 'not-an-address', 'cold'], t.database, { devnet: true }, quiet),
    ).toBe(2);
    expect(await runPorWallets(['add', 'BTC', COLD, 'warm'], t.database, { devnet: true }, quiet)).toBe(2);
    expect(
      await runPorWallets(['add', 'BTC', COLD, 'cold', 'Сейф'], t.database, { devnet: true }, quiet),
    ).toBe(0);
    const lines: string[] = [];
    await runPorWallets(
      ['list'],
      t.database,
      { devnet: true },
      { log: (l) => lines.push(l), error: () => {} },
    );
    expect(lines).toEqual([`BTC\tcold\t${COLD}\tСейф`]);
  });

  it('a snapshot reads the deposit address and the cold wallet at the chain height; the ratio is held / owed', async () => {
    const { address } = await depositAddress(t.app, alice, 'BTC');
    expect((await post('/dev/chain/BTC/transfers', { toAddress: address, amount: '0.3' })).statusCode).toBe(
      200,
    );
    expect((await post('/dev/chain/BTC/transfers', { toAddress: COLD, amount: '0.5' })).statusCode).toBe(200);
    expect((await post('/dev/chain/BTC/blocks', { count: 1 })).statusCode).toBe(200);
    // In the mempool only: not held at the snapshot's height.
    expect((await post('/dev/chain/BTC/transfers', { toAddress: COLD, amount: '9' })).statusCode).toBe(200);
    const outcome = await servicesOf(t.ctx).reserves.takeSnapshot('staff');
    expect(outcome?.status).toBe('published');
    const list = (await t.app.inject({ url: '/api/v1/reserves/addresses' })).json().data;
    expect(list.snapshotId).toBe(outcome?.id);
    const byAddress = new Map(list.addresses.map((a: { address: string }) => [a.address, a]));
    expect(byAddress.get(address)).toMatchObject({ coin: 'BTC', network: 'BTC', kind: 'deposit' });
    expect(byAddress.get(COLD)).toMatchObject({ coin: 'BTC', kind: 'cold' });
    expect(byAddress.get(address)).toMatchObject({ balance: '30000000' });
    expect(byAddress.get(COLD)).toMatchObject({ balance: '50000000' });
    const held = list.addresses
      .filter((a: { coin: string }) => a.coin === 'BTC')
      .reduce((n: bigint, a: { balance: string | null }) => n + BigInt(a.balance ?? '0'), 0n);
    const btc = (await t.app.inject({ url: '/api/v1/reserves' }))
      .json()
      .data.latest.coins.find((c: { coin: string }) => c.coin === 'BTC');
    expect(btc.held).toBe(held.toString());
    expect(btc.ratio).toBe(ratioOf(held, BigInt(btc.owed)));
  });

  it('the ratio: four decimals rounded down, none when nothing is owed or nothing could be read', () => {
    expect(ratioOf(150n, 100n)).toBe('1.5000');
    expect(ratioOf(1n, 3n)).toBe('0.3333');
    expect(ratioOf(5n, 0n)).toBeNull();
    expect(ratioOf(null, 10n)).toBeNull();
  });
});
