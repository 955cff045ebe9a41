import type { NetworkId } from '@p2p/shared';
import { fetchJson, OUTSIDE_CALL_TIMEOUT_MS, scanEachAddress } from './http.ts';
import type {
  ChainWatcher,
  ObservedTransfer,
  ScanErrorSink,
  ScanResult,
  TransferRef,
  TransferState,
} from './watcher.ts';

/** Lamports per SOL: 10^9. */
export const SOL_DECIMALS = 9;
/** Signatures read per address and tick (the newest first). */
const SIGNATURES_PER_ADDRESS = 50;
/** Resolved transactions kept per instance (a finalized transaction never changes). */
const CACHE_LIMIT = 10_000;
const FINALIZED = { commitment: 'finalized' } as const;

interface SignatureInfo {
  signature: string;
  slot: number;
  err: unknown;
  confirmationStatus?: 'processed' | 'confirmed' | 'finalized' | null;
}

interface TokenBalance {
  accountIndex: number;
  mint: string;
  owner?: string;
  uiTokenAmount: { amount: string; decimals: number };
}

/** The parts of `getTransaction(…, {encoding: 'jsonParsed'})` the watcher reads. */
interface SolanaTx {
  slot: number;
  meta: {
    err: unknown;
    preBalances: number[];
    postBalances: number[];
    preTokenBalances?: TokenBalance[] | null;
    postTokenBalances?: TokenBalance[] | null;
  } | null;
  transaction: {
    signatures: string[];
    message: { accountKeys: ({ pubkey: string } | string)[] };
  };
}

interface TokenAccount {
  pubkey: string;
}

export interface SolanaWatcherOptions {
  network: NetworkId;
  rpcUrl: string;
  /** An SPL token (USDT: mint Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB, 6 decimals); none for SOL. */
  token?: { mint: string; decimals: number } | undefined;
  timeoutMs?: number;
}

class RpcError extends Error {}

/**
 * SOL and SPL tokens through Solana's JSON-RPC (docs/decisions/032-address-pool-solana-cardano.md),
 * at `finalized` commitment only: a transfer is recorded once its slot is finalized, so one
 * confirmation credits it. Heights are slots. Address-indexed: each scan lists every deposit
 * address's newest signatures (`getSignaturesForAddress`; for a token, those of the owner's
 * token accounts of the mint, found with `getTokenAccountsByOwner`), then reads each
 * transaction (`getTransaction`, jsonParsed).
 *
 * - SOL: the rise of our account's balance (`postBalances − preBalances`), which counts a
 *   plain system transfer and one made by a program alike; a fall (a sweep) is no deposit.
 * - Token: the rise of a token account of the configured mint whose owner is our address
 *   (`postTokenBalances − preTokenBalances`); other mints are ignored.
 * - A failed transaction (`meta.err`) moves no value and is not a deposit.
 * - `outputIndex` is the index of the credited account in the transaction's account keys, so
 *   one transaction paying two of our users gives two deposits.
 */
export class SolanaWatcher implements ChainWatcher {
  readonly network: NetworkId;
  private readonly url: string;
  private readonly resolved = new Map<string, SolanaTx>();
  private nextId = 1;

  constructor(private readonly options: SolanaWatcherOptions) {
    this.network = options.network;
    this.url = options.rpcUrl;
  }

  private async rpc<T>(method: string, params: unknown[]): Promise<T> {
    const answer = await fetchJson<{ result?: T; error?: { code: number; message: string } }>(
      this.url,
      { method: 'POST', body: { jsonrpc: '2.0', id: this.nextId++, method, params } },
      this.options.timeoutMs ?? OUTSIDE_CALL_TIMEOUT_MS,
    );
    if (answer.error) throw new RpcError(`${method}: ${answer.error.code} ${answer.error.message}`);
    return answer.result as T;
  }

  async tipHeight(): Promise<number> {
    const slot = await this.rpc<number>('getSlot', [FINALIZED]);
    if (!Number.isSafeInteger(slot) || slot < 0) throw new Error(`bad finalized slot: ${String(slot)}`);
    return slot;
  }

  async scan(
    addresses: ReadonlySet<string>,
    _from: number,
    toHeight: number,
    onError: ScanErrorSink,
  ): Promise<ScanResult> {
    const scanned = await scanEachAddress(addresses, toHeight, onError, async (address, into) => {
      for (const watched of await this.watchedAccounts(address)) {
        const signatures = await this.rpc<SignatureInfo[]>('getSignaturesForAddress', [
          watched,
          { ...FINALIZED, limit: SIGNATURES_PER_ADDRESS },
        ]);
        for (const sig of signatures) {
          if (sig.err !== null && sig.err !== undefined) continue;
          const tx = await this.transaction(sig.signature);
          if (tx) into.push(...this.transfersIn(sig.signature, tx, address));
        }
      }
    });
    // A transaction paying both a token account and its owner is listed under each.
    const unique = new Map(scanned.transfers.map((t) => [`${t.txHash}:${t.outputIndex}`, t]));
    return { ...scanned, transfers: [...unique.values()] };
  }

  /**
   * Dropped at `finalized` (docs/decisions/032): a finalized transaction is never rolled back,
   * so a recorded deposit is `missing` only when the node no longer knows its signature
   * (`getSignatureStatuses` with history answers null), or when it no longer pays us; three
   * such checks in a row drop it, as on every chain.
   */
  async status(ref: TransferRef): Promise<TransferState> {
    const statuses = await this.rpc<{ value: (SignatureInfo | null)[] }>('getSignatureStatuses', [
      [ref.txHash],
      { searchTransactionHistory: true },
    ]);
    const status = statuses.value[0] ?? null;
    if (!status) return { state: 'missing' };
    if (status.err !== null && status.err !== undefined) return { state: 'missing' };
    if (status.confirmationStatus !== 'finalized') return { state: 'unconfirmed' };
    const tx = await this.transaction(ref.txHash, false);
    if (!tx) return { state: 'unconfirmed' };
    const found = this.transfersIn(ref.txHash, tx, ref.toAddress).some(
      (t) => t.outputIndex === ref.outputIndex,
    );
    return found ? { state: 'included', blockHeight: tx.slot } : { state: 'missing' };
  }

  /** The address itself for SOL; the owner's token accounts of the mint for a token. */
  private async watchedAccounts(address: string): Promise<string[]> {
    const { token } = this.options;
    if (!token) return [address];
    const accounts = await this.rpc<{ value: TokenAccount[] }>('getTokenAccountsByOwner', [
      address,
      { mint: token.mint },
      { ...FINALIZED, encoding: 'jsonParsed' },
    ]);
    return accounts.value.map((a) => a.pubkey);
  }

  /** The finalized transaction, or null while the node has none. */
  private async transaction(signature: string, useCache = true): Promise<SolanaTx | null> {
    const cached = useCache ? this.resolved.get(signature) : undefined;
    if (cached) return cached;
    const tx = await this.rpc<SolanaTx | null>('getTransaction', [
      signature,
      { ...FINALIZED, maxSupportedTransactionVersion: 0, encoding: 'jsonParsed' },
    ]);
    if (!tx?.meta || !Number.isSafeInteger(tx.slot)) return null;
    if (this.resolved.size >= CACHE_LIMIT) this.resolved.clear();
    this.resolved.set(signature, tx);
    return tx;
  }

  private transfersIn(signature: string, tx: SolanaTx, address: string): ObservedTransfer[] {
    const meta = tx.meta;
    if (!meta || (meta.err !== null && meta.err !== undefined)) return [];
    const { token } = this.options;
    const at = (index: number, raw: bigint, decimals: number): ObservedTransfer => ({
      txHash: signature,
      outputIndex: index,
      toAddress: address,
      rawAmount: raw,
      decimals,
      blockHeight: tx.slot,
    });
    if (!token) {
      const keys = tx.transaction.message.accountKeys.map((k) => (typeof k === 'string' ? k : k.pubkey));
      const index = keys.indexOf(address);
      if (index < 0) return [];
      const before = meta.preBalances[index];
      const after = meta.postBalances[index];
      if (!Number.isSafeInteger(before) || !Number.isSafeInteger(after)) return [];
      const rise = BigInt(after as number) - BigInt(before as number);
      return rise > 0n ? [at(index, rise, SOL_DECIMALS)] : [];
    }
    const out: ObservedTransfer[] = [];
    for (const post of meta.postTokenBalances ?? []) {
      if (post.mint !== token.mint || post.owner !== address) continue;
      const pre = (meta.preTokenBalances ?? []).find(
        (b) => b.accountIndex === post.accountIndex && b.mint === token.mint,
      );
      const rise = units(post.uiTokenAmount.amount) - (pre ? units(pre.uiTokenAmount.amount) : 0n);
      if (rise > 0n) out.push(at(post.accountIndex, rise, token.decimals));
    }
    return out;
  }
}

function units(text: string): bigint {
  if (!/^\d{1,30}$/.test(text)) throw new Error(`bad token amount: ${text.slice(0, 40)}`);
  return BigInt(text);
}
