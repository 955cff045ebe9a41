import { isIP } from 'node:net';

/**
 * IANA's special-purpose address registries (IPv4 and IPv6, as of 2025), plus the ranges that
 * are no one's public endpoint either: multicast, the deprecated site-local fec0::/10 and the
 * IPv4-compatible ::/96. A webhook never connects to any of them (docs/decisions/036): they
 * are this machine, its network, or nobody's. Ranges embedding an IPv4 address (IPv4-mapped,
 * IPv4-compatible, NAT64, 6to4, Teredo) are refused whole, whatever the IPv4 inside.
 */
const IPV4_SPECIAL = [
  '0.0.0.0/8', // "this network"
  '10.0.0.0/8', // private
  '100.64.0.0/10', // shared address space (carrier-grade NAT)
  '127.0.0.0/8', // loopback
  '169.254.0.0/16', // link-local (cloud metadata services live here)
  '172.16.0.0/12', // private
  '192.0.0.0/24', // IETF protocol assignments
  '192.0.2.0/24', // documentation (TEST-NET-1)
  '192.31.196.0/24', // AS112-v4
  '192.52.193.0/24', // AMT
  '192.88.99.0/24', // deprecated 6to4 relay anycast
  '192.168.0.0/16', // private
  '192.175.48.0/24', // AS112 direct delegation
  '198.18.0.0/15', // benchmarking
  '198.51.100.0/24', // documentation (TEST-NET-2)
  '203.0.113.0/24', // documentation (TEST-NET-3)
  '224.0.0.0/4', // multicast
  '240.0.0.0/4', // reserved, and 255.255.255.255 limited broadcast
];

const IPV6_SPECIAL = [
  '::/96', // unspecified ::/128, loopback ::1/128, and the deprecated IPv4-compatible ::a.b.c.d
  '::ffff:0:0/96', // IPv4-mapped
  '64:ff9b::/96', // IPv4/IPv6 translation (NAT64)
  '64:ff9b:1::/48', // local-use IPv4/IPv6 translation
  '100::/64', // discard-only
  '100:0:0:1::/64', // dummy prefix
  '2001::/23', // IETF protocol assignments (Teredo, benchmarking, ORCHID…)
  '2001:db8::/32', // documentation
  '2002::/16', // 6to4
  '2620:4f:8000::/48', // AS112 direct delegation
  '3fff::/20', // documentation
  '5f00::/16', // segment routing SIDs
  'fc00::/7', // unique-local
  'fe80::/10', // link-local
  'fec0::/10', // deprecated site-local
  'ff00::/8', // multicast
];

interface Range {
  base: bigint;
  mask: bigint;
}

function ipv4Bits(ip: string): bigint {
  return ip.split('.').reduce((acc, part) => (acc << 8n) | BigInt(Number(part)), 0n);
}

/** 128 bits of an IPv6 address `isIP` accepted (`::` compression and a dotted IPv4 tail allowed). */
function ipv6Bits(ip: string): bigint {
  let text = ip.toLowerCase();
  const dotted = text.match(/^(.*:)(\d+\.\d+\.\d+\.\d+)$/);
  if (dotted) {
    const v4 = ipv4Bits(dotted[2] as string);
    text = `${dotted[1]}${(v4 >> 16n).toString(16)}:${(v4 & 0xffffn).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups =
    tail === undefined ? left : [...left, ...Array(8 - left.length - right.length).fill('0'), ...right];
  return groups.reduce((acc, group) => (acc << 16n) | BigInt(Number.parseInt(group, 16)), 0n);
}

function range(cidr: string, bits: 32 | 128): Range {
  const [ip = '', prefix = ''] = cidr.split('/');
  const width = BigInt(bits);
  const mask = ((1n << width) - 1n) ^ ((1n << (width - BigInt(Number(prefix)))) - 1n);
  return { base: (bits === 32 ? ipv4Bits(ip) : ipv6Bits(ip)) & mask, mask };
}

const V4 = IPV4_SPECIAL.map((cidr) => range(cidr, 32));
const V6 = IPV6_SPECIAL.map((cidr) => range(cidr, 128));

/** Strips the brackets of a URL's IPv6 host. */
export const bareHost = (host: string) => host.replace(/^\[|\]$/g, '');

/** Whether `ip` (an IPv4 or IPv6 address, brackets allowed) is in a special-purpose range; true for anything that is not an IP. */
export function isSpecialPurpose(ip: string): boolean {
  const bare = bareHost(ip);
  const family = isIP(bare);
  if (family === 4) return V4.some((r) => (ipv4Bits(bare) & r.mask) === r.base);
  if (family === 6) return V6.some((r) => (ipv6Bits(bare) & r.mask) === r.base);
  return true;
}

/** This machine: 127.0.0.0/8 or ::1 (the addresses `localhost` may resolve to). */
export function isLoopback(ip: string): boolean {
  const bare = bareHost(ip);
  const family = isIP(bare);
  if (family === 4) return bare.startsWith('127.');
  return family === 6 && ipv6Bits(bare) === 1n;
}
