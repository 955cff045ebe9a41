import { feeFor, feeRateToPpm, PublicConfig, parseAmount } from '@p2p/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectLedgerSound } from '../factories.ts';
import { createTestApp, type TestApp } from '../helpers.ts';
import { api, sellTradeIn } from '../trades/support.ts';

let t: TestApp;
let custom: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  custom = await createTestApp({ PLATFORM_FEE_RATE: '0.0025' });
});
afterAll(async () => {
  await expectLedgerSound(custom.ctx);
  await t.close();
  await custom.close();
});

async function publicConfig(app: TestApp): Promise<PublicConfig> {
  const res = await app.app.inject({ method: 'GET', url: '/api/v1/config' });
  expect(res.statusCode, res.body).toBe(200);
  return PublicConfig.parse(res.json().data);
}

describe('GET /api/v1/config', () => {
  it('tells anyone the fee rate and the languages, without signing in', async () => {
    expect(await publicConfig(t)).toEqual({
      platformFeeRate: '0.001',
      feePayer: 'buyer',
      languages: ['ru', 'en'],
      defaultLanguage: 'ru',
      chainMode: t.ctx.config.chain.mode,
    });
  });

  it('says whether the chains are a devnet, so the wallet can offer test transfers', async () => {
    const devnet = await createTestApp({ CHAIN_MODE: 'devnet' });
    try {
      expect((await publicConfig(devnet)).chainMode).toBe('devnet');
    } finally {
      await devnet.close();
    }
    expect((await publicConfig(custom)).chainMode).not.toBe('devnet');
  });

  it('follows PLATFORM_FEE_RATE, and the fee computed from it is the one the release takes', async () => {
    const config = await publicConfig(custom);
    expect(config.platformFeeRate).toBe('0.0025');
    const trade = await sellTradeIn(custom, 'COMPLETED');
    const { trade: completed } = await api(custom).trade(trade.tradeId, trade.buyerId);
    const amount = parseAmount(completed.amountCrypto, 8);
    const fee = feeFor(amount, feeRateToPpm(config.platformFeeRate));
    expect(fee).toBeGreaterThan(0n);
    expect(completed.feeAmount).toBe('0.00002500');
    expect(parseAmount(completed.feeAmount, 8)).toBe(fee);
  });
});
