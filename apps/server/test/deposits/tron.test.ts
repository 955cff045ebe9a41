import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tronToHex } from '../../src/modules/chains/keys.ts';
import { TronWatcher } from '../../src/modules/chains/tron.ts';
import { errorSink, type StubReply, type StubRequest, type StubServer, startStub } from './stub-server.ts';

/**
 * The TRON adapter against a local server answering like TronGrid: the account TRC-20
 * listing, `/wallet/getnowblock`, `/wallet/gettransactioninfobyid` and
 * `/wallet/gettransactionbyid`, with real response shapes (trimmed samples).
 */

const USDT = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const USDT_HEX = 'a614f803b6fd780986a42c78ec9c7f77e6ded13c';
const OURS = 'TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH';
const OTHER = 'TXLAQ63Xg1NAzckPwKHvzw7CSEmLMEqcdj';
const SENDER_HEX = '41e552f6487585c2b58bc2c9bb4492bc1f17132cd0';
const TOPIC = 'ddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';
const TX_CONFIRMED = 'c5f1e1b2a3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e';
const TX_MEMPOOL = '0a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8f9';
const TX_REVERTED = 'ffeeddccbbaa99887766554433221100ffeeddccbbaa99887766554433221100';

const pad = (hex: string) => hex.padStart(64, '0');

function listing(txid: string, to: string, value: string, token = USDT) {
  return {
    transaction_id: txid,
    token_info: { symbol: 'USDT', address: token, decimals: 6, name: 'Tether USD' },
    block_timestamp: 1_763_000_000_000,
    from: 'TWd4WrZ9wn84f5x1hZhL4DHvk738ns5jwb',
    to,
    type: 'Transfer',
    value,
  };
}

function info(txid: string, block: number, value: bigint, result = 'SUCCESS') {
  return {
    id: txid,
    fee: 13_844_850,
    blockNumber: block,
    blockTimeStamp: 1_763_000_000_000,
    contractResult: [pad('1')],
    contract_address: `41${USDT_HEX}`,
    receipt: { energy_fee: 13_499_850, energy_usage_total: 64_285, net_fee: 345_000, result },
    log: [
      // Some other event of the same contract first, so the transfer is log 1.
      { address: USDT_HEX, topics: [pad('8c5be1e5'), pad(SENDER_HEX.slice(2))], data: pad('0') },
      {
        address: USDT_HEX,
        topics: [TOPIC, pad(SENDER_HEX.slice(2)), pad(tronToHex(OURS) as string)],
        data: pad(value.toString(16)),
      },
    ],
  };
}

let stub: StubServer;
beforeAll(async () => {
  stub = await startStub(() => undefined);
});
afterAll(() => stub.close());

function tronGrid(failing: string[] = []) {
  return (req: StubRequest): StubReply | undefined => {
    if (req.path === '/wallet/getnowblock') {
      return {
        json: {
          blockID: '0000000003a2f1b2c9d8e7f6a5b4c3d2e1f0a9b8c7d6e5f4a3b2c1d0e9f8a7b6',
          block_header: { raw_data: { number: 61_010_354, version: 31, timestamp: 1_763_000_001_000 } },
        },
      };
    }
    const account = /^\/v1\/accounts\/([^/]+)\/transactions\/trc20$/.exec(req.path)?.[1];
    if (account) {
      if (failing.includes(account)) return { status: 503, json: { Error: 'service unavailable' } };
      const data =
        account === OURS
          ? [
              listing(TX_MEMPOOL, OURS, '5000000'),
              listing(TX_CONFIRMED, OURS, '25000000'),
              listing(TX_REVERTED, OURS, '1000000'),
              listing('11'.repeat(32), OURS, '9', 'TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf'),
            ]
          : [];
      return { json: { data, success: true, meta: { at: 1_763_000_001_000, page_size: data.length } } };
    }
    const value = (req.body as { value?: string } | null)?.value;
    if (req.path === '/wallet/gettransactioninfobyid') {
      if (value === TX_CONFIRMED) return { json: info(TX_CONFIRMED, 61_010_350, 25_000_000n) };
      if (value === TX_REVERTED) return { json: info(TX_REVERTED, 61_010_351, 1_000_000n, 'REVERT') };
      return { json: {} };
    }
    if (req.path === '/wallet/gettransactionbyid') {
      return value === TX_MEMPOOL
        ? { json: { ret: [{ contractRet: 'SUCCESS' }], txID: TX_MEMPOOL, raw_data: { expiration: 1 } } }
        : { json: {} };
    }
    return undefined;
  };
}

const watcher = () =>
  new TronWatcher({ apiUrl: stub.url, contract: USDT, decimals: 6, apiKey: 'test-key', timeoutMs: 2_000 });

describe('TronWatcher (USDT TRC-20, TronGrid)', () => {
  it('reads the tip from getnowblock, with the API key header', async () => {
    stub.handle(tronGrid());
    expect(await watcher().tipHeight()).toBe(61_010_354);
    expect(stub.requests.at(-1)?.headers['tron-pro-api-key']).toBe('test-key');
  });

  it('finds confirmed USDT transfers to our address, keyed by log index; skips other tokens, reverted and unconfirmed', async () => {
    stub.handle(tronGrid());
    const { errors, sink } = errorSink();
    const { transfers } = await watcher().scan(new Set([OURS, OTHER]), 0, 61_010_354, sink);
    expect(errors).toEqual([]);
    expect(transfers).toEqual([
      {
        txHash: TX_CONFIRMED,
        outputIndex: 1,
        toAddress: OURS,
        rawAmount: 25_000_000n,
        decimals: 6,
        blockHeight: 61_010_350,
      },
    ]);
    const listingCall = stub.requests.find((r) => r.path === `/v1/accounts/${OURS}/transactions/trc20`);
    expect(Object.fromEntries(listingCall?.query ?? [])).toMatchObject({
      only_to: 'true',
      contract_address: USDT,
    });
  });

  it('one failing account listing is reported, the rest still read', async () => {
    stub.handle(tronGrid([OTHER]));
    const { errors, sink } = errorSink();
    const { transfers } = await watcher().scan(new Set([OURS, OTHER]), 0, 61_010_354, sink);
    expect(errors.map((e) => e.item)).toEqual([`address ${OTHER}`]);
    expect(transfers).toHaveLength(1);
  });

  it('status: included at its block, unconfirmed, missing when unknown or reverted', async () => {
    stub.handle(tronGrid());
    const w = watcher();
    const ref = { toAddress: OURS, outputIndex: 1 };
    expect(await w.status({ ...ref, txHash: TX_CONFIRMED })).toEqual({
      state: 'included',
      blockHeight: 61_010_350,
    });
    expect(await w.status({ ...ref, txHash: TX_MEMPOOL })).toEqual({ state: 'unconfirmed' });
    expect(await w.status({ ...ref, txHash: TX_REVERTED })).toEqual({ state: 'missing' });
    expect(await w.status({ ...ref, txHash: '22'.repeat(32) })).toEqual({ state: 'missing' });
    expect(await w.status({ ...ref, outputIndex: 0, txHash: TX_CONFIRMED })).toEqual({ state: 'missing' });
  });
});
