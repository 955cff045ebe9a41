import { ed25519 } from '@noble/curves/ed25519.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { base58, bech32, createBase58check } from '@scure/base';
import { describe, expect, it } from 'vitest';
import { normalizeTxHash, validateAddress } from './address.ts';

// BIP173 / BIP350 (bitcoin/bips), EIP-55 (ethereum/EIPs) test vectors, plus real addresses.

describe('Bitcoin addresses (BTC)', () => {
  it.each([
    // BIP173 / BIP350 valid mainnet vectors: P2WPKH (upper case), P2TR
    ['BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4'],
    [
      'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0',
      'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0',
    ],
    // P2WSH
    [
      'bc1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3qccfmv3',
      'bc1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3qccfmv3',
    ],
    // base58check P2PKH (genesis coinbase) and P2SH
    ['1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa'],
    ['3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy', '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy'],
    // surrounding whitespace of a paste is not part of the address
    ['  bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4 ', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4'],
  ])('accepts %s', (text, canonical) => {
    expect(validateAddress('BTC', text)).toEqual({ ok: true, canonical });
  });

  it.each([
    // BIP173 invalid addresses
    'tc1qw508d6qejxtdg4y5r3zarvary0c5xw7kg3g4ty', // invalid human-readable part
    'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5', // invalid checksum
    'BC13W508D6QEJXTDG4Y5R3ZARVARY0C5XW7KN40WF2', // invalid witness version
    'bc1rw5uspcuh', // invalid program length
    'bc10w508d6qejxtdg4y5r3zarvary0c5xw7kw508d6qejxtdg4y5r3zarvary0c5xw7kw5rljs90', // program length
    'BC1QR508D6QEJXTDG4Y5R3ZARVARYV98GJ9P', // invalid program length for witness version 0
    'tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sL5k7', // mixed case
    'bc1zw508d6qejxtdg4y5r3zarvaryvqyzf3du', // zero padding of more than 4 bits
    'tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3pjxtptv', // non-zero padding
    'bc1gmk9yu', // empty data section
    // BIP350 invalid addresses
    'tc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vq5zuyut', // invalid human-readable part
    'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqh2y7hd', // bech32 instead of bech32m
    'tb1z0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqglt7rf', // bech32 instead of bech32m
    'BC1S0XLXVLHEMJA6C4DQV22UAPCTQUPFHLXM9H8Z3K2E72Q4K9HCZ7VQ54WELL', // bech32 instead of bech32m
    'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kemeawh', // bech32m instead of bech32
    'tb1q0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vq24jc47', // bech32m instead of bech32
    'bc1p38j9r5y49hruaue7wxjce0updqjuyyx0kh56v8s25huc6995vvpql3jow4', // invalid character
    'BC130XLXVLHEMJA6C4DQV22UAPCTQUPFHLXM9H8Z3K2E72Q4K9HCZ7VQ7ZWS8R', // invalid witness version
    'bc1pw5dgrnzv', // invalid program length (1 byte)
    'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7v8n0nx0muaewav253zgeav', // 41 bytes
    'tb1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vq47Zagq', // mixed case
    'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7v07qwwzcrf', // zero padding > 4 bits
    'tb1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vpggkg4j', // non-zero padding
  ])('refuses the invalid vector %s', (text) => {
    expect(validateAddress('BTC', text)).toEqual({ ok: false });
  });

  it.each([
    // valid BIP350 encodings nobody could spend from (future witness versions, odd lengths)
    'bc1pw508d6qejxtdg4y5r3zarvary0c5xw7kw508d6qejxtdg4y5r3zarvary0c5xw7kt5nd6y', // v1, 40 bytes
    'BC1SW50QGDZ25J', // v16
    'bc1zw508d6qejxtdg4y5r3zarvaryvaxxpcs', // v2
    // valid, but another network: testnet
    'tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sl5k7',
    'tb1pqqqqp399et2xygdj5xreqhjjvcmzhxw4aywxecjdzew6hylgvsesf3hn0c',
    'mipcBbFg9gMiCh81Kj8tqqdgoZub1ZJRfn',
    // base58 with one character changed (checksum), an Ethereum and a TRON address, junk
    '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNb',
    '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
    '',
    'not an address',
  ])('refuses %s', (text) => {
    expect(validateAddress('BTC', text)).toEqual({ ok: false });
  });

  it('takes regtest addresses only in devnet mode, and then no mainnet ones', () => {
    const regtest = 'bcrt1qqqqsyqcyq5rqwzqfpg9scrgwpugpzysnard0ew';
    expect(validateAddress('BTC', regtest)).toEqual({ ok: false });
    expect(validateAddress('BTC', regtest.toUpperCase(), { devnet: true })).toEqual({
      ok: true,
      canonical: regtest,
    });
    expect(validateAddress('BTC', 'mipcBbFg9gMiCh81Kj8tqqdgoZub1ZJRfn', { devnet: true }).ok).toBe(true);
    expect(validateAddress('BTC', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4', { devnet: true }).ok).toBe(
      false,
    );
  });
});

describe('EVM addresses (ETH, USDT-ERC20, BNB-BEP20)', () => {
  const checksummed = [
    // EIP-55 vectors
    '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
    '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB',
    '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb',
  ];

  it.each(checksummed)('accepts the EIP-55 vector %s on every EVM network', (text) => {
    for (const network of ['ETH', 'USDT-ERC20', 'BNB-BEP20'] as const) {
      expect(validateAddress(network, text)).toEqual({ ok: true, canonical: text });
    }
  });

  it.each([
    // EIP-55 all-caps and all-lower vectors carry no checksum; canonical is checksummed
    ['0x52908400098527886E0F7030069857D2E4169EE7', '0x52908400098527886E0F7030069857D2E4169EE7'],
    ['0x8617E340B3D01FA5F11F306F4090FD50E238070D', '0x8617E340B3D01FA5F11F306F4090FD50E238070D'],
    ['0xde709f2102306220921060314715629080e2fb77', '0xde709f2102306220921060314715629080e2fb77'],
    ['0x27b1fdb04752bbc536007a920d24acb045561c26', '0x27b1fdb04752bbc536007a920d24acb045561c26'],
    ['0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'],
    ['0x5AAEB6053F3E94C9B9A09F33669435E7EF1BEAED', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'],
  ])('accepts the unchecksummed %s as %s', (text, canonical) => {
    expect(validateAddress('ETH', text)).toEqual({ ok: true, canonical });
  });

  it.each([
    '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD', // one letter's case flipped: bad checksum
    '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5D359',
    '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6Fb',
    '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAe', // 39 hex
    '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed00', // 42 hex
    '5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', // no 0x
    '0X5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', // 0X
    '0xg aeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
    'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
  ])('refuses %s', (text) => {
    expect(validateAddress('USDT-ERC20', text)).toEqual({ ok: false });
  });
});

describe('TRON addresses (USDT-TRC20)', () => {
  it.each([
    'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', // the USDT contract
    'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7',
  ])('accepts %s', (text) => {
    expect(validateAddress('USDT-TRC20', text)).toEqual({ ok: true, canonical: text });
  });

  it.each([
    'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6T', // last character changed: checksum
    'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6', // one character short
    'tr7nhqjekqxgtci8q8zy4pl8otszgjlj6t', // base58 is case-sensitive
    '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa', // valid base58check, Bitcoin's 0x00 prefix
    '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    'T0000000000000000000000000000000000',
  ])('refuses %s', (text) => {
    expect(validateAddress('USDT-TRC20', text)).toEqual({ ok: false });
  });
});

describe('Dogecoin addresses (DOGE)', () => {
  const base58check = createBase58check(sha256);
  const hash20 = Uint8Array.from({ length: 20 }, (_, i) => i * 7);
  const withVersion = (version: number) => base58check.encode(Uint8Array.from([version, ...hash20]));

  it.each([
    // BIP44 m/44'/3'/0'/0/0 of the BIP39 test seed (P2PKH, version 0x1e)
    'DBus3bamQjgJULBJtYXpEzDWQRwF5iwxgC',
    withVersion(0x1e),
    // P2SH, version 0x16
    withVersion(0x16),
  ])('accepts the mainnet address %s as given', (text) => {
    expect(validateAddress('DOGE', text)).toEqual({ ok: true, canonical: text });
  });

  it('refuses a bad checksum, Bitcoin and test-network versions, and wrong lengths', () => {
    expect(validateAddress('DOGE', 'DBus3bamQjgJULBJtYXpEzDWQRwF5iwxgD')).toEqual({ ok: false });
    expect(validateAddress('DOGE', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa')).toEqual({ ok: false });
    expect(validateAddress('DOGE', withVersion(0x71))).toEqual({ ok: false });
    expect(validateAddress('DOGE', base58check.encode(Uint8Array.from([0x1e, ...hash20, 1])))).toEqual({
      ok: false,
    });
    expect(validateAddress('DOGE', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4')).toEqual({ ok: false });
  });

  it('on the devnet takes the test network (n…, 2…) and not mainnet', () => {
    const testnet = withVersion(0x71);
    expect(testnet).toMatch(/^n/);
    expect(validateAddress('DOGE', testnet, { devnet: true })).toEqual({ ok: true, canonical: testnet });
    expect(validateAddress('DOGE', withVersion(0xc4), { devnet: true }).ok).toBe(true);
    expect(validateAddress('DOGE', 'DBus3bamQjgJULBJtYXpEzDWQRwF5iwxgC', { devnet: true })).toEqual({
      ok: false,
    });
  });
});

/** Solana's `findProgramAddress`: the first bump whose hash is off the ed25519 curve. */
function programAddress(seeds: Uint8Array[], programId: Uint8Array): Uint8Array {
  const marker = new TextEncoder().encode('ProgramDerivedAddress');
  for (let bump = 255; bump >= 0; bump--) {
    const hash = sha256(Uint8Array.from([...seeds.flatMap((s) => [...s]), bump, ...programId, ...marker]));
    try {
      ed25519.Point.fromBytes(hash);
    } catch {
      return hash;
    }
  }
  throw new Error('no bump');
}

describe('Solana addresses (SOL, USDT-SPL)', () => {
  it.each([
    // Solana's documentation example wallet; m/44'/501'/0'/0' of the test seed
    'vines1vzrYbzLMRdu58ou5XTby4qAqVRLmqo36NKPTg',
    'HAgk14JpMQLgt6rVgv7cBQFJWFto5Dqxi472uT3DKpqk',
  ])('accepts the on-curve key %s', (text) => {
    expect(validateAddress('SOL', text)).toEqual({ ok: true, canonical: text });
    expect(validateAddress('USDT-SPL', ` ${text} `)).toEqual({ ok: true, canonical: text });
  });

  it('refuses a program-derived address (off the curve) with its own reason', () => {
    // The associated token account of a wallet for the USDT mint: a PDA of the ATA program.
    const pda = programAddress(
      [
        base58.decode('vines1vzrYbzLMRdu58ou5XTby4qAqVRLmqo36NKPTg'),
        base58.decode('TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA'),
        base58.decode('Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB'),
      ],
      base58.decode('ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL'),
    );
    expect(validateAddress('USDT-SPL', base58.encode(pda))).toEqual({ ok: false, reason: 'offCurve' });
    expect(validateAddress('SOL', base58.encode(pda))).toEqual({ ok: false, reason: 'offCurve' });
  });

  it('refuses other lengths and non-base58 text', () => {
    expect(validateAddress('SOL', base58.encode(new Uint8Array(31).fill(9)))).toEqual({ ok: false });
    expect(validateAddress('SOL', base58.encode(new Uint8Array(33).fill(9)))).toEqual({ ok: false });
    expect(validateAddress('SOL', 'vines1vzrYbzLMRdu58ou5XTby4qAqVRLmqo36NKPT0')).toEqual({ ok: false });
    expect(validateAddress('SOL', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed')).toEqual({ ok: false });
  });
});

describe('Cardano addresses (ADA)', () => {
  // CIP-19's test vectors (cardano-foundation/CIPs), mainnet and test network
  it.each([
    [
      'base, key/key',
      'addr1qx2fxv2umyhttkxyxp8x0dlpdt3k6cwng5pxj3jhsydzer3n0d3vllmyqwsx5wktcd8cc3sq835lu7drv2xwl2wywfgse35a3x',
    ],
    [
      'base, script/key',
      'addr1z8phkx6acpnf78fuvxn0mkew3l0fd058hzquvz7w36x4gten0d3vllmyqwsx5wktcd8cc3sq835lu7drv2xwl2wywfgs9yc0hh',
    ],
    [
      'base, key/script',
      'addr1yx2fxv2umyhttkxyxp8x0dlpdt3k6cwng5pxj3jhsydzerkr0vd4msrxnuwnccdxlhdjar77j6lg0wypcc9uar5d2shs2z78ve',
    ],
    [
      'base, script/script',
      'addr1x8phkx6acpnf78fuvxn0mkew3l0fd058hzquvz7w36x4gt7r0vd4msrxnuwnccdxlhdjar77j6lg0wypcc9uar5d2shskhj42g',
    ],
    ['pointer', 'addr1gx2fxv2umyhttkxyxp8x0dlpdt3k6cwng5pxj3jhsydzer5pnz75xxcrzqf96k'],
    ['enterprise, key', 'addr1vx2fxv2umyhttkxyxp8x0dlpdt3k6cwng5pxj3jhsydzers66hrl8'],
    ['enterprise, script', 'addr1w8phkx6acpnf78fuvxn0mkew3l0fd058hzquvz7w36x4gtcyjy7wx'],
  ])('accepts the %s address (longer than 90 characters too)', (_kind, text) => {
    expect(validateAddress('ADA', text)).toEqual({ ok: true, canonical: text });
    expect(validateAddress('ADA', text.toUpperCase())).toEqual({ ok: true, canonical: text });
  });

  it('refuses stake addresses, test-network addresses, bad checksums and Byron addresses', () => {
    expect(validateAddress('ADA', 'stake1uyehkck0lajq8gr28t9uxnuvgcqrc6070x3k9r8048z8y5gh6ffgw')).toEqual({
      ok: false,
    });
    expect(validateAddress('ADA', 'addr_test1vz2fxv2umyhttkxyxp8x0dlpdt3k6cwng5pxj3jhsydzerspjrlsz')).toEqual(
      { ok: false },
    );
    expect(validateAddress('ADA', 'addr1vx2fxv2umyhttkxyxp8x0dlpdt3k6cwng5pxj3jhsydzers66hrl9')).toEqual({
      ok: false,
    });
    expect(validateAddress('ADA', 'Ae2tdPwUPEZFRbyhz3cpfC2CumGzNkFBN2L42rcUc2yjQpEkxDbkPodpMAi')).toEqual({
      ok: false,
    });
    // the mainnet prefix on a test-network header (network id 0)
    const wrongId = bech32.encode(
      'addr',
      bech32.toWords(Uint8Array.from([0x60, ...new Uint8Array(28)])),
      200,
    );
    expect(validateAddress('ADA', wrongId)).toEqual({ ok: false });
    // an enterprise header with a base address' length
    const wrongLength = bech32.encode(
      'addr',
      bech32.toWords(Uint8Array.from([0x61, ...new Uint8Array(56)])),
      200,
    );
    expect(validateAddress('ADA', wrongLength)).toEqual({ ok: false });
  });

  it('on the devnet takes addr_test1… (network id 0) and not mainnet', () => {
    const text =
      'addr_test1qz2fxv2umyhttkxyxp8x0dlpdt3k6cwng5pxj3jhsydzer3n0d3vllmyqwsx5wktcd8cc3sq835lu7drv2xwl2wywfgs68faae';
    expect(validateAddress('ADA', text, { devnet: true })).toEqual({ ok: true, canonical: text });
    expect(
      validateAddress('ADA', 'addr1vx2fxv2umyhttkxyxp8x0dlpdt3k6cwng5pxj3jhsydzers66hrl8', { devnet: true }),
    ).toEqual({
      ok: false,
    });
  });
});

describe('normalizeTxHash', () => {
  const hex = 'a1'.repeat(32);
  it('wants 64 hex on Bitcoin and TRON, 0x + 64 hex on EVM chains, and lower-cases', () => {
    expect(normalizeTxHash('BTC', hex.toUpperCase())).toBe(hex);
    expect(normalizeTxHash('USDT-TRC20', ` ${hex} `)).toBe(hex);
    expect(normalizeTxHash('ETH', `0x${hex}`)).toBe(`0x${hex}`);
    expect(normalizeTxHash('BNB-BEP20', `0x${hex.toUpperCase()}`)).toBe(`0x${hex}`);
    expect(normalizeTxHash('BTC', `0x${hex}`)).toBeNull();
    expect(normalizeTxHash('ETH', hex)).toBeNull();
    expect(normalizeTxHash('BTC', hex.slice(2))).toBeNull();
    expect(normalizeTxHash('USDT-ERC20', `0x${hex}zz`)).toBeNull();
    expect(normalizeTxHash('BTC', '')).toBeNull();
    expect(normalizeTxHash('DOGE', hex.toUpperCase())).toBe(hex);
    expect(normalizeTxHash('ADA', hex)).toBe(hex);
  });

  it('keeps a Solana signature (base58 of 64 bytes) as typed: its case is significant', () => {
    const signature = base58.encode(Uint8Array.from({ length: 64 }, (_, i) => 200 - i));
    expect(normalizeTxHash('SOL', ` ${signature} `)).toBe(signature);
    expect(normalizeTxHash('USDT-SPL', signature)).toBe(signature);
    expect(normalizeTxHash('SOL', signature.toLowerCase())).toBeNull();
    expect(normalizeTxHash('SOL', hex)).toBeNull();
  });
});
