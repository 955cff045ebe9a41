import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EsploraWatcher } from '../../src/modules/chains/esplora.ts';
import { HttpStatusError } from '../../src/modules/chains/http.ts';
import { ChainWatchLoop } from '../../src/modules/deposits/chain-watch-loop.ts';
import { balance, expectLedgerSound } from '../factories.ts';
import { createTestApp, servicesOf, signIn } from '../helpers.ts';
import { errorSink, type StubReply, type StubRequest, type StubServer, startStub } from './stub-server.ts';
import { depositAddress, freshAccountXpub, myDeposits, silentLog, ZPUB_VERSIONS } from './support.ts';

/**
 * The Bitcoin adapter against a local server that answers like Esplora (blockstream.info/api,
 * mempool.space/api): `/blocks/tip/height` as plain text, `/address/{a}/txs` and
 * `/tx/{txid}/status` with the real response shapes (trimmed samples).
 */

const A = 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu';
const B = 'bc1qnjg0jd8228aq7egyzacy8cys3knf9xvrerkf9g';
const TX1 = 'f4184fc596403b9d638783cf57adfe4c75c605f6356fbc91338530e9831e9e16';
const TX2 = '9b0fc92260312ce44e74ef369f5c66bbb85848f2eddd5a7a1cde251e54ccfdd5';

/** An Esplora transaction: vin trimmed to one input, vouts as the API lists them. */
function esploraTx(txid: string, vouts: { address?: string; value: number }[], height: number | null) {
  return {
    txid,
    version: 2,
    locktime: 0,
    vin: [
      {
        txid: 'a1075db55d416d3ca199f55b6084e2115b9345e16c5cf302fc80e9d5fbf5d48d',
        vout: 0,
        prevout: {
          scriptpubkey: '0014751e76e8199196d454941c45d1b3a323f1433bd6',
          scriptpubkey_asm: 'OP_0 OP_PUSHBYTES_20 751e76e8199196d454941c45d1b3a323f1433bd6',
          scriptpubkey_type: 'v0_p2wpkh',
          scriptpubkey_address: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
          value: 5_000_000,
        },
        scriptsig: '',
        scriptsig_asm: '',
        witness: ['3044022036…01', '0279be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798'],
        is_coinbase: false,
        sequence: 4294967293,
      },
    ],
    vout: vouts.map((v) =>
      v.address
        ? {
            scriptpubkey: '0014…',
            scriptpubkey_type: 'v0_p2wpkh',
            scriptpubkey_address: v.address,
            value: v.value,
          }
        : {
            scriptpubkey: '6a0b68656c6c6f',
            scriptpubkey_asm: 'OP_RETURN',
            scriptpubkey_type: 'op_return',
            value: v.value,
          },
    ),
    size: 222,
    weight: 561,
    fee: 1410,
    status:
      height === null
        ? { confirmed: false }
        : {
            confirmed: true,
            block_height: height,
            block_hash: '00000000000000000001a2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d5e6f7',
            block_time: 1_763_000_000,
          },
  };
}

let stub: StubServer;
beforeAll(async () => {
  stub = await startStub(() => undefined);
});
afterAll(() => stub.close());

function chain(tip: number, txs: Record<string, ReturnType<typeof esploraTx>[]>, failing: string[] = []) {
  return (req: StubRequest): StubReply | undefined => {
    if (req.path === '/blocks/tip/height') return { text: String(tip) };
    const addr = /^\/address\/([^/]+)\/txs$/.exec(req.path)?.[1];
    if (addr)
      return failing.includes(addr) ? { status: 500, text: 'Internal error' } : { json: txs[addr] ?? [] };
    const txid = /^\/tx\/([0-9a-f]{64})\/status$/.exec(req.path)?.[1];
    const tx = Object.values(txs)
      .flat()
      .find((t) => t.txid === txid);
    if (tx) return { json: tx.status };
    return txid ? { status: 404, text: 'Transaction not found' } : undefined;
  };
}

describe('EsploraWatcher (Bitcoin, Esplora REST)', () => {
  it('reads the tip, one transfer per output paying our address, mempool ones unconfirmed', async () => {
    stub.handle(
      chain(870_005, {
        [A]: [
          esploraTx(
            TX1,
            [
              { address: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4', value: 4_800_000 },
              { address: A, value: 150_000 },
              { value: 0 },
              { address: A, value: 20_000 },
            ],
            870_001,
          ),
        ],
        [B]: [esploraTx(TX2, [{ address: B, value: 2_500_000 }], null)],
      }),
    );
    const w = new EsploraWatcher(stub.url);
    expect(await w.tipHeight()).toBe(870_005);
    const { errors, sink } = errorSink();
    const { transfers, scannedTo } = await w.scan(new Set([A, B]), 870_000, 870_005, sink);
    expect(errors).toEqual([]);
    expect(scannedTo).toBe(870_005);
    expect(transfers).toEqual(
      expect.arrayContaining([
        { txHash: TX1, outputIndex: 1, toAddress: A, rawAmount: 150_000n, decimals: 8, blockHeight: 870_001 },
        { txHash: TX1, outputIndex: 3, toAddress: A, rawAmount: 20_000n, decimals: 8, blockHeight: 870_001 },
        { txHash: TX2, outputIndex: 0, toAddress: B, rawAmount: 2_500_000n, decimals: 8, blockHeight: null },
      ]),
    );
    expect(transfers).toHaveLength(3);
  });

  it('one failing address is reported and the others are still read', async () => {
    stub.handle(chain(870_005, { [B]: [esploraTx(TX2, [{ address: B, value: 2_500_000 }], 870_004)] }, [A]));
    const { errors, sink } = errorSink();
    const { transfers } = await new EsploraWatcher(stub.url).scan(new Set([A, B]), 0, 870_005, sink);
    expect(errors.map((e) => e.item)).toEqual([`address ${A}`]);
    expect(errors[0]?.error).toBeInstanceOf(HttpStatusError);
    expect(transfers.map((t) => t.txHash)).toEqual([TX2]);
  });

  it('status: confirmed at a height, unconfirmed in the mempool, missing on 404', async () => {
    stub.handle(
      chain(870_005, {
        [A]: [esploraTx(TX1, [{ address: A, value: 150_000 }], 870_001)],
        [B]: [esploraTx(TX2, [{ address: B, value: 1 }], null)],
      }),
    );
    const w = new EsploraWatcher(stub.url);
    const ref = { outputIndex: 0, toAddress: A };
    expect(await w.status({ ...ref, txHash: TX1 })).toEqual({ state: 'included', blockHeight: 870_001 });
    expect(await w.status({ ...ref, txHash: TX2 })).toEqual({ state: 'unconfirmed' });
    expect(await w.status({ ...ref, txHash: 'ab'.repeat(32) })).toEqual({ state: 'missing' });
  });

  it('gives up on an API that does not answer within its timeout', async () => {
    stub.handle(() => 'hang');
    const started = Date.now();
    await expect(new EsploraWatcher(stub.url, 300).tipHeight()).rejects.toThrow(/timeout|aborted/i);
    expect(Date.now() - started).toBeLessThan(3_000);
  });
});

describe('live mode end to end: Esplora stub -> watcher -> ledger', () => {
  it('a user address from the API is watched, confirmations climb and the deposit is credited at 3', async () => {
    const t = await createTestApp({
      CHAIN_MODE: 'live',
      CHAIN_NETWORKS: 'BTC',
      BTC_XPUB: freshAccountXpub("m/84'/0'/0'", ZPUB_VERSIONS),
      BTC_ESPLORA_URL: stub.url,
    });
    try {
      const alice = await signIn(t.app, 'esplora_alice');
      const { address } = await depositAddress(t.app, alice, 'BTC');
      expect(address).toMatch(/^bc1q/);
      const loop = new ChainWatchLoop(t.ctx, servicesOf(t.ctx).deposits, silentLog);
      const show = (tip: number, height: number | null) =>
        stub.handle(chain(tip, { [address]: [esploraTx(TX1, [{ address, value: 1_250_000 }], height)] }));

      show(900_000, null);
      await loop.tick();
      expect((await myDeposits(t.app, alice)).deposits[0]).toMatchObject({
        status: 'pending',
        confirmations: 0,
      });
      show(900_001, 900_000);
      await loop.tick();
      expect((await myDeposits(t.app, alice)).deposits[0]).toMatchObject({
        status: 'pending',
        confirmations: 2,
      });
      expect(await balance(t.ctx, alice.userId, 'BTC')).toEqual({ available: 0n, locked: 0n });
      show(900_002, 900_000);
      await loop.tick();
      const [credited] = (await myDeposits(t.app, alice)).deposits;
      expect(credited).toMatchObject({
        status: 'credited',
        confirmations: 3,
        amount: '0.01250000',
        explorerUrl: `https://mempool.space/tx/${TX1}`,
      });
      expect(await balance(t.ctx, alice.userId, 'BTC')).toEqual({ available: 1_250_000n, locked: 0n });
      await expectLedgerSound(t.ctx);
    } finally {
      await t.close();
    }
  });
});
