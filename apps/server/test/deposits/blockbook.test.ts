import { HDKey } from '@scure/bip32';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BlockbookWatcher, dogecoinBlockbookKey } from '../../src/modules/chains/blockbook.ts';
import { HttpStatusError } from '../../src/modules/chains/http.ts';
import { ChainWatchLoop } from '../../src/modules/deposits/chain-watch-loop.ts';
import { DROP_AFTER_MISSING_CHECKS } from '../../src/modules/deposits/deposits.service.ts';
import { balance, expectLedgerSound } from '../factories.ts';
import { createTestApp, servicesOf, signIn, type TestApp } from '../helpers.ts';
import type { Session } from '../races/support.ts';
import { errorSink, type StubReply, type StubRequest, type StubServer, startStub } from './stub-server.ts';
import { depositAddress, freshAccountXpub, myDeposits, silentLog } from './support.ts';

/**
 * The Dogecoin adapter against a local server answering like Blockbook (trezor/blockbook
 * docs/api.md, as doge1.trezor.io does): `/api/` status, `/api/v2/xpub/<xpub>`,
 * `/api/v2/address/<address>` and `/api/v2/tx/<txid>`, values in koinu strings, mempool
 * transactions at blockHeight -1, an unknown transaction answered 400 "not found".
 */

const DGUB = { public: 0x02facafd, private: 0x02fac398 };
// BIP44 m/44'/3'/0'/0/0 and 0/1 of the test seed (DEVNET_KEYS.dogecoin), and someone else.
const A = 'DBus3bamQjgJULBJtYXpEzDWQRwF5iwxgC';
const B = 'DAcDAtJRztxBHyA6D6h8du1HguyTR43Mas';
const SENDER = 'DH5yaieqoZN36fDVciNyRueRGvGLR3mr7L';
const TEST_XPUB =
  'xpub6Bxse8AT19u9HExKtP1EAudLi9CpLxPpxDvanL2fFtM7UFE2Q7TTWRg4bnMnmT4KcyN6GQkSgZmPWDtyUywSii3MDpMNfXSTuzH7gvZywLU';
const TEST_DGUB =
  'dgub8rUhDtD3YFGZTUphBfpBbzvFxSMKQXYLzg87Me2ta78r2SdVLmypBUkkxrrn9RTnchsyiJSkHZyLWxD13ibBiXtuFWktBoDaGaZjQUBLNLs';
const TX1 = '5f2ad9ba8d0b3ba52b2b8b9d0bb1c4d0a3e6d9e1c1e40f5a1e0a9c7b1f3d2e10';
const TX2 = '7a1c6e0f2d4b8a9c3e5f7a1b2c4d6e8f0a2b4c6d8e0f1a3b5c7d9e1f2a4b6c8d';
const TX3 = 'c0ffee00c0ffee00c0ffee00c0ffee00c0ffee00c0ffee00c0ffee00c0ffee00';

type Out = { address?: string; value?: bigint };

/** A Blockbook transaction; `height` null = in the mempool. */
function bbTx(txid: string, outs: Out[], height: number | null, tip: number) {
  const value = outs.reduce((s, o) => s + (o.value ?? 0n), 0n);
  return {
    txid,
    version: 1,
    vin: [
      {
        txid: '3b1f2c0d9e8a7b6c5d4e3f2a1b0c9d8e7f6a5b4c3d2e1f0a9b8c7d6e5f4a3b2c',
        vout: 1,
        sequence: 4294967295,
        n: 0,
        addresses: [SENDER],
        isAddress: true,
        value: String(value + 100_000_000n),
      },
    ],
    vout: outs.map((o, n) =>
      o.address
        ? {
            value: String(o.value ?? 0n),
            n,
            hex: '76a914c825a1ecf2a6830c4401620c3a16f1995057c2ab88ac',
            addresses: [o.address],
            isAddress: true,
          }
        : { value: '0', n, hex: '6a0b68656c6c6f', addresses: ['OP_RETURN 68656c6c6f'], isAddress: false },
    ),
    blockHash:
      height === null ? undefined : 'a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8f90',
    blockHeight: height ?? -1,
    confirmations: height === null ? 0 : tip - height + 1,
    blockTime: 1_763_000_000,
    value: String(value),
    valueIn: String(value + 100_000_000n),
    fees: '100000000',
    hex: '0100000001…',
  };
}

type Tx = ReturnType<typeof bbTx>;

/** A "chain" as Blockbook shows it: the tip, transactions, and the addresses it derived from the xpub. */
interface View {
  tip: number;
  txs: Tx[];
  derived: string[];
  failXpub?: boolean;
}

function blockbook(view: View) {
  const paying = (address: string) =>
    view.txs.filter((tx) => tx.vout.some((v) => v.addresses[0] === address && v.isAddress));
  const since = (req: StubRequest, txs: Tx[]) => {
    const from = Number(req.query.get('from') ?? 0);
    return txs.filter((tx) => tx.blockHeight === -1 || tx.blockHeight >= from);
  };
  return (req: StubRequest): StubReply | undefined => {
    if (req.path === '/api/') {
      return {
        json: {
          blockbook: {
            coin: 'Dogecoin',
            host: 'doge1',
            version: '0.4.0',
            bestHeight: view.tip,
            inSync: true,
          },
          backend: { chain: 'main', blocks: view.tip, bestBlockHash: 'ab'.repeat(32), version: '1140700' },
        },
      };
    }
    const xpub = /^\/api\/v2\/xpub\/([^/]+)$/.exec(req.path)?.[1];
    if (xpub) {
      if (view.failXpub) return { status: 500, json: { error: 'Internal server error' } };
      const transactions = since(
        req,
        view.txs.filter((tx) => tx.vout.some((v) => view.derived.includes(v.addresses[0] ?? ''))),
      );
      return {
        json: {
          page: 1,
          totalPages: 1,
          itemsOnPage: 1000,
          address: xpub,
          balance: '0',
          totalReceived: '0',
          totalSent: '0',
          unconfirmedBalance: '0',
          unconfirmedTxs: 0,
          txs: transactions.length,
          transactions,
          usedTokens: 1,
          tokens: view.derived.map((name, i) => ({
            type: 'XPUBAddress',
            name,
            path: `m/44'/3'/0'/0/${i}`,
            transfers: paying(name).length,
            decimals: 8,
          })),
        },
      };
    }
    const address = /^\/api\/v2\/address\/([^/]+)$/.exec(req.path)?.[1];
    if (address) {
      const transactions = since(req, paying(decodeURIComponent(address)));
      return {
        json: {
          page: 1,
          totalPages: 1,
          itemsOnPage: 1000,
          address: decodeURIComponent(address),
          balance: '0',
          totalReceived: '0',
          totalSent: '0',
          unconfirmedBalance: '0',
          unconfirmedTxs: 0,
          txs: transactions.length,
          transactions,
        },
      };
    }
    const txid = /^\/api\/v2\/tx\/([0-9a-f]+)$/.exec(req.path)?.[1];
    if (txid) {
      const tx = view.txs.find((t) => t.txid === txid);
      return tx ? { json: tx } : { status: 400, json: { error: `Transaction '${txid}' not found` } };
    }
    return undefined;
  };
}

let stub: StubServer;
beforeAll(async () => {
  stub = await startStub(() => undefined);
});
afterAll(() => stub.close());

const watcher = (timeoutMs?: number) =>
  new BlockbookWatcher({ baseUrl: stub.url, accountKey: TEST_XPUB }, timeoutMs);

describe('BlockbookWatcher (Dogecoin, Blockbook REST)', () => {
  it('reads the account key in Dogecoin form, whether configured as xpub or dgub', () => {
    expect(dogecoinBlockbookKey(TEST_XPUB)).toBe(TEST_DGUB);
    expect(dogecoinBlockbookKey(TEST_DGUB)).toBe(TEST_DGUB);
    const fresh = freshAccountXpub("m/44'/3'/0'", DGUB);
    expect(HDKey.fromExtendedKey(dogecoinBlockbookKey(fresh), DGUB).publicExtendedKey).toBe(fresh);
  });

  it('reads the tip and, in one xpub call, one transfer per output paying our addresses', async () => {
    const tip = 5_400_010;
    stub.handle(
      blockbook({
        tip,
        derived: [A, B],
        txs: [
          bbTx(
            TX1,
            [{ address: SENDER, value: 9_000_000_000n }, { address: A, value: 2_500_000_000n }, {}],
            5_400_001,
            tip,
          ),
          bbTx(
            TX2,
            [
              { address: B, value: 1_000_000_000n },
              { address: A, value: 300_000_000n },
            ],
            null,
            tip,
          ),
        ],
      }),
    );
    stub.requests.splice(0);
    const w = watcher();
    expect(await w.tipHeight()).toBe(tip);
    const { errors, sink } = errorSink();
    const { transfers, scannedTo } = await w.scan(new Set([A, B]), 5_400_000, tip, sink);
    expect(errors).toEqual([]);
    expect(scannedTo).toBe(tip);
    expect(transfers).toEqual(
      expect.arrayContaining([
        {
          txHash: TX1,
          outputIndex: 1,
          toAddress: A,
          rawAmount: 2_500_000_000n,
          decimals: 8,
          blockHeight: 5_400_001,
        },
        {
          txHash: TX2,
          outputIndex: 0,
          toAddress: B,
          rawAmount: 1_000_000_000n,
          decimals: 8,
          blockHeight: null,
        },
        {
          txHash: TX2,
          outputIndex: 1,
          toAddress: A,
          rawAmount: 300_000_000n,
          decimals: 8,
          blockHeight: null,
        },
      ]),
    );
    expect(transfers).toHaveLength(3);
    // one call for the whole account, in Dogecoin's key form, from the scan mark on
    const calls = stub.requests.filter((r) => r.path.startsWith('/api/v2/'));
    expect(calls.map((r) => r.path)).toEqual([`/api/v2/xpub/${TEST_DGUB}`]);
    expect(Object.fromEntries(calls[0]?.query ?? [])).toMatchObject({
      details: 'txs',
      tokens: 'derived',
      from: '5400000',
    });
  });

  it('an address beyond Blockbook gap is read on its own', async () => {
    const tip = 5_400_010;
    stub.handle(
      blockbook({
        tip,
        derived: [A],
        txs: [bbTx(TX3, [{ address: B, value: 4_200_000_000n }], 5_400_005, tip)],
      }),
    );
    stub.requests.splice(0);
    const { errors, sink } = errorSink();
    const { transfers, scannedTo } = await watcher().scan(new Set([A, B]), 5_400_000, tip, sink);
    expect(errors).toEqual([]);
    expect(scannedTo).toBe(tip);
    expect(transfers).toEqual([
      {
        txHash: TX3,
        outputIndex: 0,
        toAddress: B,
        rawAmount: 4_200_000_000n,
        decimals: 8,
        blockHeight: 5_400_005,
      },
    ]);
    expect(stub.requests.map((r) => r.path)).toEqual([`/api/v2/xpub/${TEST_DGUB}`, `/api/v2/address/${B}`]);
  });

  it('a failed xpub call is reported and does not move the scan mark', async () => {
    stub.handle(blockbook({ tip: 10, derived: [A], txs: [], failXpub: true }));
    const { errors, sink } = errorSink();
    const result = await watcher().scan(new Set([A]), 5, 10, sink);
    expect(result).toEqual({ transfers: [], scannedTo: -1 });
    expect(errors.map((e) => e.item)).toEqual(['account xpub']);
    expect(errors[0]?.error).toBeInstanceOf(HttpStatusError);
  });

  it('status: included at its block, unconfirmed in the mempool, missing when Blockbook does not know it', async () => {
    const tip = 100;
    stub.handle(
      blockbook({
        tip,
        derived: [A],
        txs: [
          bbTx(TX1, [{ address: A, value: 1n }], 90, tip),
          bbTx(TX2, [{ address: A, value: 1n }], null, tip),
        ],
      }),
    );
    const ref = { outputIndex: 0, toAddress: A };
    expect(await watcher().status({ ...ref, txHash: TX1 })).toEqual({ state: 'included', blockHeight: 90 });
    expect(await watcher().status({ ...ref, txHash: TX2 })).toEqual({ state: 'unconfirmed' });
    expect(await watcher().status({ ...ref, txHash: TX3 })).toEqual({ state: 'missing' });
  });

  it('gives up on an API that does not answer within its timeout', async () => {
    stub.handle(() => 'hang');
    const started = Date.now();
    await expect(watcher(300).tipHeight()).rejects.toThrow(/timeout|aborted/i);
    expect(Date.now() - started).toBeLessThan(3_000);
  });
});

describe('live mode end to end: Blockbook stub -> watcher -> ledger', () => {
  let t: TestApp;
  let loop: ChainWatchLoop;
  const view: View = { tip: 5_500_000, txs: [], derived: [] };

  beforeAll(async () => {
    t = await createTestApp({
      CHAIN_MODE: 'live',
      CHAIN_NETWORKS: 'DOGE',
      DOGE_XPUB: freshAccountXpub("m/44'/3'/0'"),
      BLOCKBOOK_DOGE_URL: stub.url,
    });
    loop = new ChainWatchLoop(t.ctx, servicesOf(t.ctx).deposits, silentLog);
  });
  afterAll(() => t.close());

  async function userWithAddress(name: string): Promise<{ who: Session; address: string }> {
    const who = await signIn(t.app, name);
    const { address, confirmations, minimum } = await depositAddress(t.app, who, 'DOGE');
    expect(address).toMatch(/^D[1-9A-HJ-NP-Za-km-z]{33}$/);
    expect({ confirmations, minimum }).toEqual({ confirmations: 40, minimum: '10' });
    view.derived.push(address);
    stub.handle(blockbook(view));
    return { who, address };
  }

  const depositOf = async (who: Session, txid: string) =>
    (await myDeposits(t.app, who)).deposits.find((d) => d.txHash === txid);

  it('a deposit is seen in the mempool, climbs and is credited once, at exactly 40 confirmations', async () => {
    const { who, address } = await userWithAddress('doge_alice');
    await loop.tick(); // first scan: the mark starts at the tip
    view.txs.push(bbTx(TX1, [{ address, value: 12_345_000_000n }], null, view.tip));
    await loop.tick();
    expect(await depositOf(who, TX1)).toMatchObject({
      status: 'pending',
      confirmations: 0,
      amount: '123.45000000',
    });

    view.tip += 1;
    view.txs[0] = bbTx(TX1, [{ address, value: 12_345_000_000n }], view.tip, view.tip);
    view.tip += 38; // 39 confirmations
    await loop.tick();
    expect(await depositOf(who, TX1)).toMatchObject({ status: 'pending', confirmations: 39 });
    expect(await balance(t.ctx, who.userId, 'DOGE')).toEqual({ available: 0n, locked: 0n });

    view.tip += 1; // 40
    await loop.tick();
    expect(await depositOf(who, TX1)).toMatchObject({
      status: 'credited',
      confirmations: 40,
      amount: '123.45000000',
      explorerUrl: `https://blockchair.com/dogecoin/transaction/${TX1}`,
    });
    expect(await balance(t.ctx, who.userId, 'DOGE')).toEqual({ available: 12_345_000_000n, locked: 0n });

    view.tip += 5;
    await loop.tick();
    await loop.tick();
    expect(await balance(t.ctx, who.userId, 'DOGE')).toEqual({ available: 12_345_000_000n, locked: 0n });
    await expectLedgerSound(t.ctx);
  });

  it('a transaction that leaves the mempool is marked dropped after a few missing checks, never credited', async () => {
    const { who, address } = await userWithAddress('doge_bob');
    view.txs.push(bbTx(TX2, [{ address, value: 5_000_000_000n }], null, view.tip));
    await loop.tick();
    expect(await depositOf(who, TX2)).toMatchObject({ status: 'pending' });
    view.txs = view.txs.filter((tx) => tx.txid !== TX2);
    for (let i = 0; i < DROP_AFTER_MISSING_CHECKS; i++) await loop.tick();
    expect(await depositOf(who, TX2)).toMatchObject({ status: 'dropped' });
    expect(await balance(t.ctx, who.userId, 'DOGE')).toEqual({ available: 0n, locked: 0n });
  });

  it('a transfer below the minimum is recorded and not credited', async () => {
    const { who, address } = await userWithAddress('doge_carol');
    view.tip += 1;
    view.txs.push(bbTx(TX3, [{ address, value: 500_000_000n }], view.tip, view.tip));
    view.tip += 45;
    await loop.tick();
    await loop.tick();
    expect(await depositOf(who, TX3)).toMatchObject({ status: 'below_minimum', amount: '5.00000000' });
    expect(await balance(t.ctx, who.userId, 'DOGE')).toEqual({ available: 0n, locked: 0n });
    await expectLedgerSound(t.ctx);
  });
});
