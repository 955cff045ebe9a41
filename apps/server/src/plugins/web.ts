import { existsSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { MARKET_FILTER_PARAMS, MARKET_FIRST_REQUESTS } from '@p2p/shared';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sendNotFound } from './errors.ts';

/**
 * The pages allowed to frame the app: Telegram's web clients (Web K at /k/, Web A at /a/), which
 * open a Mini App in an iframe (docs/decisions/029). Native Telegram apps use a webview, not a
 * frame. Nothing else may frame it.
 */
export const TELEGRAM_WEB_CLIENTS = ['https://web.telegram.org'] as const;

/**
 * The app's page (index.html) may be framed by Telegram's web clients: its CSP names them in
 * `frame-ancestors`, and X-Frame-Options, which cannot name an origin, is dropped. Every other
 * response keeps `frame-ancestors 'none'` and X-Frame-Options from helmet (app.ts).
 */
function frameableByTelegram(raw: ServerResponse): void {
  const csp = raw.getHeader('content-security-policy');
  if (typeof csp === 'string') {
    raw.setHeader(
      'content-security-policy',
      csp.replace(/frame-ancestors [^;]*/, `frame-ancestors ${TELEGRAM_WEB_CLIENTS.join(' ')}`),
    );
  }
  raw.removeHeader('x-frame-options');
}

/**
 * The market's first requests, announced with its page: the browser starts them with the HTML
 * instead of after the scripts have downloaded and run, and the app's own `fetch` of the same
 * address (same mode and credentials: `crossorigin=anonymous` is fetch()'s default) takes the
 * preloaded answer. Only for `/` without the market's filters, the one view whose requests are
 * known here; any other page or filter would leave them unused (docs/decisions/040, second
 * addendum).
 */
const MARKET_PRELOADS = MARKET_FIRST_REQUESTS.map(
  (url) => `<${url}>; rel=preload; as=fetch; crossorigin=anonymous`,
).join(', ');

function isMarketDefaultView(url: string): boolean {
  const at = url.indexOf('?');
  if ((at < 0 ? url : url.slice(0, at)) !== '/') return false;
  const params = new URLSearchParams(at < 0 ? '' : url.slice(at + 1));
  return MARKET_FILTER_PARAMS.every((name) => !params.has(name));
}

/**
 * Serves the built SPA. Unknown non-API GETs that want HTML get index.html (history routing);
 * everything else unknown is a 404 envelope. Files go out precompressed (br, gzip: written at
 * build time) when the browser takes it; hashed assets are immutable, index.html is
 * revalidated every time (an old one would point at deleted assets); source maps are never
 * served (docs/decisions/018).
 */
export const webPlugin = fp(async (app: FastifyInstance, opts: { dist: string | null }) => {
  const dist = opts.dist && existsSync(join(opts.dist, 'index.html')) ? opts.dist : null;
  if (dist) {
    await app.register(fastifyStatic, {
      root: dist,
      wildcard: false,
      index: false,
      preCompressed: true,
      maxAge: '1h',
      allowedPath: (path) => !path.endsWith('.map'),
      setHeaders(reply, path) {
        if (path.startsWith(join(dist, 'assets'))) {
          reply.header('cache-control', 'public, max-age=31536000, immutable');
        } else if (/index\.html(\.(br|gz))?$/.test(path)) {
          reply.header('cache-control', 'no-cache');
          frameableByTelegram(reply.raw);
        }
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const isApi = path.startsWith('/api/') || path === '/api' || path.startsWith('/socket.io');
    const accept = request.headers.accept ?? '*/*';
    // A page route (no file extension) for a client that takes HTML; missing assets stay 404.
    const wantsHtml = (accept.includes('text/html') || accept.includes('*/*')) && !/\.[a-z0-9]+$/i.test(path);
    if (dist && request.method === 'GET' && !isApi && wantsHtml) {
      frameableByTelegram(reply.raw);
      if (isMarketDefaultView(request.url)) reply.header('link', MARKET_PRELOADS);
      return reply.sendFile('index.html');
    }
    return sendNotFound(reply, request.method, request.url);
  });
});
