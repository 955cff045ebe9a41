import type { Server as HttpServer } from 'node:http';
import {
  type ClientToServerEvents,
  langFromAcceptLanguage,
  type MessageKey,
  SOCKET_PATH,
  type TradeRoomAck,
  TradeRoomRequest,
  translate,
} from '@p2p/shared';
import { type DefaultEventsMap, Server, type Socket } from 'socket.io';
import type { AppContext, Needs } from '../../context.ts';
import type { RealtimeEvent } from '../../events/notifier.ts';
import { batchBookChanges, noteUsersSeen, readBookChanges } from '../orders/index.ts';
import { findTrade, roleOf, TRADE_NOT_FOUND } from '../trade-access/index.ts';

interface SocketData {
  userId: string;
  sessionId: string;
}
/** How often a connected user is marked seen (last seen, orders back: docs/decisions/028). */
const PRESENCE_HEARTBEAT_MS = 60_000;
/** Users marked seen per statement. */
const PRESENCE_CHUNK = 1000;

/** Server-to-server message over the Redis adapter: the public book changed. */
const BOOK_CHANGED = 'book:changed';

type RealtimeServer = Server<ClientToServerEvents, DefaultEventsMap, DefaultEventsMap, SocketData>;
type RealtimeSocket = Socket<ClientToServerEvents, DefaultEventsMap, DefaultEventsMap, SocketData>;

interface Log {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface RealtimeOptions {
  /** With a URL, rooms span every instance through Redis pub/sub (docs/decisions/014-deployment.md). */
  redisUrl?: string | null | undefined;
  /** Redis channel prefix; instances that should hear each other share it. */
  redisKey?: string;
  log?: Log;
}

export interface Realtime {
  io: RealtimeServer;
  /** Disconnects every socket and stops delivery; leaves the HTTP server to its owner. */
  close(): Promise<void>;
}

/** A socket may watch at most this many trade rooms at once. */
const MAX_TRADE_ROOMS = 50;
const REDIS_READY_TIMEOUT_MS = 5_000;
const silent: Log = { warn: () => {}, error: () => {} };

/**
 * Events to their rooms' sockets, in the order published, each under its name with its payload:
 * the pair the shared map types (`RealtimeEvent`), so the wire carries what
 * `ServerToClientEvents` promises clients. Adjacent events of one name and one payload (a trade's
 * update to both parties' rooms) go as one broadcast to all their rooms: one encoding and, with
 * Redis, one message (docs/decisions/062). The events of a turn go at its end, in a microtask.
 */
function emitter(io: RealtimeServer, log: Log): (e: RealtimeEvent) => void {
  let queued: RealtimeEvent[] = [];
  const flush = () => {
    const events = queued;
    queued = [];
    let i = 0;
    while (i < events.length) {
      const first = events[i] as RealtimeEvent;
      const rooms = [first.room];
      for (i++; i < events.length && sameBroadcast(events[i] as RealtimeEvent, first); i++)
        rooms.push((events[i] as RealtimeEvent).room);
      try {
        io.to(rooms).emit(first.event, first.payload);
      } catch (err) {
        // One event that cannot go must not stop the others.
        log.error({ err, event: first.event }, 'realtime event not sent');
      }
    }
  };
  return (e) => {
    if (queued.push(e) === 1) queueMicrotask(flush);
  };
}

const sameBroadcast = (a: RealtimeEvent, b: RealtimeEvent) => a.event === b.event && a.payload === b.payload;

/**
 * Socket.IO on the app's HTTP server at `/socket.io`. The handshake carries a user access
 * token (`auth.token` or an `Authorization: Bearer` header) whose session must be live; the
 * socket then sits in `user:{id}` and may join `trade:{id}` rooms of its own trades. Every
 * event published on `ctx.notifier` goes to its room, on every instance when Redis is set.
 */
export async function attachRealtime(
  server: HttpServer,
  ctx: AppContext,
  options: RealtimeOptions = {},
): Promise<Realtime> {
  const log = options.log ?? silent;
  const io: RealtimeServer = new Server(server, {
    path: SOCKET_PATH,
    serveClient: false,
    maxHttpBufferSize: 16 * 1024,
  });
  const redis = options.redisUrl ? await redisAdapter(io, options.redisUrl, options.redisKey, log) : null;

  io.use((socket, next) => {
    authenticate(ctx, socket).then(
      (who) => {
        if (!who) return next(refusal(socket, 'errors.unauthorized', 'UNAUTHORIZED'));
        socket.data.userId = who.userId;
        socket.data.sessionId = who.sessionId;
        next();
      },
      (error: unknown) => {
        log.error({ err: error }, 'socket handshake failed');
        next(refusal(socket, 'errors.unavailable', 'SERVICE_UNAVAILABLE'));
      },
    );
  });
  io.on('connection', (socket) => onConnection(ctx, socket, log));
  const stopHeartbeat = presenceHeartbeat(ctx, io, log);

  ctx.presence = async (userId) => (await io.in(`user:${userId}`).fetchSockets()).length > 0;
  const unsubscribe = ctx.notifier.subscribe(emitter(io, log));
  // With Redis, a change to the book on this instance reaches the other instances' book
  // caches too, the same targeted change or a clear (docs/decisions/019); one message per
  // event-loop turn however many changes.
  let stopBookSync = () => {};
  if (redis) {
    io.on(BOOK_CHANGED, (raw: unknown) => {
      for (const change of readBookChanges(raw)) ctx.bookCache.apply(change);
    });
    stopBookSync = ctx.bookCache.onLocalChange(
      batchBookChanges((changes) => io.serverSideEmit(BOOK_CHANGED, changes)),
    );
  }
  // A session that ends takes its sockets with it, wherever they are connected: with Redis,
  // disconnectSockets on a room reaches every instance through the adapter.
  const unsubscribeEnds = ctx.notifier.onSessionsEnded((sessionIds) => {
    if (sessionIds.length) io.in(sessionIds.map(sessionRoom)).disconnectSockets(true);
  });

  return {
    io,
    async close() {
      unsubscribe();
      unsubscribeEnds();
      stopHeartbeat();
      stopBookSync();
      io.disconnectSockets(true);
      await io.of('/').adapter.close();
      io.engine.close();
      // Publishes of this turn are written on the next one (auto-pipelining): QUIT goes after
      // them, or they would be refused as sent on a closed connection.
      await new Promise((resolve) => setImmediate(resolve));
      if (redis) await Promise.allSettled([redis.pub.quit(), redis.sub.quit()]);
    },
  };
}

/**
 * A user with a socket open is present even when they make no request: their last seen moves
 * on connecting and once a minute while connected, which also brings back orders hidden while
 * they were away (docs/decisions/028). Each instance marks its own sockets' users.
 */
function presenceHeartbeat(
  ctx: Needs<'db' | 'clock' | 'bookCache'>,
  io: RealtimeServer,
  log: Log,
): () => void {
  const seen = (ids: string[]) =>
    noteUsersSeen(ctx, ids, ctx.clock.now()).catch((error: unknown) =>
      log.error({ err: error }, 'presence: last seen not written'),
    );
  io.on('connection', (socket) => void seen([socket.data.userId]));
  const timer = setInterval(() => {
    // Sorted: two instances marking one user lock the rows in the same order.
    const ids = [...new Set([...io.of('/').sockets.values()].map((s) => s.data.userId))].sort();
    for (let i = 0; i < ids.length; i += PRESENCE_CHUNK) void seen(ids.slice(i, i + PRESENCE_CHUNK));
  }, PRESENCE_HEARTBEAT_MS);
  timer.unref();
  return () => clearInterval(timer);
}

async function redisAdapter(io: RealtimeServer, url: string, key: string | undefined, log: Log) {
  // Loaded only with a Redis URL: a single instance never needs them.
  const [{ createAdapter }, { Redis }] = await Promise.all([
    import('@socket.io/redis-adapter'),
    import('ioredis'),
  ]);
  // Every event to a room is a PUBLISH: an action's events (both parties', the chat line's,
  // the order's) leave in one turn of the event loop, and auto-pipelining writes them in one
  // system call instead of one each (docs/decisions/056).
  const pub = new Redis(url, { maxRetriesPerRequest: null, enableAutoPipelining: true });
  const sub = new Redis(url, { maxRetriesPerRequest: null });
  for (const client of [pub, sub]) client.on('error', (err) => log.warn({ err }, 'redis (socket adapter)'));
  io.adapter(createAdapter(pub, sub, key ? { key } : {}));
  // Commands run in order per connection: once a PING answers, the adapter's SUBSCRIBEs took
  // effect, so events raised by other instances reach this one from now on.
  const ready = Promise.all([pub.ping(), sub.ping()]).then(() => true);
  const timeout = new Promise<false>((resolve) => setTimeout(resolve, REDIS_READY_TIMEOUT_MS, false).unref());
  if (!(await Promise.race([ready, timeout]))) {
    log.warn({ url: redactUrl(url) }, 'redis not reachable yet; cross-instance events resume once it is');
  }
  return { pub, sub };
}

function redactUrl(url: string): string {
  const u = new URL(url);
  if (u.password) u.password = '***';
  return u.toString();
}

function tokenOf(socket: RealtimeSocket): string | null {
  const fromAuth: unknown = socket.handshake.auth?.token;
  const header = socket.handshake.headers.authorization;
  const raw = typeof fromAuth === 'string' ? fromAuth : typeof header === 'string' ? header : null;
  if (!raw) return null;
  const token = raw.replace(/^Bearer /, '');
  return /^[A-Za-z0-9._-]{10,4096}$/.test(token) ? token : null;
}

const sessionRoom = (sessionId: string) => `session:${sessionId}`;

/** The user and session behind the handshake token, or null when it is missing, invalid or ended. */
async function authenticate(
  ctx: Needs<'tokens' | 'sessions'>,
  socket: RealtimeSocket,
): Promise<{ userId: string; sessionId: string } | null> {
  const token = tokenOf(socket);
  if (!token) return null;
  const claims = await ctx.tokens.verifyAccess('user', token);
  if (!claims) return null;
  const live = await ctx.sessions.isActive(claims.sessionId, 'user', claims.subjectId);
  return live ? { userId: claims.subjectId, sessionId: claims.sessionId } : null;
}

/** A socket's message of `key`, in the language its handshake asked for (Russian by default). */
function say(socket: Pick<RealtimeSocket, 'handshake'>, key: MessageKey): string {
  return translate(langFromAcceptLanguage(socket.handshake.headers['accept-language']), key);
}

/** The client sees `err.message` and `err.data.code` in its `connect_error` handler. */
function refusal(socket: Pick<RealtimeSocket, 'handshake'>, key: MessageKey, code: string): Error {
  return Object.assign(new Error(say(socket, key)), { data: { code } });
}

function onConnection(ctx: Needs<'db' | 'sessions'>, socket: RealtimeSocket, log: Log) {
  const { userId, sessionId } = socket.data;
  void socket.join([`user:${userId}`, sessionRoom(sessionId), 'market']);
  // A session ended between the handshake and the join above reached no socket: look again.
  ctx.sessions.isActive(sessionId, 'user', userId).then(
    (live) => {
      if (!live) socket.disconnect(true);
    },
    (error: unknown) => log.error({ err: error }, 'socket session check failed'),
  );

  socket.on('trade:join', (raw, ack) => {
    const reply = typeof ack === 'function' ? ack : () => {};
    joinTrade(ctx, socket, raw).then(reply, (error: unknown) => {
      log.error({ err: error }, 'trade:join failed');
      reply({ ok: false, error: say(socket, 'errors.internal') });
    });
  });

  socket.on('trade:leave', (raw, ack) => {
    const parsed = TradeRoomRequest.safeParse(raw);
    if (parsed.success) void socket.leave(`trade:${parsed.data.tradeId}`);
    if (typeof ack === 'function')
      ack(parsed.success ? { ok: true } : { ok: false, error: say(socket, TRADE_NOT_FOUND) });
  });
}

/** Parties only: anyone else is told the trade does not exist, as over HTTP. */
async function joinTrade(ctx: Needs<'db'>, socket: RealtimeSocket, raw: unknown): Promise<TradeRoomAck> {
  const parsed = TradeRoomRequest.safeParse(raw);
  if (!parsed.success) return { ok: false, error: say(socket, TRADE_NOT_FOUND) };
  const { tradeId } = parsed.data;
  const trade = await findTrade(ctx.db, tradeId);
  if (!trade || roleOf(trade, socket.data.userId) === 'observer')
    return { ok: false, error: say(socket, TRADE_NOT_FOUND) };
  const rooms = [...socket.rooms].filter((r) => r.startsWith('trade:'));
  if (rooms.length >= MAX_TRADE_ROOMS && !socket.rooms.has(`trade:${tradeId}`)) {
    return { ok: false, error: say(socket, 'errors.socketTradeRooms') };
  }
  await socket.join(`trade:${tradeId}`);
  return { ok: true };
}
