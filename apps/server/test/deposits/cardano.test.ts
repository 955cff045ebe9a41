import CSL from '@emurgo/cardano-serialization-lib-nodejs';
import type { NetworkId } from '@p2p/shared';
import { mnemonicToEntropy } from '@scure/bip39';
import { wordlist } from '@scure/bip39/wordlists/english';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BlockfrostWatcher } from '../../src/modules/chains/cardano.ts';
import { CardanoDeriver } from '../../src/modules/chains/cardano-address.ts';
import {
  cardanoAccountKeyText,
  DEVNET_CARDANO_ACCOUNT_KEY,
  parseCardanoAccountKey,
} from '../../src/modules/chains/cardano-keys.ts';
import { KeyError } from '../../src/modules/chains/keys.ts';
import { importPoolAddresses } from '../../src/modules/deposits/address-pool.service.ts';
import { ChainWatchLoop } from '../../src/modules/deposits/chain-watch-loop.ts';
import { DROP_AFTER_MISSING_CHECKS } from '../../src/modules/deposits/deposits.service.ts';
import { balance, expectLedgerSound } from '../factories.ts';
import { createTestApp, servicesOf, signIn } from '../helpers.ts';
import { errorSink, type StubReply, type StubRequest, type StubServer, startStub } from './stub-server.ts';
import { depositAddress, myDeposits, silentLog } from './support.ts';

/**
 * ADA: CIP-1852 base addresses from the account public key, checked against published
 * vectors, and the Blockfrost adapter against a local server answering Blockfrost's shapes
 * (`/blocks/latest`, `/addresses/{a}/transactions`, `/txs/{hash}/utxos`, `/txs/{hash}`).
 */

const hard = (n: number) => (n | 0x80000000) >>> 0;

/** The account public key of a seed. The private half exists only while this runs. */
function accountKeyOf(entropy: Uint8Array): string {
  const account = CSL.Bip32PrivateKey.from_bip39_entropy(entropy, new Uint8Array())
    .derive(hard(1852))
    .derive(hard(1815))
    .derive(hard(0))
    .to_public();
  return cardanoAccountKeyText(account.as_bytes());
}

const fromMnemonic = (words: string) => accountKeyOf(mnemonicToEntropy(words, wordlist));

describe('Cardano base addresses (published vectors)', () => {
  it("CIP-19's test key (entropy df9ed25e…): 0/0 with stake 2/0 is addr_test1qz2fxv2umy…2ytjqp on a test network", () => {
    const key = accountKeyOf(Uint8Array.from(Buffer.from('df9ed25ed146bf43336a5d7cf7395994', 'hex')));
    expect(key).toMatch(/^acct_xvk1/);
    expect(CardanoDeriver.fromText(key, 'devnet').addressAt(0)).toBe(
      'addr_test1qz2fxv2umyhttkxyxp8x0dlpdt3k6cwng5pxj3jhsydzer3jcu5d8ps7zex2k2xt3uqxgjqnnj83ws8lhrn648jjxtwq2ytjqp',
    );
  });

  it('mainnet addresses 0/0 and 0/1 of the "damp wish …" wallet (cardano-client-lib vectors)', () => {
    const key = fromMnemonic(
      'damp wish scrub sentence vibrant gauge tumble raven game extend winner acid side amused vote edge affair buzz hospital slogan patient drum day vital',
    );
    const deriver = CardanoDeriver.fromText(key, 'mainnet');
    expect(deriver.addressAt(0)).toBe(
      'addr1qxx9hu8j4ah3auytk0mwcupd69hpc52t0cw39a65ndrah86djs784u92a3m5w475w3w35tyd6v3qumkze80j8a6h5tuqrzmetm',
    );
    expect(deriver.addressAt(1)).toBe(
      'addr1qyvhg6pxu3dgl3jxehkmcnz2kcr4th3rc4huat7pxmr0ttzdjs784u92a3m5w475w3w35tyd6v3qumkze80j8a6h5tuqxvm6yt',
    );
  });

  it('the "abandon … about" test seed: addr1qy8ac7qq…4afdhv on mainnet, its addr_test1 twin on the devnet', () => {
    const key = fromMnemonic(
      'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about',
    );
    expect(key).toBe(DEVNET_CARDANO_ACCOUNT_KEY);
    expect(CardanoDeriver.fromText(key, 'mainnet').addressAt(0)).toBe(
      'addr1qy8ac7qqy0vtulyl7wntmsxc6wex80gvcyjy33qffrhm7sh927ysx5sftuw0dlft05dz3c7revpf7jx0xnlcjz3g69mq4afdhv',
    );
    expect(CardanoDeriver.fromText(key, 'devnet').addressAt(0)).toBe(
      'addr_test1qq8ac7qqy0vtulyl7wntmsxc6wex80gvcyjy33qffrhm7sh927ysx5sftuw0dlft05dz3c7revpf7jx0xnlcjz3g69mqkt5dmn',
    );
    // The hex form of the same 64 bytes is read the same way.
    const hex = Buffer.from(parseCardanoAccountKey(key)).toString('hex');
    expect(CardanoDeriver.fromText(hex, 'devnet').addressAt(0)).toMatch(/^addr_test1qq8ac7qq/);
  });

  it('refuses private keys, other bech32 data and the wrong length', () => {
    expect(() => parseCardanoAccountKey('acct_xsk1qqqq')).toThrow(KeyError);
    expect(() =>
      parseCardanoAccountKey(
        'addr1qy8ac7qqy0vtulyl7wntmsxc6wex80gvcyjy33qffrhm7sh927ysx5sftuw0dlft05dz3c7revpf7jx0xnlcjz3g69mq4afdhv',
      ),
    ).toThrow(/acct_xvk/);
    expect(() => parseCardanoAccountKey('ab'.repeat(32))).toThrow(KeyError);
    expect(() => parseCardanoAccountKey('not a key')).toThrow(KeyError);
  });
});

const OURS =
  'addr1qy8ac7qqy0vtulyl7wntmsxc6wex80gvcyjy33qffrhm7sh927ysx5sftuw0dlft05dz3c7revpf7jx0xnlcjz3g69mq4afdhv';
const OTHER =
  'addr1qxx9hu8j4ah3auytk0mwcupd69hpc52t0cw39a65ndrah86djs784u92a3m5w475w3w35tyd6v3qumkze80j8a6h5tuqrzmetm';
const UNUSED =
  'addr1qyvhg6pxu3dgl3jxehkmcnz2kcr4th3rc4huat7pxmr0ttzdjs784u92a3m5w475w3w35tyd6v3qumkze80j8a6h5tuqxvm6yt';
const TIP = 11_234_567;
const TX_ADA = '4e1f0d7a6f4c9fbe1b4a3c2d1e0f9a8b7c6d5e4f3a2b1c0d9e8f7a6b5c4d3e2f';
const TX_SMALL = '5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a';
const TX_TOKEN = '6b6b6b6b6b6b6b6b6b6b6b6b6b6b6b6b6b6b6b6b6b6b6b6b6b6b6b6b6b6b6b6b';
const TX_FAILED_SCRIPT = '7c7c7c7c7c7c7c7c7c7c7c7c7c7c7c7c7c7c7c7c7c7c7c7c7c7c7c7c7c7c7c7c';
/** A transfer that a rollback removes in the end-to-end test (listed only there). */
const TX_ROLLED = '8d8d8d8d8d8d8d8d8d8d8d8d8d8d8d8d8d8d8d8d8d8d8d8d8d8d8d8d8d8d8d8d';
const HOSKY = 'a0028f350aaabe0545fdcb56b039bfb08e4bb4d8c4d7c3c7d481c235484f534b59';

const lovelace = (q: string) => ({ unit: 'lovelace', quantity: q });
const output = (
  address: string,
  amount: { unit: string; quantity: string }[],
  index: number,
  collateral = false,
) => ({
  address,
  amount,
  output_index: index,
  data_hash: null,
  inline_datum: null,
  collateral,
  reference_script_hash: null,
});

const UTXOS: Record<string, unknown> = {
  [TX_ROLLED]: { hash: TX_ROLLED, inputs: [], outputs: [output(OURS, [lovelace('20000000')], 0)] },
  [TX_ADA]: {
    hash: TX_ADA,
    inputs: [
      {
        address: OTHER,
        amount: [lovelace('2000000000')],
        tx_hash: '1e043f100dce12d107f679685acd2fc0610e10f72a92d412794c9773d11d8477',
        output_index: 0,
        data_hash: null,
        inline_datum: null,
        reference_script_hash: null,
        collateral: false,
        reference: false,
      },
    ],
    outputs: [output(OTHER, [lovelace('499831551')], 0), output(OURS, [lovelace('1500000000')], 1)],
  },
  [TX_SMALL]: { hash: TX_SMALL, inputs: [], outputs: [output(OURS, [lovelace('1000000')], 0)] },
  [TX_TOKEN]: {
    hash: TX_TOKEN,
    inputs: [],
    outputs: [output(OURS, [lovelace('1189560'), { unit: HOSKY, quantity: '1000000' }], 0)],
  },
  [TX_FAILED_SCRIPT]: {
    hash: TX_FAILED_SCRIPT,
    inputs: [],
    outputs: [output(OURS, [lovelace('5000000')], 0, true)],
  },
};
const HEIGHTS: Record<string, number> = {
  [TX_ROLLED]: TIP - 2,
  [TX_ADA]: TIP - 30,
  [TX_SMALL]: TIP - 20,
  [TX_TOKEN]: TIP - 10,
  [TX_FAILED_SCRIPT]: TIP - 5,
};

function txInfo(hash: string) {
  return {
    hash,
    block: 'ad8d7b87b5e5b53d6da1f3d2f8f8c3b5c4e4c3d2a1b0c9d8e7f6a5b4c3d2e1f0',
    block_height: HEIGHTS[hash],
    block_time: 1_763_000_000,
    slot: 140_000_000,
    index: 3,
    output_amount: [lovelace('1999831551')],
    fees: '168449',
    deposit: '0',
    size: 297,
    invalid_before: null,
    invalid_hereafter: '140007000',
    utxo_count: 3,
    withdrawal_count: 0,
    mir_cert_count: 0,
    delegation_count: 0,
    stake_cert_count: 0,
    pool_update_count: 0,
    pool_retire_count: 0,
    asset_mint_or_burn_count: 0,
    redeemer_count: hash === TX_FAILED_SCRIPT ? 1 : 0,
    valid_contract: hash !== TX_FAILED_SCRIPT,
  };
}

const notFound = {
  status: 404,
  json: { status_code: 404, error: 'Not Found', message: 'The requested component has not been found.' },
};

function blockfrost(rolledBack: Set<string>, failing: Set<string>) {
  return (req: StubRequest): StubReply | undefined => {
    if (!req.path.startsWith('/api/v0/')) return undefined;
    const path = req.path.slice('/api/v0'.length);
    if (path === '/blocks/latest') {
      return {
        json: {
          time: 1_763_000_900,
          height: view.tip,
          hash: 'f1'.repeat(32),
          slot: 140_000_900,
          epoch: 590,
          epoch_slot: 100,
        },
      };
    }
    const address = /^\/addresses\/([^/]+)\/transactions$/.exec(path)?.[1];
    if (address) {
      if (failing.has(address))
        return { status: 500, json: { status_code: 500, error: 'Internal Server Error', message: 'x' } };
      if (address !== OURS) return notFound;
      return {
        json: [...view.extra, TX_FAILED_SCRIPT, TX_TOKEN, TX_SMALL, TX_ADA]
          .filter((h) => (HEIGHTS[h] as number) <= view.tip && !rolledBack.has(h))
          .map((h) => ({
            tx_hash: h,
            tx_index: 2,
            block_height: HEIGHTS[h],
            block_time: 1_763_000_000,
          })),
      };
    }
    const utxos = /^\/txs\/([0-9a-f]{64})\/utxos$/.exec(path)?.[1];
    if (utxos) return UTXOS[utxos] && !rolledBack.has(utxos) ? { json: UTXOS[utxos] } : notFound;
    const tx = /^\/txs\/([0-9a-f]{64})$/.exec(path)?.[1];
    if (tx) return UTXOS[tx] && !rolledBack.has(tx) ? { json: txInfo(tx) } : notFound;
    return undefined;
  };
}

/** What the chain shows: its tip, and transfers listed beyond the adapter tests' four. */
const view = { tip: TIP, extra: [] as string[] };
let stub: StubServer;
const rolledBack = new Set<string>();
const failing = new Set<string>();
beforeAll(async () => {
  stub = await startStub(blockfrost(rolledBack, failing));
});
afterAll(() => stub.close());

const watcher = () =>
  new BlockfrostWatcher({
    network: 'ADA' as NetworkId,
    apiUrl: `${stub.url}/api/v0/`,
    projectId: 'mainnetTestProject',
    timeoutMs: 2_000,
  });

describe('BlockfrostWatcher (ADA)', () => {
  it('reads the tip from /blocks/latest with the project_id header', async () => {
    expect(await watcher().tipHeight()).toBe(TIP);
    const call = stub.requests.at(-1);
    expect(call?.path).toBe('/api/v0/blocks/latest');
    expect(call?.headers.project_id).toBe('mainnetTestProject');
  });

  it('one transfer per lovelace-only output to our address; token outputs and collateral are not credited', async () => {
    const { errors, sink } = errorSink();
    const { transfers } = await watcher().scan(new Set([OURS, UNUSED]), 0, TIP, sink);
    expect(errors).toEqual([]);
    expect(transfers).toEqual([
      {
        txHash: TX_SMALL,
        outputIndex: 0,
        toAddress: OURS,
        rawAmount: 1_000_000n,
        decimals: 6,
        blockHeight: TIP - 20,
      },
      {
        txHash: TX_ADA,
        outputIndex: 1,
        toAddress: OURS,
        rawAmount: 1_500_000_000n,
        decimals: 6,
        blockHeight: TIP - 30,
      },
    ]);
    const listing = stub.requests.find((r) => r.path === `/api/v0/addresses/${OURS}/transactions`);
    expect(Object.fromEntries(listing?.query ?? [])).toEqual({ order: 'desc', count: '50' });
  });

  it('one failing address is reported, the others still read', async () => {
    failing.add(OTHER);
    try {
      const { errors, sink } = errorSink();
      const { transfers } = await watcher().scan(new Set([OURS, OTHER]), 0, TIP, sink);
      expect(errors.map((e) => e.item)).toEqual([`address ${OTHER}`]);
      expect(transfers).toHaveLength(2);
    } finally {
      failing.clear();
    }
  });

  it('status: included at its block; missing when rolled back (404), a failed script, a token output or the wrong output', async () => {
    const w = watcher();
    expect(await w.status({ txHash: TX_ADA, outputIndex: 1, toAddress: OURS })).toEqual({
      state: 'included',
      blockHeight: TIP - 30,
    });
    expect(await w.status({ txHash: TX_ADA, outputIndex: 0, toAddress: OURS })).toEqual({ state: 'missing' });
    expect(await w.status({ txHash: TX_TOKEN, outputIndex: 0, toAddress: OURS })).toEqual({
      state: 'missing',
    });
    expect(await w.status({ txHash: TX_FAILED_SCRIPT, outputIndex: 0, toAddress: OURS })).toEqual({
      state: 'missing',
    });
    rolledBack.add(TX_ADA);
    try {
      expect(await w.status({ txHash: TX_ADA, outputIndex: 1, toAddress: OURS })).toEqual({
        state: 'missing',
      });
    } finally {
      rolledBack.clear();
    }
  });
});

describe('live mode end to end: Blockfrost stub -> watcher -> ledger (ADA on the pool)', () => {
  it('credited at 15 blocks deep and not before; below the minimum and token outputs not credited; a rolled-back transfer dropped', async () => {
    const t = await createTestApp({
      CHAIN_MODE: 'live',
      CHAIN_NETWORKS: 'ADA',
      ADDRESS_POOL_NETWORKS: 'ADA',
      BLOCKFROST_URL: `${stub.url}/api/v0`,
      BLOCKFROST_PROJECT_ID: 'mainnetTestProject',
    });
    try {
      await importPoolAddresses(t.ctx.db, 'ADA', `${OURS}\n`, { devnet: false, now: t.clock.now() });
      const alice = await signIn(t.app, 'ada_alice');
      expect(await depositAddress(t.app, alice, 'ADA')).toMatchObject({ address: OURS, confirmations: 15 });
      const loop = new ChainWatchLoop(t.ctx, servicesOf(t.ctx).deposits, silentLog);
      const byTx = async () =>
        Object.fromEntries(
          (await myDeposits(t.app, alice)).deposits.map((d) => [
            d.txHash as string,
            [d.status, d.amount, d.confirmations],
          ]),
        );
      view.tip = TIP - 25;
      await loop.tick();
      expect(await byTx()).toEqual({ [TX_ADA]: ['pending', '1500.00000000', 6] });
      view.tip = TIP - 17;
      await loop.tick();
      expect((await byTx())[TX_ADA]).toEqual(['pending', '1500.00000000', 14]);
      expect(await balance(t.ctx, alice.userId, 'ADA')).toEqual({ available: 0n, locked: 0n });
      view.tip = TIP - 16;
      await loop.tick();
      expect((await byTx())[TX_ADA]).toEqual(['credited', '1500.00000000', 15]);
      expect(await balance(t.ctx, alice.userId, 'ADA')).toEqual({ available: 150_000_000_000n, locked: 0n });

      view.tip = TIP;
      view.extra = [TX_ROLLED];
      await loop.tick();
      expect(await byTx()).toEqual({
        [TX_ADA]: ['credited', '1500.00000000', 15],
        // First seen at the tip TIP - 17, and never re-read: it will not be credited.
        [TX_SMALL]: ['below_minimum', '1.00000000', 4],
        [TX_ROLLED]: ['pending', '20.00000000', 3],
      });
      rolledBack.add(TX_ROLLED);
      for (let i = 0; i < DROP_AFTER_MISSING_CHECKS; i++) await loop.tick();
      expect((await byTx())[TX_ROLLED]?.[0]).toBe('dropped');
      expect(await balance(t.ctx, alice.userId, 'ADA')).toEqual({ available: 150_000_000_000n, locked: 0n });
      await expectLedgerSound(t.ctx);
    } finally {
      view.tip = TIP;
      view.extra = [];
      rolledBack.clear();
      await t.close();
    }
  });
});
