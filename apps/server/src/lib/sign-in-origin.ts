import { isIP } from 'node:net';

/**
 * Where a sign-in came from, as the owner's security notice names it (docs/decisions/033,
 * "Security events"): the device from the User-Agent («Chrome, Android») and a rough place from
 * the IP. There is no GeoIP database offline, so the place is «локальная сеть» for private and
 * loopback ranges and otherwise the address with its last part masked (203.0.113.x).
 */
export interface SignInOrigin {
  /** The browser's zone, already validated (docs/decisions/030). */
  timeZone?: string | undefined;
  userAgent?: string | undefined;
  ip?: string | undefined;
}

const BROWSERS: [RegExp, string][] = [
  [/YaBrowser\//, 'Yandex Browser'],
  [/Edg(e|A|iOS)?\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/Chrome\/|CriOS\//, 'Chrome'],
  [/Safari\//, 'Safari'],
  [/Telegram/i, 'Telegram'],
];

const SYSTEMS: [RegExp, string][] = [
  [/Android/, 'Android'],
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/CrOS/, 'ChromeOS'],
  [/Linux/, 'Linux'],
];

const first = (table: [RegExp, string][], ua: string) => table.find(([re]) => re.test(ua))?.[1];

/** «Chrome, Android» from a User-Agent; null when nothing in it is known. */
export function deviceOf(userAgent: string | undefined): string | null {
  if (!userAgent) return null;
  const parts = [first(BROWSERS, userAgent), first(SYSTEMS, userAgent)].filter(Boolean);
  return parts.length ? parts.join(', ') : null;
}

/** Whether an IPv4 address is private, loopback or link-local (RFC 1918, 5735, 3927, 6598). */
function privateV4(ip: string): boolean {
  const [a = 0, b = 0] = ip.split('.').map(Number);
  return (
    a === 10 ||
    a === 127 ||
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168) ||
    (a === 169 && b === 254) ||
    (a === 100 && b >= 64 && b <= 127)
  );
}

/**
 * A rough place from an IP: `local` for private ranges, otherwise the address masked — the last
 * octet of IPv4 (203.0.113.x), all but the first three groups of IPv6 (2001:db8:1::x).
 */
export function placeOf(ip: string | undefined): { local: true } | { masked: string } | null {
  if (!ip) return null;
  const v4 = ip.startsWith('::ffff:') && isIP(ip.slice(7)) === 4 ? ip.slice(7) : ip;
  if (isIP(v4) === 4) {
    return privateV4(v4) ? { local: true } : { masked: `${v4.split('.').slice(0, 3).join('.')}.x` };
  }
  if (isIP(ip) !== 6) return null;
  const lower = ip.toLowerCase();
  if (lower === '::1' || lower.startsWith('fc') || lower.startsWith('fd') || lower.startsWith('fe80')) {
    return { local: true };
  }
  return { masked: `${lower.split(':').slice(0, 3).join(':')}::x` };
}
