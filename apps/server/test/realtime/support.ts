import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { io, type Socket } from 'socket.io-client';
import type { AppContext } from '../../src/context.ts';
import { attachRealtime, type Realtime, type RealtimeOptions } from '../../src/modules/realtime/realtime.ts';

/** Redis of the test machines; the cross-instance suite needs it. */
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

export interface LiveServer {
  url: string;
  realtime: Realtime;
  close(): Promise<void>;
}

/** Puts an app on 127.0.0.1:<free port> with the socket layer attached, as main.ts does. */
export async function listenWithRealtime(
  app: FastifyInstance,
  ctx: AppContext,
  options: RealtimeOptions = {},
): Promise<LiveServer> {
  const realtime = await attachRealtime(app.server, ctx, options);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    realtime,
    async close() {
      await realtime.close();
    },
  };
}

export interface Recorded {
  event: string;
  payload: unknown;
}

/** A connected client that records every event it receives. */
export interface Client {
  socket: Socket;
  events: Recorded[];
  /** Resolves with the first payload of `event` (already received or arriving in time). */
  next<T = Record<string, unknown>>(
    event: string,
    match?: (payload: T) => boolean,
    timeoutMs?: number,
  ): Promise<T>;
  /** Events named `event` received so far. */
  named(event: string): unknown[];
  join(tradeId: string): Promise<{ ok: boolean; error?: string }>;
  /** Resolves once the sentinel `id` (see `settle`) has arrived. */
  sentinel(id: string, timeoutMs?: number): Promise<void>;
  close(): void;
}

/** Marker event of `settle`; kept out of `events`, so assertions never see it. */
const SENTINEL = 'test:sentinel';

const baseOptions = { transports: ['websocket'], reconnection: false, forceNew: true, timeout: 5_000 };

/** Connects with `auth.token`; rejects with the server's refusal on `connect_error`. */
export function connect(
  url: string,
  token: string | null,
  extra: Record<string, unknown> = {},
): Promise<Client> {
  const socket = io(url, { ...baseOptions, auth: token === null ? {} : { token }, ...extra });
  const events: Recorded[] = [];
  const sentinels = new Set<string>();
  const waiters = new Set<() => void>();
  socket.onAny((event: string, payload: unknown) => {
    if (event === SENTINEL) sentinels.add((payload as { id: string }).id);
    else events.push({ event, payload });
    for (const wake of waiters) wake();
  });
  const waitFor = (found: () => boolean, describe: () => string, timeoutMs: number) =>
    new Promise<void>((resolve, reject) => {
      const check = () => {
        if (!found()) return;
        waiters.delete(check);
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error(describe()));
      }, timeoutMs);
      waiters.add(check);
      check();
    });
  const client: Client = {
    socket,
    events,
    named: (event) => events.filter((e) => e.event === event).map((e) => e.payload),
    async next(event, match = () => true, timeoutMs = 5_000) {
      const hit = () => events.find((e) => e.event === event && match(e.payload as never));
      await waitFor(
        () => hit() !== undefined,
        () => `no ${event} within ${timeoutMs} ms; got ${JSON.stringify(events.map((e) => e.event))}`,
        timeoutMs,
      );
      return hit()?.payload as never;
    },
    sentinel: (id, timeoutMs = 5_000) =>
      waitFor(
        () => sentinels.has(id),
        () => `sentinel ${id} did not arrive within ${timeoutMs} ms`,
        timeoutMs,
      ),
    join: (tradeId) => socket.timeout(5_000).emitWithAck('trade:join', { tradeId }),
    close: () => socket.close(),
  };
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(client));
    socket.once('connect_error', (error) => {
      socket.close();
      reject(error);
    });
  });
}

/**
 * Use before asserting that no stray event arrived. Each server in `servers`, in turn, sends a
 * sentinel to every client's socket and waits until all have it. A socket receives in the
 * order the server emitted (through the Redis adapter too), so anything published before the
 * sentinel, a stray event included, has arrived by then: no fixed wait that load can outrun.
 * With several instances, settling through each in turn also flushes events one instance
 * relays on behalf of another.
 */
export async function settle(servers: Realtime[], clients: Client[]): Promise<void> {
  for (const server of servers) {
    const id = randomUUID();
    for (const c of clients) server.io.to(c.socket.id as string).emit(SENTINEL as never, { id } as never);
    await Promise.all(clients.map((c) => c.sentinel(id)));
  }
}
