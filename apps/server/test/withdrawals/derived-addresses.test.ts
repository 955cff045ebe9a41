import { NETWORK_IDS, NETWORKS, type NetworkId } from '@p2p/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { depositAddress } from '../deposits/support.ts';
import { balance, expectLedgerSound, fund } from '../factories.ts';
import { createTestApp, signInEnrolled, type TestApp } from '../helpers.ts';
import { requestWithdrawal } from './support.ts';

// Withdrawals recognise the addresses the deposit side really derives (not fixture rows):
// the two sides must agree on the canonical form of every chain's addresses.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ CHAIN_MODE: 'devnet' });
});
afterAll(async () => {
  await expectLedgerSound(t.ctx);
  await t.close();
});

describe('a withdrawal to an address the platform derived for another user', () => {
  it.each(NETWORK_IDS.map((n) => [n]))(
    '%s is an internal transfer, as typed or in lower case',
    async (id) => {
      const network = id as NetworkId;
      const { currency, withdraw } = NETWORKS[network];
      const slug = network.toLowerCase().replace(/[^a-z0-9]/g, '');
      const sender = await signInEnrolled(t, `drv_s_${slug}`);
      const recipient = await signInEnrolled(t, `drv_r_${slug}`);
      const { address } = await depositAddress(t.app, recipient, network);
      await fund(t.ctx, sender.userId, currency, withdraw.max);
      // base58 addresses (TRON, Solana, Dogecoin) are case-sensitive; the others are not
      const typed = ['tron', 'solana', 'dogecoin'].includes(NETWORKS[network].family)
        ? address
        : address.toLowerCase();

      const res = await requestWithdrawal(t, sender, {
        cryptocurrency: currency,
        network,
        amount: withdraw.min,
        toAddress: typed,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({ status: 'COMPLETED', internal: true, toAddress: address });
      const got = await balance(t.ctx, recipient.userId, currency);
      expect(got.available).toBeGreaterThan(0n);
    },
  );

  it('to one’s own derived address is refused and moves nothing', async () => {
    const me = await signInEnrolled(t, 'drv_self');
    const { address } = await depositAddress(t.app, me, 'BTC');
    await fund(t.ctx, me.userId, 'BTC', '1');
    const res = await requestWithdrawal(t, me, {
      cryptocurrency: 'BTC',
      amount: '0.01',
      toAddress: address,
    });
    expect(res.statusCode).toBe(400);
    expect(await balance(t.ctx, me.userId, 'BTC')).toEqual({ available: 100_000_000n, locked: 0n });
  });
});
