import { ed25519 } from '@noble/curves/ed25519.js';
import type { NetworkId } from '@p2p/shared';
import { base58 } from '@scure/base';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SolanaWatcher } from '../../src/modules/chains/solana.ts';
import { importPoolAddresses } from '../../src/modules/deposits/address-pool.service.ts';
import { ChainWatchLoop } from '../../src/modules/deposits/chain-watch-loop.ts';
import { DROP_AFTER_MISSING_CHECKS } from '../../src/modules/deposits/deposits.service.ts';
import { balance, expectLedgerSound } from '../factories.ts';
import { createTestApp, servicesOf, signIn } from '../helpers.ts';
import { errorSink, type StubReply, type StubRequest, type StubServer, startStub } from './stub-server.ts';
import { depositAddress, myDeposits, silentLog } from './support.ts';

/**
 * The Solana adapter against a local server answering Solana's JSON-RPC with the real shapes
 * (trimmed samples of `getSlot`, `getSignaturesForAddress`, `getTokenAccountsByOwner`,
 * `getTransaction` jsonParsed and `getSignatureStatuses`).
 */

const USDT_MINT = 'Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB';
const OTHER_MINT = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
/** A wallet address (an ed25519 public key), as the operator's wallet would export it. */
const OURS = base58.encode(ed25519.getPublicKey(new Uint8Array(32).fill(7)));
const OURS_TOKEN_ACCOUNT = '7UX2i7SucgLMQcfZ75s3VXmZZY4YRUyJN9X1RgfMoDUi';
const SENDER = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM';
const SENDER_TOKEN_ACCOUNT = '3emsAVdmGKERbHjmGfQ6oZ1e35dkf5iYcS6U4CPKFVaa';
const SYSTEM = '11111111111111111111111111111111';
const TOKEN_PROGRAM = 'TokenkegQfeZyiNwAJbNbGGPBxbmVRXSfFzTvUHwkC7m';
const TIP = 312_400_123;

const sig = (n: number) => `${n}`.padStart(2, '0').repeat(44).slice(0, 88);
const SOL_OK = sig(11);
const SOL_SMALL = sig(12);
const SOL_FAILED = sig(13);
const SOL_SWEEP = sig(14);
const SOL_GHOST = sig(15);
const USDT_OK = sig(21);
const USDT_OTHER_MINT = sig(22);

const key = (pubkey: string, signer = false, writable = true) => ({
  pubkey,
  signer,
  writable,
  source: 'transaction',
});

/** A system transfer of `lamports` from SENDER to OURS, as getTransaction jsonParsed shows it. */
function solTransfer(signature: string, slot: number, lamports: number, err: unknown = null, sweep = false) {
  const [from, to] = sweep ? [OURS, SENDER] : [SENDER, OURS];
  const fee = 5_000;
  return {
    blockTime: 1_763_000_000,
    slot,
    version: 0,
    meta: {
      computeUnitsConsumed: 150,
      err,
      fee,
      innerInstructions: [],
      logMessages: [`Program ${SYSTEM} invoke [1]`, `Program ${SYSTEM} success`],
      preBalances: [9_000_000_000, 1_000_000, 1],
      postBalances: err
        ? [9_000_000_000 - fee, 1_000_000, 1]
        : sweep
          ? [9_000_000_000 - fee + lamports, 1_000_000 - lamports, 1]
          : [9_000_000_000 - fee - lamports, 1_000_000 + lamports, 1],
      preTokenBalances: [],
      postTokenBalances: [],
      rewards: [],
      status: err ? { Err: err } : { Ok: null },
    },
    transaction: {
      signatures: [signature],
      message: {
        accountKeys: [key(SENDER, !sweep), key(OURS, sweep), key(SYSTEM, false, false)],
        instructions: [
          {
            parsed: { info: { destination: to, lamports, source: from }, type: 'transfer' },
            program: 'system',
            programId: SYSTEM,
            stackHeight: null,
          },
        ],
        recentBlockhash: 'EkSnNWid2cvwEVnVx9aBqawnmiCNiDgp3gUdkDPTKN1N',
      },
    },
  };
}

/** An SPL `transferChecked` of `amount` (6 decimals) from SENDER's token account to OURS'. */
function tokenTransfer(signature: string, slot: number, amount: bigint, mint: string) {
  const balance = (accountIndex: number, owner: string, value: bigint) => ({
    accountIndex,
    mint,
    owner,
    programId: TOKEN_PROGRAM,
    uiTokenAmount: {
      amount: value.toString(),
      decimals: 6,
      uiAmount: Number(value) / 1e6,
      uiAmountString: (Number(value) / 1e6).toString(),
    },
  });
  return {
    blockTime: 1_763_000_100,
    slot,
    version: 'legacy',
    meta: {
      err: null,
      fee: 5_000,
      innerInstructions: [],
      preBalances: [5_000_000_000, 2_039_280, 2_039_280, 934_087_680],
      postBalances: [4_999_995_000, 2_039_280, 2_039_280, 934_087_680],
      preTokenBalances: [balance(1, SENDER, 900_000_000n), balance(2, OURS, 1_000_000n)],
      postTokenBalances: [balance(1, SENDER, 900_000_000n - amount), balance(2, OURS, 1_000_000n + amount)],
      rewards: [],
      status: { Ok: null },
    },
    transaction: {
      signatures: [signature],
      message: {
        accountKeys: [
          key(SENDER, true),
          key(SENDER_TOKEN_ACCOUNT),
          key(OURS_TOKEN_ACCOUNT),
          key(TOKEN_PROGRAM, false, false),
        ],
        instructions: [
          {
            parsed: {
              info: {
                authority: SENDER,
                destination: OURS_TOKEN_ACCOUNT,
                mint,
                source: SENDER_TOKEN_ACCOUNT,
                tokenAmount: { amount: amount.toString(), decimals: 6 },
              },
              type: 'transferChecked',
            },
            program: 'spl-token',
            programId: TOKEN_PROGRAM,
            stackHeight: null,
          },
        ],
        recentBlockhash: 'EkSnNWid2cvwEVnVx9aBqawnmiCNiDgp3gUdkDPTKN1N',
      },
    },
  };
}

const TXS: Record<string, unknown> = {
  [SOL_OK]: solTransfer(SOL_OK, TIP - 40, 1_500_000_001),
  [SOL_SMALL]: solTransfer(SOL_SMALL, TIP - 30, 50_000_000),
  [SOL_FAILED]: solTransfer(SOL_FAILED, TIP - 20, 2_000_000_000, { InstructionError: [0, { Custom: 1 }] }),
  [SOL_SWEEP]: solTransfer(SOL_SWEEP, TIP - 10, 500_000_000, null, true),
  [SOL_GHOST]: solTransfer(SOL_GHOST, TIP - 25, 300_000_000),
  [USDT_OK]: tokenTransfer(USDT_OK, TIP - 50, 25_000_000n, USDT_MINT),
  [USDT_OTHER_MINT]: tokenTransfer(USDT_OTHER_MINT, TIP - 45, 99_000_000n, OTHER_MINT),
};

const sigInfo = (signature: string, err: unknown = null) => ({
  blockTime: 1_763_000_000,
  confirmationStatus: 'finalized',
  err,
  memo: null,
  signature,
  slot: (TXS[signature] as { slot: number }).slot,
});

interface Chain {
  /** Signatures the node no longer knows. */
  forgotten: Set<string>;
  failing: Set<string>;
  /** Listed for the address and readable, yet unknown to getSignatureStatuses (a lagging node behind a balancer). */
  ghosts: Set<string>;
}

function solanaRpc(chain: Chain) {
  return (req: StubRequest): StubReply | undefined => {
    const { id, method, params } = req.body as { id: number; method: string; params: unknown[] };
    const ok = (result: unknown): StubReply => ({ json: { jsonrpc: '2.0', result, id } });
    const context = { apiVersion: '2.1.21', slot: TIP + 32 };
    switch (method) {
      case 'getSlot':
        return ok(TIP);
      case 'getSignaturesForAddress': {
        const address = params[0] as string;
        if (chain.failing.has(address))
          return { json: { jsonrpc: '2.0', error: { code: -32005, message: 'Node is behind' }, id } };
        if (address === OURS)
          return ok([
            ...[...chain.ghosts].map((g) => sigInfo(g)),
            sigInfo(SOL_SWEEP),
            sigInfo(SOL_FAILED, { InstructionError: [0, { Custom: 1 }] }),
            sigInfo(SOL_SMALL),
            sigInfo(SOL_OK),
          ]);
        if (address === OURS_TOKEN_ACCOUNT) return ok([sigInfo(USDT_OTHER_MINT), sigInfo(USDT_OK)]);
        return ok([]);
      }
      case 'getTokenAccountsByOwner': {
        const owner = params[0] as string;
        const accounts =
          owner === OURS
            ? [
                {
                  pubkey: OURS_TOKEN_ACCOUNT,
                  account: {
                    data: {
                      parsed: {
                        info: {
                          isNative: false,
                          mint: USDT_MINT,
                          owner: OURS,
                          state: 'initialized',
                          tokenAmount: { amount: '26000000', decimals: 6 },
                        },
                        type: 'account',
                      },
                      program: 'spl-token',
                      space: 165,
                    },
                    executable: false,
                    lamports: 2_039_280,
                    owner: TOKEN_PROGRAM,
                    rentEpoch: 0,
                    space: 165,
                  },
                },
              ]
            : [];
        return ok({ context, value: accounts });
      }
      case 'getTransaction': {
        const signature = params[0] as string;
        return ok(chain.forgotten.has(signature) ? null : (TXS[signature] ?? null));
      }
      case 'getSignatureStatuses': {
        const [signatures] = params as [string[]];
        return ok({
          context,
          value: signatures.map((s) => {
            const tx = TXS[s] as { slot: number; meta: { err: unknown } } | undefined;
            if (!tx || chain.forgotten.has(s) || chain.ghosts.has(s)) return null;
            return {
              confirmationStatus: 'finalized',
              confirmations: null,
              err: tx.meta.err,
              slot: tx.slot,
              status: tx.meta.err ? { Err: tx.meta.err } : { Ok: null },
            };
          }),
        });
      }
    }
    return { json: { jsonrpc: '2.0', error: { code: -32601, message: 'Method not found' }, id } };
  };
}

let stub: StubServer;
let chain: Chain;
beforeAll(async () => {
  chain = { forgotten: new Set(), failing: new Set(), ghosts: new Set() };
  stub = await startStub(solanaRpc(chain));
});
afterAll(() => stub.close());

const SOL = 'SOL' as NetworkId;
const USDT_SPL = 'USDT-SPL' as NetworkId;
const solWatcher = () => new SolanaWatcher({ network: SOL, rpcUrl: stub.url, timeoutMs: 2_000 });
const usdtWatcher = () =>
  new SolanaWatcher({
    network: USDT_SPL,
    rpcUrl: stub.url,
    token: { mint: USDT_MINT, decimals: 6 },
    timeoutMs: 2_000,
  });

describe('SolanaWatcher (SOL, JSON-RPC at finalized)', () => {
  it('the tip is the finalized slot', async () => {
    expect(await solWatcher().tipHeight()).toBe(TIP);
    const call = stub.requests.at(-1)?.body as { method: string; params: unknown[] };
    expect(call).toMatchObject({ method: 'getSlot', params: [{ commitment: 'finalized' }] });
  });

  it("credits the rise of our account's lamports; a failed transaction and a sweep out are no deposit", async () => {
    const { errors, sink } = errorSink();
    const { transfers, scannedTo } = await solWatcher().scan(new Set([OURS]), 0, TIP, sink);
    expect(errors).toEqual([]);
    expect(scannedTo).toBe(TIP);
    expect(transfers).toEqual([
      {
        txHash: SOL_SMALL,
        outputIndex: 1,
        toAddress: OURS,
        rawAmount: 50_000_000n,
        decimals: 9,
        blockHeight: TIP - 30,
      },
      {
        txHash: SOL_OK,
        outputIndex: 1,
        toAddress: OURS,
        rawAmount: 1_500_000_001n,
        decimals: 9,
        blockHeight: TIP - 40,
      },
    ]);
    const listing = stub.requests
      .map((r) => r.body as { method: string; params: unknown[] })
      .find((b) => b.method === 'getSignaturesForAddress');
    expect(listing?.params).toEqual([OURS, { commitment: 'finalized', limit: 50 }]);
    const read = stub.requests
      .map((r) => r.body as { method: string; params: unknown[] })
      .find((b) => b.method === 'getTransaction');
    expect(read?.params[1]).toEqual({
      commitment: 'finalized',
      maxSupportedTransactionVersion: 0,
      encoding: 'jsonParsed',
    });
    // The failed transaction's listing carries its error: it is not even read.
    expect(stub.requests.some((r) => (r.body as { params: unknown[] }).params?.[0] === SOL_FAILED)).toBe(
      false,
    );
  });

  it('one address whose listing fails is reported; the others are still read', async () => {
    chain.failing.add(SENDER);
    try {
      const { errors, sink } = errorSink();
      const { transfers } = await solWatcher().scan(new Set([OURS, SENDER]), 0, TIP, sink);
      expect(errors.map((e) => e.item)).toEqual([`address ${SENDER}`]);
      expect(String(errors[0]?.error)).toContain('Node is behind');
      expect(transfers).toHaveLength(2);
    } finally {
      chain.failing.clear();
    }
  });

  it('status: included at its slot; missing when failed, not paying us, or unknown to the node', async () => {
    const w = solWatcher();
    const ref = { toAddress: OURS, outputIndex: 1 };
    expect(await w.status({ ...ref, txHash: SOL_OK })).toEqual({ state: 'included', blockHeight: TIP - 40 });
    expect(await w.status({ ...ref, txHash: SOL_FAILED })).toEqual({ state: 'missing' });
    expect(await w.status({ ...ref, txHash: SOL_SWEEP })).toEqual({ state: 'missing' });
    expect(await w.status({ ...ref, outputIndex: 0, txHash: SOL_OK })).toEqual({ state: 'missing' });
    chain.forgotten.add(SOL_OK);
    try {
      expect(await w.status({ ...ref, txHash: SOL_OK })).toEqual({ state: 'missing' });
    } finally {
      chain.forgotten.clear();
    }
  });
});

describe('SolanaWatcher (USDT-SPL)', () => {
  it("reads the owner's token accounts of the mint and credits their rise; another mint is ignored", async () => {
    const { errors, sink } = errorSink();
    const { transfers } = await usdtWatcher().scan(new Set([OURS]), 0, TIP, sink);
    expect(errors).toEqual([]);
    expect(transfers).toEqual([
      {
        txHash: USDT_OK,
        outputIndex: 2,
        toAddress: OURS,
        rawAmount: 25_000_000n,
        decimals: 6,
        blockHeight: TIP - 50,
      },
    ]);
    const byOwner = stub.requests
      .map((r) => r.body as { method: string; params: unknown[] })
      .find((b) => b.method === 'getTokenAccountsByOwner');
    expect(byOwner?.params).toEqual([
      OURS,
      { mint: USDT_MINT },
      { commitment: 'finalized', encoding: 'jsonParsed' },
    ]);
  });

  it('status of a token transfer: included at its slot, missing for another mint', async () => {
    const w = usdtWatcher();
    expect(await w.status({ txHash: USDT_OK, outputIndex: 2, toAddress: OURS })).toEqual({
      state: 'included',
      blockHeight: TIP - 50,
    });
    expect(await w.status({ txHash: USDT_OTHER_MINT, outputIndex: 2, toAddress: OURS })).toEqual({
      state: 'missing',
    });
  });
});

describe('live mode end to end: Solana JSON-RPC stub -> watcher -> ledger', () => {
  it('a pool address is watched: finalized SOL and USDT are credited at once, below the minimum recorded, a transfer the node forgets dropped', async () => {
    const t = await createTestApp({
      CHAIN_MODE: 'live',
      CHAIN_NETWORKS: 'SOL,USDT-SPL',
      SOLANA_RPC_URL: stub.url,
      USDT_SPL_MINT: USDT_MINT,
    });
    try {
      expect(await importPoolAddresses(t.ctx.db, 'SOL', OURS, { devnet: false, now: t.clock.now() })).toEqual(
        {
          imported: 1,
          duplicates: 0,
          invalid: [],
        },
      );
      const alice = await signIn(t.app, 'sol_alice');
      const sol = await depositAddress(t.app, alice, 'SOL');
      expect(sol).toMatchObject({ address: OURS, confirmations: 1, minimum: '0.1' });
      expect((await depositAddress(t.app, alice, 'USDT-SPL')).address).toBe(OURS);
      const loop = new ChainWatchLoop(t.ctx, servicesOf(t.ctx).deposits, silentLog);
      chain.ghosts.add(SOL_GHOST);
      await loop.tick();
      const byTx = async () =>
        Object.fromEntries(
          (await myDeposits(t.app, alice)).deposits.map((d) => [
            d.txHash as string,
            [d.status, d.amount, d.confirmations],
          ]),
        );
      expect(await byTx()).toEqual({
        // 1.500000001 SOL: the last lamport is below 1e-8, kept as the remainder, never credited.
        [SOL_OK]: ['credited', '1.50000000', 41],
        [SOL_SMALL]: ['below_minimum', '0.05000000', 31],
        [SOL_GHOST]: ['pending', '0.30000000', 26],
        [USDT_OK]: ['credited', '25.00000000', 51],
      });
      expect(await balance(t.ctx, alice.userId, 'SOL')).toEqual({ available: 150_000_000n, locked: 0n });
      expect(await balance(t.ctx, alice.userId, 'USDT')).toEqual({ available: 2_500_000_000n, locked: 0n });
      for (let i = 1; i < DROP_AFTER_MISSING_CHECKS; i++) await loop.tick();
      expect((await byTx())[SOL_GHOST]?.[0]).toBe('dropped');
      expect(await balance(t.ctx, alice.userId, 'SOL')).toEqual({ available: 150_000_000n, locked: 0n });
      await expectLedgerSound(t.ctx);
    } finally {
      chain.ghosts.clear();
      await t.close();
    }
  });
});
