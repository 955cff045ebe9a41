import type { ServerResponse } from 'node:http';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

const CSP = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'", 'https://telegram.org'],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
  connectSrc: ["'self'", 'ws:', 'wss:'],
  frameSrc: ['https://oauth.telegram.org'],
  frameAncestors: ["'none'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  // Added per response, only over HTTPS (below): over plain HTTP on a LAN address it would send
  // every file to an https:// URL nobody serves (docs/decisions/034).
  upgradeInsecureRequests: null,
};

const OPTIONS: HelmetOptions = {
  contentSecurityPolicy: { directives: CSP },
  crossOriginEmbedderPolicy: false,
  // HTTPS-only headers are added per request, when the request came over HTTPS.
  strictTransportSecurity: false,
};

/**
 * The headers helmet sets with OPTIONS, computed once: helmet's middleware is run against a
 * response that only records them. (Building helmet per request, as its Fastify plugin does,
 * parsed the policy again on every response.)
 */
export function helmetHeaders(options: HelmetOptions = OPTIONS): [string, string][] {
  const headers = new Map<string, string>();
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers.set(name.toLowerCase(), String(value));
    },
    removeHeader(name: string) {
      headers.delete(name.toLowerCase());
    },
  } as unknown as ServerResponse;
  helmet(options)({} as never, recorder, (error?: unknown) => {
    if (error) throw error;
  });
  return [...headers];
}

/**
 * Whether the browser reached us over HTTPS: the request's protocol (X-Forwarded-Proto only
 * from TRUST_PROXY's proxies), or a Host equal to `httpsHost`, an https PUBLIC_URL's host, which
 * a proxy that terminates TLS forwards unchanged (docs/decisions/034).
 */
function servedOverHttps(request: FastifyRequest, httpsHost: string | null): boolean {
  if (request.protocol === 'https') return true;
  return httpsHost !== null && request.headers.host?.toLowerCase() === httpsHost;
}

/**
 * Security headers on every response: helmet's (CSP, frame, referrer, MIME sniffing and the
 * rest), and over HTTPS also HSTS and `upgrade-insecure-requests` (docs/decisions/034). One
 * synchronous hook that copies precomputed headers; routes may still change them on the raw
 * response (plugins/web.ts, for the Mini App's pages).
 */
const securityHeaders: FastifyPluginAsync<{ publicUrl: string }> = async (app, { publicUrl }) => {
  const headers = helmetHeaders();
  const csp = headers.find(([name]) => name === 'content-security-policy')?.[1];
  const httpsCsp = csp === undefined ? undefined : `${csp};upgrade-insecure-requests`;
  const httpsHost = publicUrl.startsWith('https://') ? new URL(publicUrl).host.toLowerCase() : null;
  app.addHook('onRequest', (request, reply, done) => {
    const raw = reply.raw;
    for (const [name, value] of headers) raw.setHeader(name, value);
    if (servedOverHttps(request, httpsHost)) {
      raw.setHeader('strict-transport-security', 'max-age=31536000; includeSubDomains');
      if (httpsCsp) raw.setHeader('content-security-policy', httpsCsp);
    }
    done();
  });
};

export const securityHeadersPlugin = fp(securityHeaders, { name: 'security-headers' });
