import { ed25519 } from '@noble/curves/ed25519.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { base58, createBase58check } from '@scure/base';
import { describe, expect, it } from 'vitest';
import { validateAddress } from './address.ts';
import { SOLANA_PROGRAM_IDS } from './unspendable-addresses.ts';

// Destinations no one can spend from (docs/decisions/036), with published vectors.

const hex = (text: string) => Uint8Array.from(Buffer.from(text, 'hex'));
const solana = (bytes: Uint8Array) => base58.encode(bytes);
const WALLET = 'vines1vzrYbzLMRdu58ou5XTby4qAqVRLmqo36NKPTg';

/**
 * The eight small-order points of edwards25519 in their canonical encodings: ed25519-dalek's
 * `EIGHT_TORSION` (curve25519-dalek, constants.rs), the same points as libsodium's blocklist in
 * `ge25519_has_small_order`. Orders 1, 8, 4, 8, 2, 8, 4, 8.
 */
const EIGHT_TORSION = [
  '0100000000000000000000000000000000000000000000000000000000000000',
  'c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac037a',
  '0000000000000000000000000000000000000000000000000000000000000080',
  '26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc05',
  'ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f',
  '26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc85',
  '0000000000000000000000000000000000000000000000000000000000000000',
  'c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac03fa',
];

/** libsodium's non-canonical small-order encodings (y = p, p + 1, and sign bits on x = 0). */
const NON_CANONICAL_SMALL_ORDER = [
  'edffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f',
  'eeffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f',
  '0100000000000000000000000000000000000000000000000000000000000080',
  'ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff',
  'edffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff',
  'eeffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff',
];

describe('Solana: points no key yields', () => {
  it.each(EIGHT_TORSION)('refuses the small-order point %s', (point) => {
    const check = validateAddress('SOL', solana(hex(point)));
    expect(check.ok).toBe(false);
    // 32 zero bytes are also the System Program (`111…1`): named as such.
    expect(check).toEqual({ ok: false, reason: point === '0'.repeat(64) ? 'burn' : 'notKey' });
    expect(validateAddress('USDT-SPL', solana(hex(point))).ok).toBe(false);
  });

  it.each(NON_CANONICAL_SMALL_ORDER)('refuses the non-canonical encoding %s', (point) => {
    expect(validateAddress('SOL', solana(hex(point)))).toMatchObject({ ok: false });
  });

  it('refuses a real key plus a torsion point (a mixed-order point), and takes the key itself', () => {
    const key = ed25519.Point.fromBytes(base58.decode(WALLET));
    for (const torsion of EIGHT_TORSION.slice(1)) {
      const mixed = key.add(ed25519.Point.fromBytes(hex(torsion))).toBytes();
      expect(validateAddress('SOL', solana(mixed))).toEqual({ ok: false, reason: 'notKey' });
    }
    expect(validateAddress('SOL', WALLET)).toEqual({ ok: true, canonical: WALLET });
  });

  it('refuses every one-character typo of a real address that is not in the prime-order subgroup', () => {
    const alphabet = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
    const counts = { onCurve: 0, accepted: 0 };
    for (let i = 0; i < WALLET.length; i++) {
      for (const c of alphabet) {
        if (c === WALLET[i]) continue;
        const typo = `${WALLET.slice(0, i)}${c}${WALLET.slice(i + 1)}`;
        const bytes = base58.decode(typo);
        if (bytes.length !== 32) continue;
        let point: ReturnType<typeof ed25519.Point.fromBytes>;
        try {
          point = ed25519.Point.fromBytes(bytes);
        } catch {
          expect(validateAddress('SOL', typo)).toEqual({ ok: false, reason: 'offCurve' });
          continue;
        }
        counts.onCurve++;
        // In the subgroup exactly when ℓ·P = (ℓ − 1)·P + P is the identity.
        const l = ed25519.Point.Fn.ORDER;
        const inSubgroup = point
          .multiplyUnsafe(l - 1n)
          .add(point)
          .equals(ed25519.Point.ZERO);
        const check = validateAddress('SOL', typo);
        expect(check.ok).toBe(inSubgroup);
        if (check.ok) counts.accepted++;
        else expect(check).toEqual({ ok: false, reason: 'notKey' });
      }
    }
    // On the curve about half the time; in the subgroup about one time in eight of those.
    expect(counts.onCurve).toBeGreaterThan(1000);
    expect(counts.accepted).toBeLessThan(counts.onCurve / 6);
  });

  it('refuses the known program ids, sysvars, the incinerator and the wrapped-SOL mint', () => {
    expect(SOLANA_PROGRAM_IDS.size).toBeGreaterThan(30);
    for (const id of SOLANA_PROGRAM_IDS) {
      expect(base58.decode(id)).toHaveLength(32);
      expect(validateAddress('SOL', id)).toEqual({ ok: false, reason: 'burn' });
      expect(validateAddress('USDT-SPL', ` ${id} `)).toEqual({ ok: false, reason: 'burn' });
    }
    expect(validateAddress('SOL', 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA')).toEqual({
      ok: false,
      reason: 'burn',
    });
  });
});

describe('EVM: the zero address and its neighbours', () => {
  it.each(['ETH', 'BNB-BEP20', 'USDT-ERC20'] as const)('refuses the zero address on %s', (network) => {
    expect(validateAddress(network, `0x${'0'.repeat(40)}`)).toEqual({ ok: false, reason: 'burn' });
  });

  it('refuses the precompiles and 0x…dEaD, and takes an ordinary address', () => {
    expect(validateAddress('ETH', `0x${'0'.repeat(39)}1`)).toEqual({ ok: false, reason: 'burn' });
    expect(validateAddress('ETH', `0x${'0'.repeat(38)}ff`)).toEqual({ ok: false, reason: 'burn' });
    expect(validateAddress('ETH', '0x000000000000000000000000000000000000dEaD')).toEqual({
      ok: false,
      reason: 'burn',
    });
    expect(validateAddress('ETH', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed')).toMatchObject({ ok: true });
    expect(validateAddress('ETH', `0x${'0'.repeat(37)}100`)).toMatchObject({ ok: true });
  });
});

describe('TRON: the black hole', () => {
  it('refuses T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb (0x41 and twenty zero bytes), and takes a real address', () => {
    const blackHole = createBase58check(sha256).encode(Uint8Array.from([0x41, ...new Uint8Array(20)]));
    expect(blackHole).toBe('T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb');
    expect(validateAddress('USDT-TRC20', blackHole)).toEqual({ ok: false, reason: 'burn' });
    expect(validateAddress('USDT-TRC20', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t')).toMatchObject({ ok: true });
  });
});
