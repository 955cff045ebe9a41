import type { LookupAddress, LookupOptions } from 'node:dns';
import { lookup as dnsLookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { bareHost, isLoopback, isSpecialPurpose } from './special-addresses.ts';
import { hostOf, isDevLoopback, webhookUrlRefusal } from './webhook-url.ts';

/** Resolves a host name to all its addresses (dns.lookup, as the system resolves it). */
export type HostLookup = (host: string) => Promise<LookupAddress[]>;

export const systemLookup: HostLookup = (host) => dnsLookup(host, { all: true, verbatim: true });

/**
 * The one address a delivery may connect to, checked at send time (docs/decisions/036): the
 * URL must still pass the creation rules, and every address its host resolves to must be
 * outside the special-purpose ranges (only loopback for a development `localhost`). A name
 * with one private answer among public ones is refused whole. Null: do not connect.
 */
export async function deliveryTarget(
  url: URL,
  env: 'development' | 'production' | 'test',
  lookup: HostLookup,
): Promise<LookupAddress | null> {
  if (webhookUrlRefusal(url.href, env)) return null;
  const host = bareHost(hostOf(url));
  const family = isIP(host);
  const addresses = family !== 0 ? [{ address: host, family }] : await lookup(host);
  const allowed = isDevLoopback(url, env)
    ? (a: LookupAddress) => isLoopback(a.address)
    : (a: LookupAddress) => !isSpecialPurpose(a.address);
  const [first] = addresses;
  return first && addresses.every(allowed) ? first : null;
}

/**
 * A lookup that answers the checked address whatever it is asked: the connection goes where
 * the check looked, so a name that resolves elsewhere a moment later (DNS rebinding) changes
 * nothing. The TLS certificate is still checked against the URL's host name.
 */
function pinned(target: LookupAddress) {
  return (
    _host: string,
    options: LookupOptions,
    callback: (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void,
  ) => {
    if (options.all) callback(null, [target]);
    else callback(null, target.address, target.family);
  };
}

export interface PinnedPost {
  headers: Record<string, string>;
  body: string;
  signal: AbortSignal;
}

/**
 * POSTs `body` to `url` over a new connection to `target` and resolves with the answer's HTTP
 * status as soon as its head arrives (the body is not read). Redirects are not followed.
 */
export function postPinned(url: URL, target: LookupAddress, request: PinnedPost): Promise<number> {
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.request(
      url,
      {
        method: 'POST',
        headers: { ...request.headers, 'content-length': String(Buffer.byteLength(request.body)) },
        lookup: pinned(target),
        // No pooled sockets: each attempt connects to the address just checked.
        agent: false,
        signal: request.signal,
      },
      (res) => {
        resolve(res.statusCode ?? 0);
        res.destroy();
      },
    );
    req.on('error', reject);
    req.end(request.body);
  });
}
