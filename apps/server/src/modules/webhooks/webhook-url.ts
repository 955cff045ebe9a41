import { isIP } from 'node:net';
import type { MessageKey } from '@p2p/shared';

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** IPv4 literals of loopback, private, link-local and unspecified ranges. */
function privateIpv4(host: string): boolean {
  const [a = 0, b = 0] = host.split('.').map(Number);
  return (
    a === 10 ||
    a === 127 ||
    a === 0 ||
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168) ||
    (a === 169 && b === 254)
  );
}

/** IPv6 literals of loopback, unique-local, link-local and unspecified ranges. */
function privateIpv6(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, '').toLowerCase();
  return h === '::1' || h === '::' || /^f[cd]/.test(h) || /^fe[89ab]/.test(h) || h.startsWith('::ffff:');
}

/**
 * Why a webhook address is refused, or null (docs/api.md): HTTPS only; plain http only to
 * this machine (localhost, 127.0.0.1, [::1]) outside production, for development. In
 * production an address written as a private or loopback IP is refused too: the server
 * must not be a way into its own network. (A public name that resolves to a private address
 * is not caught here; docs/decisions/025 says what would.)
 */
export function webhookUrlRefusal(
  raw: string,
  env: 'development' | 'production' | 'test',
): MessageKey | null {
  const url = new URL(raw);
  const host = url.hostname.toLowerCase();
  const production = env === 'production';
  if (url.protocol === 'http:')
    return LOOPBACK_HOSTS.has(host) && !production ? null : 'webhooks.httpsRequired';
  if (url.protocol !== 'https:') return 'webhooks.httpsRequired';
  if (!production) return null;
  const bare = host.replace(/^\[|\]$/g, '');
  const ip = isIP(bare);
  if (host === 'localhost' || host.endsWith('.localhost')) return 'webhooks.privateAddress';
  if (ip === 4 && privateIpv4(bare)) return 'webhooks.privateAddress';
  if (ip === 6 && privateIpv6(bare)) return 'webhooks.privateAddress';
  return null;
}
