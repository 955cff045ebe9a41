import type { ObservedTransfer, ScanErrorSink, ScanResult } from './watcher.ts';

/** Every outside call has a deadline: a hung API must not stall a watcher tick. */
export const OUTSIDE_CALL_TIMEOUT_MS = 10_000;

export class HttpStatusError extends Error {
  constructor(
    readonly status: number,
    url: string,
    /** The start of the answer's body, for APIs that say "not found" with another status. */
    readonly body = '',
  ) {
    super(`HTTP ${status} from ${new URL(url).pathname}`);
    this.name = 'HttpStatusError';
  }
}

/** GET or POST JSON with a timeout; a non-2xx answer throws HttpStatusError. */
export async function fetchJson<T>(
  url: string,
  init: { method?: 'GET' | 'POST'; body?: unknown; headers?: Record<string, string> } = {},
  timeoutMs = OUTSIDE_CALL_TIMEOUT_MS,
): Promise<T> {
  const text = await fetchText(url, init, timeoutMs);
  return JSON.parse(text) as T;
}

export async function fetchText(
  url: string,
  init: { method?: 'GET' | 'POST'; body?: unknown; headers?: Record<string, string> } = {},
  timeoutMs = OUTSIDE_CALL_TIMEOUT_MS,
): Promise<string> {
  const res = await fetch(url, {
    method: init.method ?? 'GET',
    headers: {
      accept: 'application/json',
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...init.headers,
    },
    body: init.body === undefined ? null : JSON.stringify(init.body),
    signal: AbortSignal.timeout(timeoutMs),
  });
  const text = await res.text();
  if (!res.ok) throw new HttpStatusError(res.status, url, text.slice(0, 200));
  return text;
}

/** How many addresses an address-polling adapter reads at once; APIs rate-limit bursts. */
const ADDRESS_CONCURRENCY = 4;

/**
 * The scan of the adapters that poll each watched address (Esplora, TRON, Solana, Cardano;
 * docs/decisions/011, "Watchers"): `read` adds what it finds for one address to `into`, a few
 * addresses at a time. A failing address is reported and the rest go on; what it found before
 * failing is kept.
 */
export async function scanEachAddress(
  addresses: ReadonlySet<string>,
  toHeight: number,
  onError: ScanErrorSink,
  read: (address: string, into: ObservedTransfer[]) => Promise<void>,
): Promise<ScanResult> {
  const transfers: ObservedTransfer[] = [];
  await eachLimited([...addresses], ADDRESS_CONCURRENCY, async (address) => {
    try {
      await read(address, transfers);
    } catch (error) {
      onError(error, `address ${address}`);
    }
  });
  return { transfers, scannedTo: toHeight };
}

/** Runs `fn` over `items`, at most `limit` at a time. */
export async function eachLimited<T>(items: T[], limit: number, fn: (item: T) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      await fn(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}
