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
  close(): void;
}

const baseOptions = { transports: ['websocket'], reconnection: false, forceNew: true, timeout: 5_000 };

/** Connects with `auth.token`; rejects with the server's refusal on `connect_error`. */
export function connect(
  url: string,
  token: string | null,
  extra: Record<string, unknown> = {},
): Promise<Client> {
  const socket = io(url, { ...baseOptions, auth: token === null ? {} : { token }, ...extra });
  const events: Recorded[] = [];
  const waiters = new Set<() => void>();
  socket.onAny((event: string, payload: unknown) => {
    events.push({ event, payload });
    for (const wake of waiters) wake();
  });
  const client: Client = {
    socket,
    events,
    named: (event) => events.filter((e) => e.event === event).map((e) => e.payload),
    next(event, match = () => true, timeoutMs = 5_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const hit = events.find((e) => e.event === event && match(e.payload as never));
          if (!hit) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(hit.payload as never);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(
            new Error(
              `no ${event} within ${timeoutMs} ms; got ${JSON.stringify(events.map((e) => e.event))}`,
            ),
          );
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
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

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Waits long enough for a stray event to arrive; use before asserting that none did. */
export const QUIET_MS = 300;
