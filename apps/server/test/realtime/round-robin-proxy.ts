import { request as httpRequest, createServer as httpServer, type IncomingMessage } from 'node:http';
import { type AddressInfo, type Socket, connect as tcpConnect } from 'node:net';

/**
 * A load balancer as small as they come: every HTTP request and every WebSocket upgrade goes
 * to the next backend in turn. No sticky sessions, no keep-alive to the backends, so two
 * requests of one client land on different instances, as behind a plain round-robin balancer.
 */
export interface RoundRobinProxy {
  url: string;
  /** Which backend (index) took each request or upgrade, in order. */
  routed: { kind: 'http' | 'upgrade'; backend: number; path: string }[];
  close(): Promise<void>;
}

export async function startRoundRobinProxy(backends: string[]): Promise<RoundRobinProxy> {
  const targets = backends.map((b) => new URL(b));
  const routed: RoundRobinProxy['routed'] = [];
  let turn = 0;
  const next = (kind: 'http' | 'upgrade', path: string) => {
    const backend = turn++ % targets.length;
    routed.push({ kind, backend, path });
    return targets[backend] as URL;
  };
  const open = new Set<Socket>();

  const server = httpServer((req, res) => {
    const target = next('http', req.url ?? '/');
    const upstream = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, connection: 'close' },
        agent: false,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  });

  // A WebSocket is one TCP connection: the upgrade request is replayed to the chosen backend
  // and from then on bytes flow both ways untouched.
  server.on('upgrade', (req: IncomingMessage, client: Socket, head: Buffer) => {
    const target = next('upgrade', req.url ?? '/');
    const upstream = tcpConnect(Number(target.port), target.hostname, () => {
      const lines = [`${req.method} ${req.url} HTTP/1.1`];
      for (let i = 0; i < req.rawHeaders.length; i += 2) {
        lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
      }
      upstream.write(`${lines.join('\r\n')}\r\n\r\n`);
      if (head.length) upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    for (const s of [client, upstream]) {
      open.add(s);
      s.on('close', () => open.delete(s));
      s.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
  });
  server.on('connection', (s) => {
    open.add(s);
    s.on('close', () => open.delete(s));
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    routed,
    async close() {
      for (const s of open) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
