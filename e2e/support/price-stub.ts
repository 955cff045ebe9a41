import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local CoinGecko-compatible price feed for the server under test (PRICE_API_URL), so the
 * journeys never depend on the network and a journey can move the market when it says so.
 *
 * `GET /simple/price` answers every coin the server asks for, in every fiat it trades. By default
 * the figures are the server's fallback table (packages/shared/src/market-prices.ts:
 * FALLBACK_USD_PRICES × FALLBACK_FIAT_PER_USD), so the journeys written against the fallback
 * $65 000 per BTC see the same numbers, only live.
 *
 * `POST /set` with `{"bitcoin": {"rub": 6100000}}` overrides figures (merged per coin);
 * `POST /reset` goes back to the defaults. `GET /table` returns the current table.
 */

const USD: Record<string, number> = {
  bitcoin: 65_000,
  ethereum: 3_500,
  tether: 1,
  binancecoin: 600,
  solana: 150,
  cardano: 0.45,
  dogecoin: 0.15,
  litecoin: 85,
  polkadot: 7,
};
const FIAT_PER_USD: Record<string, number> = { usd: 1, rub: 93, eur: 0.92, cny: 7.2, try: 34, kzt: 480 };

type CoinFigures = Record<string, number | null>;
export type PriceTable = Record<string, CoinFigures>;

/** The fallback table in the feed's shape: each fiat = USD × its rate, change 0. */
export function defaultPriceTable(): PriceTable {
  return Object.fromEntries(
    Object.entries(USD).map(([coin, usd]) => {
      const figures: CoinFigures = {};
      for (const [fiat, rate] of Object.entries(FIAT_PER_USD)) {
        figures[fiat] = Math.round(usd * rate * 1e6) / 1e6;
        figures[`${fiat}_24h_change`] = 0;
      }
      figures.usd_market_cap = null;
      figures.usd_24h_vol = null;
      figures.rub_market_cap = null;
      figures.rub_24h_vol = null;
      return [coin, figures];
    }),
  );
}

export interface PriceStub {
  /** The `simple/price` endpoint to give the server as PRICE_API_URL. */
  priceURL: string;
  /** Where `POST /set` and `POST /reset` live. */
  controlURL: string;
  close: () => Promise<void>;
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  let body = '';
  for await (const chunk of req) body += chunk;
  return body.trim() === '' ? {} : JSON.parse(body);
}

export async function startPriceStub(): Promise<PriceStub> {
  let table = defaultPriceTable();
  const server = createServer((req, res) => {
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    const path = new URL(req.url ?? '/', 'http://stub').pathname;
    if (req.method === 'GET' && (path === '/simple/price' || path === '/table')) return send(200, table);
    if (req.method === 'POST' && path === '/reset') {
      table = defaultPriceTable();
      return send(200, table);
    }
    if (req.method === 'POST' && path === '/set') {
      readJson(req).then(
        (body) => {
          const next = structuredClone(table);
          for (const [coin, figures] of Object.entries(body as PriceTable)) {
            next[coin] = { ...(next[coin] ?? {}), ...figures };
          }
          table = next;
          send(200, table);
        },
        (error: unknown) => send(400, { error: String(error) }),
      );
      return;
    }
    send(404, { error: 'not found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const controlURL = `http://127.0.0.1:${port}`;
  return {
    priceURL: `${controlURL}/simple/price`,
    controlURL,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
