import { isIP } from 'node:net';
import type { MessageKey } from '@p2p/shared';
import { bareHost, isSpecialPurpose } from './special-addresses.ts';

/** Development only: a merchant's program on this machine, over plain http too. */
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Names that are never a public endpoint: this machine, the local link, private networks. */
const LOCAL_NAME = /(^|\.)(localhost|local|internal|home\.arpa)$/;

type Env = 'development' | 'production' | 'test';

/** The URL's host as compared: lower case, without the trailing dot of a fully qualified name. */
export const hostOf = (url: URL) => url.hostname.toLowerCase().replace(/\.$/, '');

/** Outside production, a webhook may go to this machine by one of its plain names (docs/api.md). */
export const isDevLoopback = (url: URL, env: Env) => env !== 'production' && LOOPBACK_HOSTS.has(hostOf(url));

/**
 * Why a webhook address is refused, or null (docs/api.md, docs/decisions/036): HTTPS only;
 * plain http only to this machine (localhost, 127.0.0.1, [::1]) outside production, for
 * development. An address written as an IP of a special-purpose range (private, loopback,
 * link-local, shared, benchmarking, IPv4-mapped or -compatible IPv6, NAT64…) or as a local
 * name is refused in every environment: the server must not be a way into its own network. A
 * name is resolved, and its addresses checked, at every send (webhook-target.ts).
 */
export function webhookUrlRefusal(raw: string, env: Env): MessageKey | null {
  const url = new URL(raw);
  const devLoopback = isDevLoopback(url, env);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && devLoopback))
    return 'webhooks.httpsRequired';
  if (devLoopback) return null;
  const host = hostOf(url);
  if (isIP(bareHost(host)) !== 0) return isSpecialPurpose(host) ? 'webhooks.privateAddress' : null;
  return LOCAL_NAME.test(host) ? 'webhooks.privateAddress' : null;
}
