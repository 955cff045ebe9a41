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
  });
});
