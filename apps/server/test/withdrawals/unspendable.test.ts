import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balance, expectLedgerSound, fund, secondFactor } from '../factories.ts';
import { createTestApp, signInEnrolled, type TestApp, withReauth } from '../helpers.ts';
import { myWithdrawals, requestWithdrawal } from './support.ts';

/**
 * Destinations no one can spend from are refused (docs/decisions/036): checksummed and well
 * formed, yet coins sent there are gone for everyone. A withdrawal to one, or saving one, is a
 * 400 with the catalogue's message and changes nothing.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await expectLedgerSound(t.ctx);
  await t.close();
});

const ZERO = `0x${'0'.repeat(40)}`;
/** vines1… (a real wallet) with its first character changed: on the curve, of order 8ℓ. */
const TORSION_TYPO = '6ines1vzrYbzLMRdu58ou5XTby4qAqVRLmqo36NKPTg';
const BURN = (network: string) =>
  `Это служебный адрес сети ${network} (программа, нулевой адрес или «чёрная дыра»)`;
const NOT_KEY = 'Этот адрес Solana не может принадлежать кошельку';

const cases: [string, { cryptocurrency: string; network: string; toAddress: string }, string, string][] = [
  [
    'the zero address on ETH',
    { cryptocurrency: 'ETH', network: 'ETH', toAddress: ZERO },
    BURN('Ethereum'),
    'burn',
  ],
  [
    'the zero address on BSC',
    { cryptocurrency: 'BNB', network: 'BNB-BEP20', toAddress: ZERO },
    BURN('BNB Smart Chain (BEP-20)'),
    'burn',
  ],
  [
    'the zero address for USDT-ERC20',
    { cryptocurrency: 'USDT', network: 'USDT-ERC20', toAddress: ZERO },
    BURN('Ethereum (ERC-20)'),
    'burn',
  ],
  [
    'TRON’s black hole',
    { cryptocurrency: 'USDT', network: 'USDT-TRC20', toAddress: 'T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb' },
    BURN('TRON (TRC-20)'),
    'burn',
  ],
  [
    'the System Program',
    { cryptocurrency: 'SOL', network: 'SOL', toAddress: '11111111111111111111111111111111' },
    BURN('Solana'),
    'burn',
  ],
  [
    'the SPL Token program',
    { cryptocurrency: 'USDT', network: 'USDT-SPL', toAddress: 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA' },
    BURN('Solana (SPL)'),
    'burn',
  ],
  [
    'a typo of a Solana wallet that lands on a torsion point',
    { cryptocurrency: 'SOL', network: 'SOL', toAddress: TORSION_TYPO },
    NOT_KEY,
    'notKey',
  ],
];

describe('withdrawals to destinations no one can spend from', () => {
  it.each(cases)('refuses %s with 400 and writes nothing', async (_name, destination, message, reason) => {
    const user = await signInEnrolled(t, `burn_${Math.random().toString(36).slice(2, 8)}`);
    await fund(t.ctx, user.userId, destination.cryptocurrency as 'ETH', '100');
    const res = await requestWithdrawal(t, user, { ...destination, amount: '10' });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: { field: 'toAddress', network: destination.network, reason },
    });
    expect(res.json().error).toContain(message);
    expect(await balance(t.ctx, user.userId, destination.cryptocurrency)).toEqual({
      available: 10_000_000_000n,
      locked: 0n,
    });
    const mine = await myWithdrawals(t.app, user.headers);
    expect(JSON.stringify(mine.json().data)).not.toContain(destination.toAddress);

    // Nor can it be saved for later.
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/v1/withdrawals/addresses',
      headers: await withReauth(t.app, user.headers),
      payload: {
        network: destination.network,
        address: destination.toAddress,
        label: 'Burn',
        totpCode: await secondFactor(t.ctx, user.userId),
      },
    });
    expect(saved.statusCode).toBe(400);
    expect(saved.json().error).toContain(message);
    const list = await t.app.inject({ url: '/api/v1/withdrawals/addresses', headers: user.headers });
    expect(list.json().data).toEqual([]);
  });

  it('answers English readers in English', async () => {
    const user = await signInEnrolled(t, 'burn_en');
    await fund(t.ctx, user.userId, 'ETH', '1');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/withdrawals/request',
      headers: { ...user.headers, 'accept-language': 'en' },
      payload: {
        cryptocurrency: 'ETH',
        amount: '0.1',
        toAddress: ZERO,
        totpCode: await secondFactor(t.ctx, user.userId),
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/^This is a system address of the Ethereum network/);
  });
});
