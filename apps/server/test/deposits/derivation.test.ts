import { NETWORK_IDS } from '@p2p/shared';
import { validateAddress } from '@p2p/shared/address';
import { HDKey } from '@scure/bip32';
import { describe, expect, it } from 'vitest';
import { DEVNET_CARDANO_ACCOUNT_KEY } from '../../src/modules/chains/cardano-keys.ts';
import { DEVNET_KEYS } from '../../src/modules/chains/chain-config.ts';
import { devnetSolanaAddress } from '../../src/modules/chains/devnet/devnet-addresses.ts';
import {
  AddressDeriver,
  canonicalAddress,
  parseAccountKey,
  tronToHex,
} from '../../src/modules/chains/keys.ts';
import { toPlatformUnits } from '../../src/modules/chains/units.ts';
import { testConfig } from '../helpers.ts';
import { freshAccountXpub, ZPUB_VERSIONS } from './support.ts';

/**
 * Address derivation against published vectors of the BIP39 test seed "abandon abandon …
 * about": BIP84's own test vectors for Bitcoin, and the addresses every wallet shows for
 * that seed on Ethereum (m/44'/60'/0'/0/i) and TRON (m/44'/195'/0'/0/i).
 */

/** BIP84, "Test vectors": account 0 root key, m/84'/0'/0'. */
const BIP84_ZPUB =
  'zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs';
/** Its account private key, which the server must refuse. */
const BIP84_ZPRV =
  'zprvAdG4iTXWBoARxkkzNpNh8r6Qag3irQB8PzEMkAFeTRXxHpbF9z4QgEvBRmfvqWvGp42t42nvgGpNgYSJA9iefm1yYNZKEm7z6qUWCroSQnE';
/** The test seed's Dogecoin account m/44'/3'/0' in Dogecoin's own version bytes, public and private. */
const DOGE_DGUB =
  'dgub8rUhDtD3YFGZTUphBfpBbzvFxSMKQXYLzg87Me2ta78r2SdVLmypBUkkxrrn9RTnchsyiJSkHZyLWxD13ibBiXtuFWktBoDaGaZjQUBLNLs';
const DOGE_DGPV = HDKey.fromMasterSeed(
  Buffer.from(
    '5eb00bbddcf069084889a8ab9155568165f5c453ccb85e70811aaed6f6da5fc19a5ac40b389cd370d086206dec8aa6c43daea6690f20ad3d8d48b2d2ce9e38e4',
    'hex',
  ),
  { public: 0x02facafd, private: 0x02fac398 },
).derive("m/44'/3'/0'").privateExtendedKey;
/** BIP32 test vector 1 master key (depth 0): not an account key. */
const MASTER_XPUB =
  'xpub661MyMwAqRbcFtXgS5sYJABqqG9YLmC4Q1Rdap9gSE8NqtwybGhePY2gZ29ESFjqJoCu1Rupje8YtGqsefD265TMg7usUDFdp6W1EGMcet8';

describe('deposit address derivation (published vectors)', () => {
  it('BIP84 mainnet: the zpub of the test seed gives bc1qcr8te4… at 0/0 and bc1qnjg0jd… at 0/1', () => {
    const btc = AddressDeriver.fromText('bitcoin', BIP84_ZPUB, 'mainnet');
    expect(btc.addressAt(0)).toBe('bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu');
    expect(btc.addressAt(1)).toBe('bc1qnjg0jd8228aq7egyzacy8cys3knf9xvrerkf9g');
  });

  it('devnet Bitcoin: the BIP84 test-network account, encoded for regtest (bcrt1…)', () => {
    const btc = AddressDeriver.fromText('bitcoin', DEVNET_KEYS.bitcoin, 'devnet');
    // BIP84's testnet vector for m/84'/1'/0'/0/0 is tb1q6rz28mcfaxtmd6v789l9rrlrusdprr9pqcpvkl:
    // the same witness program under the regtest prefix.
    expect(btc.addressAt(0)).toBe('bcrt1q6rz28mcfaxtmd6v789l9rrlrusdprr9pz3cppk');
  });

  it("Ethereum and BNB Smart Chain: EIP-55 addresses of m/44'/60'/0'/0/i", () => {
    const eth = AddressDeriver.fromText('ethereum', DEVNET_KEYS.ethereum, 'mainnet');
    expect(eth.addressAt(0)).toBe('0x9858EfFD232B4033E47d90003D41EC34EcaEda94');
    expect(eth.addressAt(1)).toBe('0x6Fac4D18c912343BF86fa7049364Dd4E424Ab9C0');
    expect(AddressDeriver.fromText('bsc', DEVNET_KEYS.bsc, 'mainnet').addressAt(0)).toBe(eth.addressAt(0));
  });

  it("TRON: base58check with the 0x41 prefix of m/44'/195'/0'/0/0", () => {
    const tron = AddressDeriver.fromText('tron', DEVNET_KEYS.tron, 'mainnet');
    expect(tron.addressAt(0)).toBe('TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH');
    expect(tronToHex('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t')).toBe('a614f803b6fd780986a42c78ec9c7f77e6ded13c');
  });

  it("Dogecoin: P2PKH D… of m/44'/3'/0'/0/i, from an xpub or a dgub; the devnet's test network n…", () => {
    const doge = AddressDeriver.fromText('dogecoin', DEVNET_KEYS.dogecoin, 'mainnet');
    expect(doge.addressAt(0)).toBe('DBus3bamQjgJULBJtYXpEzDWQRwF5iwxgC');
    expect(doge.addressAt(1)).toBe('DAcDAtJRztxBHyA6D6h8du1HguyTR43Mas');
    expect(AddressDeriver.fromText('dogecoin', DOGE_DGUB, 'mainnet').addressAt(1)).toBe(doge.addressAt(1));
    const devnet = AddressDeriver.fromText('dogecoin', DEVNET_KEYS.dogecoin, 'devnet').addressAt(0);
    expect(devnet).toMatch(/^n/);
    expect(validateAddress('DOGE', devnet, { devnet: true })).toEqual({ ok: true, canonical: devnet });
  });

  it('refuses a Dogecoin private key, another chain key format and a wrong depth', () => {
    expect(() => parseAccountKey('dogecoin', DOGE_DGPV, 'mainnet')).toThrow(/private key/);
    expect(() => parseAccountKey('dogecoin', BIP84_ZPUB, 'mainnet')).toThrow(/xpub or dgub/);
    expect(() => parseAccountKey('dogecoin', MASTER_XPUB, 'mainnet')).toThrow(/depth 3/);
  });

  it("devnet only: Solana keys of m/44'/501'/i'/0' (SLIP-0010), the devnet pool's addresses", () => {
    // the address wallets (Phantom, Solflare) show for the test seed's first account
    expect(devnetSolanaAddress(0)).toBe('HAgk14JpMQLgt6rVgv7cBQFJWFto5Dqxi472uT3DKpqk');
    expect(devnetSolanaAddress(1)).not.toBe(devnetSolanaAddress(0));
    expect(validateAddress('SOL', devnetSolanaAddress(7))).toMatchObject({ ok: true });
    expect(() => devnetSolanaAddress(-1)).toThrow(RangeError);
  });

  it('refuses private keys, non-account depths and test keys for mainnet Bitcoin', () => {
    expect(() => parseAccountKey('bitcoin', BIP84_ZPRV, 'mainnet')).toThrow(/private key/);
    expect(() => parseAccountKey('ethereum', MASTER_XPUB, 'mainnet')).toThrow(/depth 3/);
    expect(() => parseAccountKey('bitcoin', DEVNET_KEYS.bitcoin, 'mainnet')).toThrow(/test-network/);
    expect(() => parseAccountKey('ethereum', BIP84_ZPUB, 'mainnet')).toThrow(/xpub/);
    expect(() => parseAccountKey('tron', 'xpub-not-a-key', 'mainnet')).toThrow(/not a valid/);
  });

  it('canonical forms: lower-case bech32, EIP-55, TRON as is; foreign formats are no address', () => {
    expect(canonicalAddress('bitcoin', 'BC1QCR8TE4KR609GCAWUTMRZA0J4XV80JY8Z306FYU')).toBe(
      'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu',
    );
    expect(canonicalAddress('ethereum', '0x9858effd232b4033e47d90003d41ec34ecaeda94')).toBe(
      '0x9858EfFD232B4033E47d90003D41EC34EcaEda94',
    );
    expect(canonicalAddress('tron', 'TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH')).toBe(
      'TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH',
    );
    expect(canonicalAddress('tron', 'TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdX')).toBeNull();
    expect(canonicalAddress('ethereum', 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu')).toBeNull();
  });
});

describe('on-chain units to the platform 1e-8', () => {
  it('scales up coins with fewer decimals exactly (USDT has 6)', () => {
    expect(toPlatformUnits(25_000_000n, 6)).toEqual({ amount: 2_500_000_000n, remainder: 0n });
    expect(toPlatformUnits(150_000n, 8)).toEqual({ amount: 150_000n, remainder: 0n });
  });

  it('SOL (9 decimals, lamports) loses its last digit to the remainder; ADA (6, lovelace) scales up', () => {
    // 1.234567891 SOL -> 1.23456789, one lamport kept as the remainder (docs/decisions/031)
    expect(toPlatformUnits(1_234_567_891n, 9)).toEqual({ amount: 123_456_789n, remainder: 1n });
    expect(toPlatformUnits(9n, 9)).toEqual({ amount: 0n, remainder: 9n });
    // 12.345678 ADA
    expect(toPlatformUnits(12_345_678n, 6)).toEqual({ amount: 1_234_567_800n, remainder: 0n });
  });

  it('rounds 18-decimal amounts down and keeps the remainder in wei', () => {
    // 1.234567891234567891 ETH
    expect(toPlatformUnits(1_234_567_891_234_567_891n, 18)).toEqual({
      amount: 123_456_789n,
      remainder: 1_234_567_891n,
    });
    expect(toPlatformUnits(9_999_999_999n, 18)).toEqual({ amount: 0n, remainder: 9_999_999_999n });
  });
});

describe('chain configuration', () => {
  it('defaults to chains off; devnet falls back to the committed test xpubs', () => {
    expect(testConfig().chain.mode).toBe('off');
    const devnet = testConfig({ CHAIN_MODE: 'devnet' }).chain;
    expect(devnet.keys.bitcoin).toBe(DEVNET_KEYS.bitcoin);
    expect(devnet.bscSharesEthereumKey).toBe(true);
    // the devnet serves every network; live mode without CHAIN_NETWORKS those with a live adapter
    expect(devnet.networks).toEqual([...NETWORK_IDS]);
    expect(devnet.keys.dogecoin).toBe(DEVNET_KEYS.dogecoin);
  });

  it('refuses devnet in production', () => {
    expect(() => testConfig({ NODE_ENV: 'production', AUTH_DEV_LOGIN: '0', CHAIN_MODE: 'devnet' })).toThrow(
      /devnet is refused when NODE_ENV=production/,
    );
  });

  it('live mode requires an xpub per enabled chain and refuses the public test keys', () => {
    expect(() => testConfig({ CHAIN_MODE: 'live', CHAIN_NETWORKS: 'BTC' })).toThrow(/BTC_XPUB: required/);
    expect(() => testConfig({ CHAIN_MODE: 'live', CHAIN_NETWORKS: 'BTC', BTC_XPUB: BIP84_ZPUB })).toThrow(
      /well-known seed/,
    );
    expect(() => testConfig({ CHAIN_MODE: 'live', CHAIN_NETWORKS: 'ETH', ETH_XPUB: MASTER_XPUB })).toThrow(
      /ETH_XPUB: must be an account-level key/,
    );
    expect(() => testConfig({ CHAIN_MODE: 'live', CHAIN_NETWORKS: 'LTC' })).toThrow(/unknown network LTC/);
    expect(() => testConfig({ CHAIN_MODE: 'live', CHAIN_NETWORKS: 'DOGE' })).toThrow(/DOGE_XPUB: required/);
    for (const key of [DEVNET_KEYS.dogecoin, DOGE_DGUB]) {
      expect(() => testConfig({ CHAIN_MODE: 'live', CHAIN_NETWORKS: 'DOGE', DOGE_XPUB: key })).toThrow(
        /DOGE_XPUB: is the public test key of a well-known seed/,
      );
    }
  });

  it('live mode: SOL and USDT-SPL draw from the address pool and need no key; ADA needs its account key', () => {
    const sol = testConfig({ CHAIN_MODE: 'live', CHAIN_NETWORKS: 'SOL,USDT-SPL' }).chain;
    expect(sol.poolChains).toEqual(['solana']);
    expect(sol.keys).toEqual({});
    expect(() => testConfig({ CHAIN_MODE: 'live', CHAIN_NETWORKS: 'ADA' })).toThrow(
      /ADA_ACCOUNT_XPUB: required with CHAIN_MODE=live for ADA/,
    );
    // The test seed's account key is the devnet's, never live.
    expect(() =>
      testConfig({ CHAIN_MODE: 'live', CHAIN_NETWORKS: 'ADA', ADA_ACCOUNT_XPUB: DEVNET_CARDANO_ACCOUNT_KEY }),
    ).toThrow(/ADA_ACCOUNT_XPUB: is the public test key/);
    expect(() =>
      testConfig({ CHAIN_MODE: 'live', CHAIN_NETWORKS: 'ADA', ADA_ACCOUNT_XPUB: 'acct_xsk1abc' }),
    ).toThrow(/ADA_ACCOUNT_XPUB: is a private key/);
    expect(() =>
      testConfig({ CHAIN_MODE: 'live', CHAIN_NETWORKS: 'ADA', ADDRESS_POOL_NETWORKS: 'ADA' }),
    ).toThrow(/BLOCKFROST_PROJECT_ID: required/);
    // ADA on the pool needs no key either.
    const adaPool = testConfig({
      CHAIN_MODE: 'live',
      CHAIN_NETWORKS: 'ADA',
      ADDRESS_POOL_NETWORKS: 'ADA',
      BLOCKFROST_PROJECT_ID: 'mainnetTestProject',
    }).chain;
    expect(adaPool).toMatchObject({ poolChains: ['cardano'], adaAccountKey: null });
    expect(() => testConfig({ CHAIN_MODE: 'devnet', ADDRESS_POOL_NETWORKS: 'XRP' })).toThrow(
      /ADDRESS_POOL_NETWORKS: unknown network XRP/,
    );
    const error = (() => {
      try {
        testConfig({ CHAIN_MODE: 'live' });
      } catch (e) {
        return String(e);
      }
      return '';
    })();
    expect(error).toMatch(/DOGE_XPUB: required with CHAIN_MODE=live for DOGE/);
    expect(error).toMatch(/ADA_ACCOUNT_XPUB: required/);
    expect(error).not.toMatch(/no live adapter|SOL|USDT-SPL/);
  });

  it('a network named in ADDRESS_POOL_NETWORKS puts its whole chain on the pool, without a key', () => {
    const config = testConfig({
      CHAIN_MODE: 'live',
      CHAIN_NETWORKS: 'ETH,USDT-ERC20,BTC',
      ADDRESS_POOL_NETWORKS: 'USDT-ERC20',
      BTC_XPUB: freshAccountXpub("m/84'/0'/0'", ZPUB_VERSIONS),
    }).chain;
    expect(config.poolChains).toEqual(['ethereum']);
    expect(Object.keys(config.keys)).toEqual(['bitcoin']);
  });

  it('live mode with its own keys: only the chains of enabled networks, BSC from ETH_XPUB', () => {
    // Any account xpub that is not a test key will do; this one is the BIP32 vector 1 m/0'/1/2'.
    const account =
      'xpub6D4BDPcP2GT577Vvch3R8wDkScZWzQzMMUm3PWbmWvVJrZwQY4VUNgqFJPMM3No2dFDFGTsxxpG5uJh7n7epu4trkrX7x7DogT5Uv6fcLW5';
    const config = testConfig({
      CHAIN_MODE: 'live',
      CHAIN_NETWORKS: 'ETH,BNB-BEP20',
      ETH_XPUB: account,
    }).chain;
    expect(config.keys).toEqual({ ethereum: account, bsc: account });
    expect(config.contracts.usdtErc20).toBe('0xdAC17F958D2ee523a2206206994597C13D831ec7');
  });
});
