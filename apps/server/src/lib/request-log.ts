import type { FastifyRequest } from 'fastify';

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
