import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import pino from 'pino';

/** A query parameter's name worth logging: a plain identifier, not a value passed as a name. */
const PLAIN_NAME = /^[A-Za-z_][\w.-]{0,31}$/;

/**
 * A request URL as the logs see it: the path, and of the query only the parameters' names.
 * Values never reach a log (docs/decisions/023): Telegram's Login Widget sends the browser
 * back to `/auth?id=…&first_name=…&hash=…`, and any value in a query may be someone's secret.
 */
export function loggedUrl(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const names = url
    .slice(at + 1)
    .split('&')
    .filter(Boolean)
    .map((pair) => {
      const name = pair.split('=')[0] ?? '';
      return PLAIN_NAME.test(name) ? name : '…';
    });
  return `${url.slice(0, at)}?${names.join('&')}`;
}

/** Fastify's request serializer, with the URL as `loggedUrl` writes it. */
function requestForLog(request: FastifyRequest) {
  return {
    method: request.method,
    url: loggedUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/**
 * The app's logger options: `false` stays silent; anything else gets the request serializer
 * above on top of what the caller passed (level, stream).
 */
export function loggerOptions(option: boolean | object | undefined, level: string): false | object {
  if (option === false) return false;
  const given = typeof option === 'object' ? (option as { serializers?: object }) : {};
  return {
    level,
    ...given,
    serializers: { ...given.serializers, req: requestForLog },
  };
}

/**
 * One line per request, written when it is answered: its method and URL (`requestForLog`),
 * status and time; an error's line carries the error (docs/decisions/057). Fastify's default
 * writes a second line, "incoming request", as each arrives: twice the serializing and the
 * writing for what the answer's line says too.
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (this.isLogDisabled(request)) return;
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}

/** Bytes of log lines gathered before one write (`logDestination`). */
const LOG_WRITE_BYTES = 4096;
/** The longest a log line waits in memory for the others of its write. */
const LOG_FLUSH_MS = 1000;

/**
 * Standard output for the instance's log lines, written in batches (docs/decisions/057): a
 * write of at least `LOG_WRITE_BYTES`, or what there is every `LOG_FLUSH_MS`, and all of it
 * when the process exits (pino flushes an asynchronous destination on exit). A write per line
 * was a system call per line, two lines per request.
 */
export function logDestination() {
  return pino.destination({ dest: 1, sync: false, minLength: LOG_WRITE_BYTES, periodicFlush: LOG_FLUSH_MS });
}
