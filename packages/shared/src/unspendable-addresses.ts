import { ed25519 } from '@noble/curves/ed25519.js';

/**
 * Destinations no one can spend from (docs/decisions/036): coins sent there are gone for
 * everyone. Well-formed, so the checksum alone lets them through; address.ts refuses them.
 */

/**
 * Solana's own programs, sysvars and burn accounts: valid 32-byte ids, some even on the curve,
 * but no wallet holds their keys (coins sent to a program id stay there).
 */
export const SOLANA_PROGRAM_IDS: ReadonlySet<string> = new Set([
  '11111111111111111111111111111111', // System Program
  'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA', // SPL Token
  'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb', // SPL Token-2022
  'ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL', // Associated Token Account
  'MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr', // Memo v2
  'Memo1UhkJRfHyvLMcVucJwxXeuD728EqVDDwQDxFMNo', // Memo v1
  'BPFLoader1111111111111111111111111111111111',
  'BPFLoader2111111111111111111111111111111111',
  'BPFLoaderUpgradeab1e11111111111111111111111',
  'LoaderV411111111111111111111111111111111111',
  'NativeLoader1111111111111111111111111111111',
  'Vote111111111111111111111111111111111111111',
  'Stake11111111111111111111111111111111111111',
  'StakeConfig11111111111111111111111111111111',
  'Config1111111111111111111111111111111111111',
  'ComputeBudget111111111111111111111111111111',
  'AddressLookupTab1e1111111111111111111111111',
  'Ed25519SigVerify111111111111111111111111111',
  'KeccakSecp256k11111111111111111111111111111',
  'Secp256r1SigVerify1111111111111111111111111',
  'ZkTokenProof1111111111111111111111111111111',
  'Sysvar1111111111111111111111111111111111111',
  'SysvarC1ock11111111111111111111111111111111',
  'SysvarEpochSchedu1e111111111111111111111111',
  'SysvarFees111111111111111111111111111111111',
  'Sysvar1nstructions1111111111111111111111111',
  'SysvarRecentB1ockHashes11111111111111111111',
  'SysvarRent111111111111111111111111111111111',
  'SysvarRewards111111111111111111111111111111',
  'SysvarS1otHashes111111111111111111111111111',
  'SysvarS1otHistory11111111111111111111111111',
  'SysvarStakeHistory1111111111111111111111111',
  'SysvarEpochRewards1111111111111111111111111',
  'SysvarLastRestartS1ot1111111111111111111111',
  '1nc1nerator11111111111111111111111111111111', // the burn account
  'So11111111111111111111111111111111111111112', // wrapped SOL's mint
]);

/**
 * An ed25519 public key of a wallet is a multiple of the base point, so it lies in the
 * prime-order subgroup and is not of small order. A point with a torsion component (or one of
 * the eight small-order points, such as the System Program's 32 zero bytes) is no key anyone
 * holds: a one-character typo of a real address decodes to such a point seven times in eight
 * when it lands on the curve at all. The arithmetic is @noble/curves' (audited), not ours.
 */
export function isWalletPoint(bytes: Uint8Array): boolean | 'offCurve' {
  let point: ReturnType<typeof ed25519.Point.fromBytes>;
  try {
    // Strict RFC 8032 decoding: a non-canonical encoding (y ≥ p) is no key either.
    point = ed25519.Point.fromBytes(bytes);
  } catch {
    return 'offCurve';
  }
  return !point.isSmallOrder() && point.isTorsionFree();
}

/**
 * EVM addresses no key controls: the zero address (what a bug or an empty field sends to), the
 * precompiled contracts right above it (0x…01 to 0x…ff) and the conventional burn address
 * 0x…dEaD. Lower-case hex without 0x.
 */
export function isEvmBurnAddress(hexLower: string): boolean {
  return /^0{38}[0-9a-f]{2}$/.test(hexLower) || hexLower === '000000000000000000000000000000000000dead';
}

/** TRON's black hole `T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb`: the 0x41 prefix and twenty zero bytes. */
export function isTronBlackHole(bytes: Uint8Array): boolean {
  return bytes.length === 21 && bytes.slice(1).every((b) => b === 0);
}
