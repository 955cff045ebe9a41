import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import ganache from 'ganache';
import {
  type Address,
  createPublicClient,
  createWalletClient,
  encodeDeployData,
  getAddress,
  type Hash,
  http,
  parseEther,
} from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client.ts';
import { DEVNET_KEYS } from '../../src/modules/chains/chain-config.ts';
import { EvmWatcher, NATIVE_TRANSFER_INDEX } from '../../src/modules/chains/evm.ts';
import { AddressDeriver } from '../../src/modules/chains/keys.ts';
import { toPlatformUnits } from '../../src/modules/chains/units.ts';
import { ChainWatchLoop } from '../../src/modules/deposits/chain-watch-loop.ts';
import { balance, expectLedgerSound } from '../factories.ts';
import { createTestApp, servicesOf, signIn } from '../helpers.ts';
import { TEST_TOKEN_ABI, TEST_TOKEN_BYTECODE } from './fixtures/test-token.ts';
import { errorSink } from './stub-server.ts';
import { depositAddress, freshAccountXpub, myDeposits, silentLog } from './support.ts';

/**
 * The EVM adapter against a real local Ethereum node: ganache 7 in-process (it runs on
 * Node 20), reached over HTTP JSON-RPC exactly as a provider would be. Native ETH transfers
 * and a real ERC-20 contract's Transfer logs, then the whole live-mode credit path.
 */

type Server = ReturnType<typeof ganache.server>;
let server: Server;
let rpcUrl: string;
let funder: Address;
const ours = getAddress(AddressDeriver.fromText('ethereum', DEVNET_KEYS.ethereum, 'mainnet').addressAt(0));

const publicClient = () => createPublicClient({ transport: http(rpcUrl) });
const wallet = () => createWalletClient({ account: funder, transport: http(rpcUrl) });

async function mine(blocks: number) {
  for (let i = 0; i < blocks; i++)
    await publicClient().request({ method: 'evm_mine' as never, params: [] as never });
}

async function sendEth(to: Address, value: bigint): Promise<Hash> {
  const hash = await wallet().sendTransaction({ to, value, chain: null });
  await publicClient().waitForTransactionReceipt({ hash, pollingInterval: 50 });
  return hash;
}

async function deployToken(): Promise<Address> {
  const hash = await wallet().sendTransaction({
    data: encodeDeployData({ abi: TEST_TOKEN_ABI, bytecode: TEST_TOKEN_BYTECODE, args: [10n ** 15n] }),
    // Explicit gas: ganache's estimate for a deployment through viem's request comes out short.
    gas: 2_000_000n,
    chain: null,
  });
  const receipt = await publicClient().waitForTransactionReceipt({ hash, pollingInterval: 50 });
  if (receipt.status !== 'success' || !receipt.contractAddress) throw new Error('token not deployed');
  return receipt.contractAddress;
}

async function sendToken(token: Address, to: Address, value: bigint): Promise<Hash> {
  const hash = await wallet().writeContract({
    address: token,
    abi: TEST_TOKEN_ABI,
    functionName: 'transfer',
    args: [to, value],
    gas: 200_000n,
    chain: null,
  });
  const receipt = await publicClient().waitForTransactionReceipt({ hash, pollingInterval: 50 });
  if (receipt.status !== 'success') throw new Error('token transfer reverted');
  return hash;
}

beforeAll(async () => {
  const options = {
    logging: { quiet: true },
    chain: { chainId: 1337 },
    wallet: { totalAccounts: 1, defaultBalance: 1_000 },
  };
  // ganache's bundled typings resolve its option type to `undefined` under this compiler.
  server = ganache.server(options as never);
  await server.listen(0, '127.0.0.1');
  rpcUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const accounts = (await publicClient().request({ method: 'eth_accounts' as never })) as Address[];
  funder = accounts[0] as Address;
});
afterAll(() => server.close());

describe('EvmWatcher against a real local EVM node (ganache)', () => {
  it('native ETH: finds the value transfer to our address in its block, 18 decimals, index -1', async () => {
    const hash = await sendEth(ours, 1_234_567_891_234_567_891n);
    await sendEth(getAddress('0x000000000000000000000000000000000000dEaD'), 1n); // not ours
    await mine(3);
    const w = new EvmWatcher({ network: 'ETH', rpcUrl });
    const tip = await w.tipHeight();
    const { errors, sink } = errorSink();
    const { transfers, scannedTo } = await w.scan(new Set([ours]), 0, tip, sink);
    expect(errors).toEqual([]);
    expect(scannedTo).toBe(tip);
    const receipt = await publicClient().getTransactionReceipt({ hash });
    expect(transfers).toEqual([
      {
        txHash: hash,
        outputIndex: NATIVE_TRANSFER_INDEX,
        toAddress: ours,
        rawAmount: 1_234_567_891_234_567_891n,
        decimals: 18,
        blockHeight: Number(receipt.blockNumber),
      },
    ]);
    expect(toPlatformUnits(1_234_567_891_234_567_891n, 18)).toEqual({
      amount: 123_456_789n,
      remainder: 1_234_567_891n,
    });
    expect(await w.status({ txHash: hash, outputIndex: -1, toAddress: ours })).toEqual({
      state: 'included',
      blockHeight: Number(receipt.blockNumber),
    });
    expect(await w.status({ txHash: `0x${'ab'.repeat(32)}`, outputIndex: -1, toAddress: ours })).toEqual({
      state: 'missing',
    });
  });

  it("ERC-20: finds the contract's Transfer log to our address by log index, 6 decimals", async () => {
    const token = await deployToken();
    const hash = await sendToken(token, ours, 25_500_000n);
    await mine(2);
    const w = new EvmWatcher({ network: 'USDT-ERC20', rpcUrl, token: { contract: token, decimals: 6 } });
    const tip = await w.tipHeight();
    const { transfers } = await w.scan(new Set([ours]), 0, tip, errorSink().sink);
    const receipt = await publicClient().getTransactionReceipt({ hash });
    const log = receipt.logs[0];
    expect(transfers).toEqual([
      {
        txHash: hash,
        outputIndex: log?.logIndex,
        toAddress: ours,
        rawAmount: 25_500_000n,
        decimals: 6,
        blockHeight: Number(receipt.blockNumber),
      },
    ]);
    expect(toPlatformUnits(25_500_000n, 6).amount).toBe(2_550_000_000n);
    const ref = { txHash: hash, toAddress: ours };
    expect(await w.status({ ...ref, outputIndex: log?.logIndex as number })).toMatchObject({
      state: 'included',
    });
    expect(await w.status({ ...ref, outputIndex: 99 })).toEqual({ state: 'missing' });
    // A transfer of another token to the same address is not ours to count.
    const other = await deployToken();
    await sendToken(other, ours, 1_000_000n);
    const again = await w.scan(new Set([ours]), 0, await w.tipHeight(), errorSink().sink);
    expect(again.transfers.map((t) => t.txHash)).toEqual([hash]);
  });

  it("live mode end to end: ETH to a user's address is credited at 12 confirmations, rounded down", async () => {
    const t = await createTestApp({
      CHAIN_MODE: 'live',
      CHAIN_NETWORKS: 'ETH',
      ETH_XPUB: freshAccountXpub("m/44'/60'/0'"),
      ETH_RPC_URL: rpcUrl,
    });
    try {
      const alice = await signIn(t.app, 'ganache_alice');
      const loop = new ChainWatchLoop(t.ctx, servicesOf(t.ctx).deposits, silentLog);
      await loop.tick(); // the first pass marks where watching starts
      const { address } = await depositAddress(t.app, alice, 'ETH');
      await sendEth(getAddress(address), parseEther('0.5') + 7n);
      await loop.tick();
      expect((await myDeposits(t.app, alice)).deposits[0]).toMatchObject({
        status: 'pending',
        confirmations: 1,
      });
      await mine(10);
      await loop.tick();
      expect((await myDeposits(t.app, alice)).deposits[0]).toMatchObject({
        status: 'pending',
        confirmations: 11,
      });
      expect(await balance(t.ctx, alice.userId, 'ETH')).toEqual({ available: 0n, locked: 0n });
      await mine(1);
      await loop.tick();
      expect((await myDeposits(t.app, alice)).deposits[0]).toMatchObject({
        status: 'credited',
        confirmations: 12,
        amount: '0.50000000',
      });
      expect(await balance(t.ctx, alice.userId, 'ETH')).toEqual({ available: 50_000_000n, locked: 0n });
      // The 7 wei below 1e-8 ETH are recorded with the deposit, never credited.
      const [row] = await queryRows<{ raw: string; remainder: string }>(
        t.ctx.db,
        sql`SELECT raw_amount::text AS raw, remainder::text AS remainder FROM deposits`,
      );
      expect(row).toEqual({ raw: (parseEther('0.5') + 7n).toString(), remainder: '7' });
      await expectLedgerSound(t.ctx);
    } finally {
      await t.close();
    }
  });
});
