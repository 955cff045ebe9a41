import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StubRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  headers: IncomingMessage['headers'];
}

/** A handler's answer: JSON (or text) with a status; 'hang' never answers. */
export type StubReply = { status?: number; json?: unknown; text?: string } | 'hang';
export type StubHandler = (req: StubRequest) => StubReply | undefined;

export interface StubServer {
  url: string;
  requests: StubRequest[];
  /** Replaces the handler (tests change what the "chain" shows between ticks). */
  handle(handler: StubHandler): void;
  close(): Promise<void>;
}

/**
 * A local HTTP server standing in for a chain API (Esplora, JSON-RPC, TronGrid). Unmatched
 * requests answer 404 like the real APIs do for unknown resources.
 */
export async function startStub(initial: StubHandler): Promise<StubServer> {
  let handler = initial;
  const requests: StubRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://stub');
      const raw = Buffer.concat(chunks).toString('utf8');
      let body: unknown = null;
      try {
        body = raw ? JSON.parse(raw) : null;
      } catch {
        body = raw;
      }
      const request = {
        method: req.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        body,
        headers: req.headers,
      };
      requests.push(request);
      const reply = handler(request) ?? { status: 404, text: 'Not Found' };
      if (reply === 'hang') return;
      const text =
        reply.text ?? JSON.stringify(reply.json, (_k, v) => (typeof v === 'bigint' ? v.toString() : v));
      res.writeHead(reply.status ?? 200, {
        'content-type': reply.text === undefined ? 'application/json' : 'text/plain',
      });
      res.end(text);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    handle(next) {
      handler = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Collects watcher scan failures instead of logging them. */
export function errorSink() {
  const errors: { error: unknown; item: string }[] = [];
  return { errors, sink: (error: unknown, item: string) => errors.push({ error, item }) };
}
