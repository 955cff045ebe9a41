import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * ok: answers `body` as JSON; slow: the same after `slowMs`; error: HTTP 500;
 * garbage: a 200 whose body is cut-off JSON; hang: never answers.
 */
export type StubMode = 'ok' | 'slow' | 'error' | 'garbage' | 'hang';

/** A CoinGecko-shaped answer: extra coins, a coin without rub and null extras included. */
export const STUB_BODY = {
  bitcoin: {
    usd: 97_123.45,
    usd_market_cap: 1_923_456_789_012.5,
    usd_24h_vol: 45_678_901_234.1,
    usd_24h_change: -1.2345,
    rub: 9_032_480.12,
    rub_market_cap: 178_881_481_378_162.3,
    rub_24h_vol: 4_248_137_814_771.4,
    rub_24h_change: -1.1987,
    eur: 89_541.12,
    eur_24h_change: -1.3,
    cny: 703_155.78,
    try: 3_345_902.1,
    kzt: 48_512_345.6,
    kzt_24h_change: -0.9,
    last_updated_at: 1_795_000_000,
  },
  ethereum: {
    usd: 3_456.78,
    usd_market_cap: null,
    usd_24h_vol: 12_345_678.9,
    usd_24h_change: 2.5,
    rub: 321_480.54,
    rub_market_cap: null,
    rub_24h_vol: 1_148_148_137.7,
    rub_24h_change: 2.61,
  },
  tether: { usd: 1.0002, rub: 93.02 },
  polkadot: { usd: 6.5, usd_24h_change: 0.3 },
  'shiba-inu': { usd: 0.00002, rub: 0.0019 },
};

export interface PriceStub {
  /** Full PRICE_API_URL pointing at the stub. */
  url: string;
  hits: number;
  /** Request URLs (path + query) in arrival order. */
  requests: string[];
  mode: StubMode;
  body: unknown;
  slowMs: number;
  reset(): void;
  close(): Promise<void>;
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

/** A CoinGecko `simple/price` stand-in on 127.0.0.1 with a random port, counting hits. */
export async function startPriceStub(): Promise<PriceStub> {
  const server = createServer((req, res) => {
    stub.hits += 1;
    stub.requests.push(req.url ?? '');
    switch (stub.mode) {
      case 'ok':
        return sendJson(res, 200, stub.body);
      case 'slow': {
        const body = stub.body;
        setTimeout(() => sendJson(res, 200, body), stub.slowMs);
        return;
      }
      case 'error':
        return sendJson(res, 500, { status: { error_message: 'internal' } });
      case 'garbage':
        res.writeHead(200, { 'content-type': 'application/json' });
        return res.end('{"bitcoin":{"usd":97000,"rub":');
      case 'hang':
        return;
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const stub: PriceStub = {
    url: `http://127.0.0.1:${port}/api/v3/simple/price`,
    hits: 0,
    requests: [],
    mode: 'ok',
    body: STUB_BODY,
    slowMs: 100,
    reset() {
      stub.hits = 0;
      stub.requests = [];
      stub.mode = 'ok';
      stub.body = STUB_BODY;
      stub.slowMs = 100;
    },
    async close() {
      // Hung requests keep their sockets open; drop them so close() returns.
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return stub;
}
