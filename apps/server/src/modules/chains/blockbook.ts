import type { NetworkId } from '@p2p/shared';
import { HDKey } from '@scure/bip32';
import { eachLimited, fetchJson, HttpStatusError, OUTSIDE_CALL_TIMEOUT_MS } from './http.ts';
import { parseAccountKey } from './keys.ts';
import type {
  ChainWatcher,
  ObservedTransfer,
  ScanErrorSink,
  ScanResult,
  TransferRef,
  TransferState,
} from './watcher.ts';

/** The parts of a Blockbook transaction (`/api/v2/xpub`, `/api/v2/address`, `/api/v2/tx`) read here. */
export interface BlockbookTx {
  txid: string;
  /** The block's height; -1 (or 0) while in the mempool. */
  blockHeight: number;
  confirmations: number;
  vout: { value: string; n: number; addresses?: string[]; isAddress?: boolean }[];
}

interface BlockbookPage {
  page?: number;
  totalPages?: number;
  transactions?: BlockbookTx[];
  /** With `tokens=derived`: every address Blockbook derived from the xpub (to its gap). */
  tokens?: { name: string; path?: string }[];
}

interface BlockbookStatus {
  blockbook: { bestHeight: number };
}

/** Transactions per page (Blockbook's maximum is 1000) and pages read per scan. */
const PAGE_SIZE = 1000;
const MAX_PAGES = 20;
/** Addresses beyond the xpub's gap read in parallel per scan. */
const CONCURRENCY = 4;

/** Dogecoin's BIP32 version bytes, the form a Dogecoin Blockbook reads xpubs in (`xpub_magic`). */
const DGUB = { public: 0x02facafd, private: 0x02fac398 };

/** The Dogecoin account key in the `dgub…` form, whichever form it was configured in. */
export function dogecoinBlockbookKey(text: string): string {
  const key = parseAccountKey('dogecoin', text, 'mainnet');
  const { publicKey, chainCode, depth, index, parentFingerprint } = key;
  if (!publicKey || !chainCode) throw new Error('account key without public key or chain code');
  return new HDKey({ versions: DGUB, publicKey, chainCode, depth, index, parentFingerprint })
    .publicExtendedKey;
}

/**
 * Dogecoin through a Blockbook REST API (trezor/blockbook docs/api.md; Trezor runs one per coin).
 * One call per scan reads every transaction of the account xpub since the scan mark
 * (`/api/v2/xpub/<xpub>?details=txs&tokens=derived&from=<height>`), mempool ones included;
 * Blockbook derives the P2PKH addresses `0/i` and `1/i` exactly as keys.ts does. It stops
 * deriving 20 unused addresses after the last used one (its gap), so addresses we handed out
 * beyond that are not in its answer: the answer's `tokens` list what it derived, and each of
 * our addresses missing from it is read on its own (`/api/v2/address/<a>`). Values are koinu
 * (1e-8 DOGE) in decimal strings (docs/decisions/031-doge-sol-ada.md).
 */
export class BlockbookWatcher implements ChainWatcher {
  readonly network: NetworkId = 'DOGE';
  private readonly base: string;
  private readonly xpub: string;

  constructor(
    options: { baseUrl: string; accountKey: string },
    private readonly timeoutMs = OUTSIDE_CALL_TIMEOUT_MS,
  ) {
    this.base = options.baseUrl.replace(/\/+$/, '');
    this.xpub = dogecoinBlockbookKey(options.accountKey);
  }

  async tipHeight(): Promise<number> {
    const status = await fetchJson<BlockbookStatus>(`${this.base}/api/`, {}, this.timeoutMs);
    const height = status.blockbook?.bestHeight;
    if (!Number.isSafeInteger(height) || height < 0) throw new Error('bad tip height from Blockbook');
    return height;
  }

  async scan(
    addresses: ReadonlySet<string>,
    fromHeight: number,
    toHeight: number,
    onError: ScanErrorSink,
  ): Promise<ScanResult> {
    const transfers: ObservedTransfer[] = [];
    let complete = true;
    const derived = new Set<string>();
    try {
      await this.readPages(`/api/v2/xpub/${this.xpub}`, fromHeight, (page) => {
        for (const token of page.tokens ?? []) derived.add(token.name);
        for (const tx of page.transactions ?? []) transfers.push(...outputsTo(tx, addresses));
      });
    } catch (error) {
      onError(error, 'account xpub');
      return { transfers: [], scannedTo: -1 };
    }
    const beyondGap = [...addresses].filter((a) => !derived.has(a));
    await eachLimited(beyondGap, CONCURRENCY, async (address) => {
      try {
        await this.readPages(`/api/v2/address/${encodeURIComponent(address)}`, fromHeight, (page) => {
          for (const tx of page.transactions ?? []) transfers.push(...outputsTo(tx, new Set([address])));
        });
      } catch (error) {
        complete = false;
        onError(error, `address ${address}`);
      }
    });
    // The answers are filtered from `fromHeight`: the mark only moves when every part was read.
    return { transfers: unique(transfers), scannedTo: complete ? toHeight : -1 };
  }

  async status(ref: TransferRef): Promise<TransferState> {
    let tx: BlockbookTx;
    try {
      tx = await fetchJson<BlockbookTx>(
        `${this.base}/api/v2/tx/${encodeURIComponent(ref.txHash)}`,
        {},
        this.timeoutMs,
      );
    } catch (error) {
      // Blockbook answers an unknown transaction with 400 {"error":"Transaction '…' not found"}.
      if (error instanceof HttpStatusError && (error.status === 404 || /not found/i.test(error.body))) {
        return { state: 'missing' };
      }
      throw error;
    }
    return tx.blockHeight > 0 ? { state: 'included', blockHeight: tx.blockHeight } : { state: 'unconfirmed' };
  }

  private async readPages(path: string, fromHeight: number, onPage: (page: BlockbookPage) => void) {
    for (let page = 1; page <= MAX_PAGES; page++) {
      const query = new URLSearchParams({
        details: 'txs',
        tokens: 'derived',
        pageSize: String(PAGE_SIZE),
        page: String(page),
        from: String(Math.max(0, fromHeight)),
      });
      const answer = await fetchJson<BlockbookPage>(`${this.base}${path}?${query}`, {}, this.timeoutMs);
      onPage(answer);
      if ((answer.totalPages ?? 1) <= page) return;
    }
    throw new Error(`more than ${MAX_PAGES} pages of transactions since height ${fromHeight}`);
  }
}

function outputsTo(tx: BlockbookTx, addresses: ReadonlySet<string>): ObservedTransfer[] {
  const out: ObservedTransfer[] = [];
  const height = Number.isSafeInteger(tx.blockHeight) && tx.blockHeight > 0 ? tx.blockHeight : null;
  for (const vout of tx.vout ?? []) {
    const [address] = vout.addresses ?? [];
    if (!address || vout.isAddress === false || vout.addresses?.length !== 1) continue;
    if (!addresses.has(address)) continue;
    if (!/^\d{1,20}$/.test(vout.value)) continue;
    const rawAmount = BigInt(vout.value);
    if (rawAmount <= 0n) continue;
    out.push({
      txHash: tx.txid,
      outputIndex: vout.n,
      toAddress: address,
      rawAmount,
      decimals: 8,
      blockHeight: height,
    });
  }
  return out;
}

/** The xpub answer and an address answer may both list a transaction. */
function unique(transfers: ObservedTransfer[]): ObservedTransfer[] {
  const seen = new Map<string, ObservedTransfer>();
  for (const t of transfers) seen.set(`${t.txHash}:${t.outputIndex}`, t);
  return [...seen.values()];
}
