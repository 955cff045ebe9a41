import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EvmWatcher } from '../../src/modules/chains/evm.ts';
import { errorSink, type StubReply, type StubRequest, type StubServer, startStub } from './stub-server.ts';

/**
 * The EVM adapter against a local JSON-RPC server answering with Ethereum mainnet response
 * shapes (trimmed): eth_blockNumber, eth_getBlockByNumber with full transactions, eth_getLogs,
 * eth_getTransactionReceipt and eth_getTransactionByHash. Error paths a real node cannot be
 * made to show on demand (a block that fails to load, a node that hangs) are checked here.
 */

const OURS = '0x9858EfFD232B4033E47d90003D41EC34EcaEda94';
const USDT = '0xdAC17F958D2ee523a2206206994597C13D831ec7';
const SENDER = '0x28c6c06298d514db089934071355e5743bf21d60';
const TOPIC = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';
const ETH_TX = `0x${'1a'.repeat(32)}`;
const USDT_TX = `0x${'2b'.repeat(32)}`;
const BLOCK_HASH = `0x${'3c'.repeat(32)}`;
const hex = (n: bigint | number) => `0x${n.toString(16)}`;
const word = (h: string) => `0x${h.replace(/^0x/, '').toLowerCase().padStart(64, '0')}`;

function tx(hash: string, to: string | null, value: bigint, block: number | null) {
  return {
    blockHash: block === null ? null : BLOCK_HASH,
    blockNumber: block === null ? null : hex(block),
    from: SENDER,
    gas: '0x5208',
    gasPrice: '0x4a817c800',
    maxFeePerGas: '0x6fc23ac00',
    maxPriorityFeePerGas: '0x3b9aca00',
    hash,
    input: '0x',
    nonce: '0x1f',
    to,
    transactionIndex: block === null ? null : '0x3',
    value: hex(value),
    type: '0x2',
    accessList: [],
    chainId: '0x1',
    v: '0x1',
    r: word('1'),
    s: word('2'),
    yParity: '0x1',
  };
}

function block(n: number, transactions: unknown[]) {
  return {
    baseFeePerGas: '0x3b9aca00',
    difficulty: '0x0',
    extraData: '0x',
    gasLimit: '0x1c9c380',
    gasUsed: '0x5208',
    hash: BLOCK_HASH,
    logsBloom: `0x${'0'.repeat(512)}`,
    miner: '0x95222290dd7278aa3ddd389cc1e1d165cc4bafe5',
    mixHash: word('0'),
    nonce: '0x0000000000000000',
    number: hex(n),
    parentHash: word('ff'),
    receiptsRoot: word('aa'),
    sha3Uncles: word('bb'),
    size: '0x2d3',
    stateRoot: word('cc'),
    timestamp: '0x6734a0b3',
    totalDifficulty: '0xc70d815d562d3cfa955',
    transactions,
    transactionsRoot: word('dd'),
    uncles: [],
    withdrawals: [],
    withdrawalsRoot: word('ee'),
  };
}

const usdtLog = (logIndex: number, block: number) => ({
  address: USDT.toLowerCase(),
  topics: [TOPIC, word(SENDER), word(OURS)],
  data: word(hex(25_500_000)),
  blockNumber: hex(block),
  transactionHash: USDT_TX,
  transactionIndex: '0x7',
  blockHash: BLOCK_HASH,
  logIndex: hex(logIndex),
  removed: false,
});

const receipt = (hash: string, block: number, status: '0x1' | '0x0', logs: unknown[]) => ({
  blockHash: BLOCK_HASH,
  blockNumber: hex(block),
  contractAddress: null,
  cumulativeGasUsed: '0x1b4c1',
  effectiveGasPrice: '0x4a817c800',
  from: SENDER,
  gasUsed: '0x5208',
  logs,
  logsBloom: `0x${'0'.repeat(512)}`,
  status,
  to: OURS,
  transactionHash: hash,
  transactionIndex: '0x3',
  type: '0x2',
});

let stub: StubServer;
beforeAll(async () => {
  stub = await startStub(() => undefined);
});
afterAll(() => stub.close());

interface RpcCall {
  id: number;
  method: string;
  params: unknown[];
}

/** Answers JSON-RPC calls with `answer(method, params)`; a thrown string becomes an RPC error. */
function rpc(answer: (method: string, params: unknown[]) => unknown) {
  return (req: StubRequest): StubReply => {
    const call = req.body as RpcCall;
    try {
      return { json: { jsonrpc: '2.0', id: call.id, result: answer(call.method, call.params) } };
    } catch (error) {
      return { json: { jsonrpc: '2.0', id: call.id, error: { code: -32000, message: String(error) } } };
    }
  };
}

function mainnet(failBlock?: number) {
  return rpc((method, params) => {
    switch (method) {
      case 'eth_blockNumber':
        return hex(21_000_010);
      case 'eth_getBlockByNumber': {
        const n = Number(params[0]);
        if (n === failBlock) throw 'header not found';
        const txs =
          n === 21_000_002
            ? [
                tx(`0x${'99'.repeat(32)}`, SENDER, 5n, n),
                tx(ETH_TX, OURS.toLowerCase(), 10n ** 18n, n),
                tx(`0x${'98'.repeat(32)}`, null, 0n, n),
              ]
            : [];
        return block(n, txs);
      }
      case 'eth_getLogs':
        return [usdtLog(41, 21_000_005)];
      case 'eth_getTransactionReceipt': {
        const [hash] = params as string[];
        if (hash === ETH_TX) return receipt(ETH_TX, 21_000_002, '0x1', []);
        if (hash === USDT_TX) return receipt(USDT_TX, 21_000_005, '0x1', [usdtLog(41, 21_000_005)]);
        if (hash === `0x${'77'.repeat(32)}`) return receipt(hash, 21_000_006, '0x0', []);
        return null;
      }
      case 'eth_getTransactionByHash': {
        const [hash] = params as string[];
        return hash === `0x${'55'.repeat(32)}` ? tx(hash, OURS, 1n, null) : null;
      }
      default:
        throw `method ${method} not stubbed`;
    }
  });
}

describe('EvmWatcher against Ethereum JSON-RPC shapes', () => {
  it('native: scans blocks for value transfers whose to is ours (case-insensitive), up to the tip', async () => {
    stub.handle(mainnet());
    const w = new EvmWatcher({ network: 'ETH', rpcUrl: stub.url });
    expect(await w.tipHeight()).toBe(21_000_010);
    const { transfers, scannedTo } = await w.scan(new Set([OURS]), 21_000_001, 21_000_004, errorSink().sink);
    expect(scannedTo).toBe(21_000_004);
    expect(transfers).toEqual([
      {
        txHash: ETH_TX,
        outputIndex: -1,
        toAddress: OURS,
        rawAmount: 10n ** 18n,
        decimals: 18,
        blockHeight: 21_000_002,
      },
    ]);
  });

  it('native: stops at a block it cannot read, so the next tick resumes there', async () => {
    stub.handle(mainnet(21_000_003));
    const { errors, sink } = errorSink();
    const { transfers, scannedTo } = await new EvmWatcher({ network: 'ETH', rpcUrl: stub.url }).scan(
      new Set([OURS]),
      21_000_001,
      21_000_010,
      sink,
    );
    expect(scannedTo).toBe(21_000_002);
    expect(errors.map((e) => e.item)).toEqual(['block 21000003']);
    expect(transfers).toHaveLength(1);
  });

  it('token: eth_getLogs for the contract with our addresses in the to topic, keyed by log index', async () => {
    stub.handle(mainnet());
    const w = new EvmWatcher({
      network: 'USDT-ERC20',
      rpcUrl: stub.url,
      token: { contract: USDT, decimals: 6 },
    });
    const { transfers, scannedTo } = await w.scan(new Set([OURS]), 21_000_000, 21_000_010, errorSink().sink);
    expect(scannedTo).toBe(21_000_010);
    expect(transfers).toEqual([
      {
        txHash: USDT_TX,
        outputIndex: 41,
        toAddress: OURS,
        rawAmount: 25_500_000n,
        decimals: 6,
        blockHeight: 21_000_005,
      },
    ]);
    const call = stub.requests.map((r) => r.body as RpcCall).find((c) => c.method === 'eth_getLogs');
    expect(call?.params[0]).toMatchObject({
      address: USDT,
      fromBlock: hex(21_000_000),
      toBlock: hex(21_000_010),
      topics: [TOPIC, null, [word(OURS)]],
    });
  });

  it('status: included, pending (unconfirmed), reverted or unknown (missing), wrong log (missing)', async () => {
    stub.handle(mainnet());
    const eth = new EvmWatcher({ network: 'ETH', rpcUrl: stub.url });
    const usdt = new EvmWatcher({
      network: 'USDT-ERC20',
      rpcUrl: stub.url,
      token: { contract: USDT, decimals: 6 },
    });
    const ref = (txHash: string, outputIndex = -1) => ({ txHash, outputIndex, toAddress: OURS });
    expect(await eth.status(ref(ETH_TX))).toEqual({ state: 'included', blockHeight: 21_000_002 });
    expect(await eth.status(ref(`0x${'55'.repeat(32)}`))).toEqual({ state: 'unconfirmed' });
    expect(await eth.status(ref(`0x${'77'.repeat(32)}`))).toEqual({ state: 'missing' });
    expect(await eth.status(ref(`0x${'66'.repeat(32)}`))).toEqual({ state: 'missing' });
    expect(await usdt.status(ref(USDT_TX, 41))).toEqual({ state: 'included', blockHeight: 21_000_005 });
    expect(await usdt.status(ref(USDT_TX, 40))).toEqual({ state: 'missing' });
  });

  it('a node that does not answer fails within the timeout', async () => {
    stub.handle(() => 'hang');
    const started = Date.now();
    await expect(
      new EvmWatcher({ network: 'ETH', rpcUrl: stub.url, timeoutMs: 300 }).tipHeight(),
    ).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(3_000);
  });
});
