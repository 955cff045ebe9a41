import CSL from '@emurgo/cardano-serialization-lib-nodejs';
import type { NetworkId } from '@p2p/shared';
import { bech32 } from '@scure/base';
import { eachLimited, fetchJson, HttpStatusError, OUTSIDE_CALL_TIMEOUT_MS } from './http.ts';
import { KeyError } from './keys.ts';
import type {
  ChainWatcher,
  ObservedTransfer,
  ScanErrorSink,
  ScanResult,
  TransferRef,
  TransferState,
} from './watcher.ts';

/** Lovelace per ADA: 10^6. */
export const ADA_DECIMALS = 6;
/** Mainnet and the test networks' (preprod, preview) network id in Shelley addresses. */
const NETWORK_ID = { mainnet: 1, devnet: 0 } as const;
/** Bech32 strings longer than the BIP-173 90 characters: Cardano keys and addresses. */
const BECH32_LIMIT = 1_000;

/**
 * Cardano Shelley base addresses from the account's extended PUBLIC key
 * (docs/decisions/032-address-pool-solana-cardano.md): CIP-1852 account m/1852'/1815'/0'
 * (exported by wallets as `acct_xvk1…`, CIP-5), payment key `0/i` and stake key `2/0` both
 * derived softly (BIP32-Ed25519), combined into a base address (CIP-19 type 0) with
 * `@emurgo/cardano-serialization-lib-nodejs`. Mainnet addresses are `addr1…`; the devnet's are
 * test-network `addr_test1…`, which no mainnet wallet pays.
 */
export class CardanoDeriver {
  private readonly stake: CSL.Credential;

  private constructor(
    private readonly account: CSL.Bip32PublicKey,
    private readonly networkId: number,
  ) {
    this.stake = CSL.Credential.from_keyhash(account.derive(2).derive(0).to_raw_key().hash());
  }

  /** Reads an `acct_xvk1…` key (or its 64 bytes in hex); refuses private keys and other data. */
  static fromText(text: string, style: 'mainnet' | 'devnet'): CardanoDeriver {
    return new CardanoDeriver(CSL.Bip32PublicKey.from_bytes(parseCardanoAccountKey(text)), NETWORK_ID[style]);
  }

  addressAt(index: number): string {
    if (!Number.isSafeInteger(index) || index < 0 || index >= 2 ** 31) {
      throw new RangeError(`derivation index out of range: ${index}`);
    }
    const payment = CSL.Credential.from_keyhash(this.account.derive(0).derive(index).to_raw_key().hash());
    return CSL.BaseAddress.new(this.networkId, payment, this.stake).to_address().to_bech32(undefined);
  }
}

/** The 64 bytes (public key ‖ chain code) of a Cardano account key. */
export function parseCardanoAccountKey(text: string): Uint8Array {
  const trimmed = text.trim();
  if (/^(acct_xsk|xprv|root_xsk|addr_xsk)1/.test(trimmed)) {
    throw new KeyError('is a private key: give the account PUBLIC key (acct_xvk1…)');
  }
  let bytes: Uint8Array;
  if (/^[0-9a-f]{128}$/i.test(trimmed)) {
    bytes = Uint8Array.from(Buffer.from(trimmed, 'hex'));
  } else {
    let decoded: { prefix: string; words: number[] };
    try {
      decoded = bech32.decode(trimmed as `${string}1${string}`, BECH32_LIMIT);
    } catch {
      throw new KeyError('must be a Cardano account public key (acct_xvk1…)');
    }
    if (decoded.prefix !== 'acct_xvk') throw new KeyError(`must be an acct_xvk key, got ${decoded.prefix}`);
    bytes = bech32.fromWords(decoded.words);
  }
  if (bytes.length !== 64) throw new KeyError(`must be 64 bytes (key and chain code), got ${bytes.length}`);
  return bytes;
}

/** Encodes 64 account key bytes as `acct_xvk1…` (CIP-5). */
export function cardanoAccountKeyText(bytes: Uint8Array): string {
  return bech32.encode('acct_xvk', bech32.toWords(bytes), BECH32_LIMIT);
}

interface AddressTx {
  tx_hash: string;
  tx_index: number;
  block_height: number;
}

interface TxUtxos {
  hash: string;
  outputs: {
    address: string;
    amount: { unit: string; quantity: string }[];
    output_index: number;
    collateral?: boolean;
  }[];
}

interface TxInfo {
  hash: string;
  block_height: number;
  valid_contract?: boolean;
}

export interface BlockfrostWatcherOptions {
  network: NetworkId;
  /** e.g. https://cardano-mainnet.blockfrost.io/api/v0 */
  apiUrl: string;
  projectId?: string | undefined;
  timeoutMs?: number;
}

const CONCURRENCY = 4;
const TXS_PER_ADDRESS = 50;
const CACHE_LIMIT = 10_000;

/**
 * ADA through a Blockfrost-compatible REST API (docs/decisions/032). Address-indexed: each
 * scan lists every deposit address's newest transactions (`/addresses/{a}/transactions`,
 * confirmed ones only), then reads their outputs (`/txs/{hash}/utxos`). One deposit per
 * output paying our address in lovelace only; an output that carries a native token (with
 * the lovelace the ledger requires beside it) is a token transfer and is not credited, nor
 * is a collateral output or a transaction whose scripts failed. Heights are block heights.
 */
export class BlockfrostWatcher implements ChainWatcher {
  readonly network: NetworkId;
  private readonly base: string;
  private readonly headers: Record<string, string>;
  private readonly outputs = new Map<string, TxUtxos>();

  constructor(private readonly options: BlockfrostWatcherOptions) {
    this.network = options.network;
    this.base = options.apiUrl.replace(/\/+$/, '');
    this.headers = options.projectId ? { project_id: options.projectId } : {};
  }

  private get<T>(path: string): Promise<T> {
    return fetchJson<T>(
      `${this.base}${path}`,
      { headers: this.headers },
      this.options.timeoutMs ?? OUTSIDE_CALL_TIMEOUT_MS,
    );
  }

  async tipHeight(): Promise<number> {
    const block = await this.get<{ height?: number }>('/blocks/latest');
    if (!Number.isSafeInteger(block.height)) throw new Error('/blocks/latest answered without a height');
    return block.height as number;
  }

  async scan(
    addresses: ReadonlySet<string>,
    _from: number,
    toHeight: number,
    onError: ScanErrorSink,
  ): Promise<ScanResult> {
    const transfers: ObservedTransfer[] = [];
    await eachLimited([...addresses], CONCURRENCY, async (address) => {
      try {
        for (const tx of await this.recent(address)) {
          const utxos = await this.utxos(tx.tx_hash);
          transfers.push(...outputsTo(utxos, address, tx.block_height));
        }
      } catch (error) {
        onError(error, `address ${address}`);
      }
    });
    return { transfers, scannedTo: toHeight };
  }

  async status(ref: TransferRef): Promise<TransferState> {
    let info: TxInfo;
    try {
      info = await this.get<TxInfo>(`/txs/${encodeURIComponent(ref.txHash)}`);
    } catch (error) {
      // Blockfrost answers 404 for a transaction in no block of its chain (rolled back).
      if (error instanceof HttpStatusError && error.status === 404) return { state: 'missing' };
      throw error;
    }
    if (info.valid_contract === false || !Number.isSafeInteger(info.block_height))
      return { state: 'missing' };
    const utxos = await this.utxos(ref.txHash);
    const found = outputsTo(utxos, ref.toAddress, info.block_height).some(
      (t) => t.outputIndex === ref.outputIndex,
    );
    return found ? { state: 'included', blockHeight: info.block_height } : { state: 'missing' };
  }

  /** The address's newest confirmed transactions; none for an address never used (404). */
  private async recent(address: string): Promise<AddressTx[]> {
    const query = new URLSearchParams({ order: 'desc', count: String(TXS_PER_ADDRESS) });
    try {
      const txs = await this.get<AddressTx[]>(
        `/addresses/${encodeURIComponent(address)}/transactions?${query}`,
      );
      return txs.filter((t) => /^[0-9a-f]{64}$/i.test(t.tx_hash) && Number.isSafeInteger(t.block_height));
    } catch (error) {
      if (error instanceof HttpStatusError && error.status === 404) return [];
      throw error;
    }
  }

  /** A transaction's outputs (they never change; cached per instance). */
  private async utxos(hash: string): Promise<TxUtxos> {
    const cached = this.outputs.get(hash);
    if (cached) return cached;
    const utxos = await this.get<TxUtxos>(`/txs/${encodeURIComponent(hash)}/utxos`);
    if (this.outputs.size >= CACHE_LIMIT) this.outputs.clear();
    this.outputs.set(hash, utxos);
    return utxos;
  }
}

function outputsTo(utxos: TxUtxos, address: string, blockHeight: number): ObservedTransfer[] {
  const out: ObservedTransfer[] = [];
  for (const output of utxos.outputs) {
    if (output.address !== address || output.collateral) continue;
    if (output.amount.some((a) => a.unit !== 'lovelace')) continue;
    const quantity = output.amount.find((a) => a.unit === 'lovelace')?.quantity ?? '0';
    if (!/^\d{1,20}$/.test(quantity) || !Number.isSafeInteger(output.output_index)) continue;
    const raw = BigInt(quantity);
    if (raw <= 0n) continue;
    out.push({
      txHash: utxos.hash,
      outputIndex: output.output_index,
      toAddress: address,
      rawAmount: raw,
      decimals: ADA_DECIMALS,
      blockHeight,
    });
  }
  return out;
}
