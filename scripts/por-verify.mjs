#!/usr/bin/env node
// `npm run por:verify -- proof.json`: checks a proof-of-reserves download with nothing but Node's
// own crypto: no import from this repository, so anyone can read it against
// docs/proof-of-reserves.md and run it without our server. Exit 0 when the proof holds, 1 if not.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';

const sha256 = (...parts) => createHash('sha256').update(Buffer.concat(parts)).digest();
const U64_MAX = (1n << 64n) - 1n;

function amount(text) {
  if (typeof text !== 'string' || !/^\d{1,20}$/.test(text)) throw new Error(`bad amount ${text}`);
  const value = BigInt(text);
  if (value > U64_MAX) throw new Error(`amount ${text} exceeds 64 bits`);
  return value;
}

function hex32(text) {
  if (typeof text !== 'string' || !/^[0-9a-f]{64}$/.test(text)) throw new Error(`bad hash ${text}`);
  return Buffer.from(text, 'hex');
}

/** u16 count ‖ per coin: ASCII code zero-padded to 8 bytes ‖ u64 big-endian amount. */
function coinsBytes(coins, amounts) {
  const out = Buffer.alloc(2 + coins.length * 16);
  out.writeUInt16BE(coins.length, 0);
  coins.forEach((coin, i) => {
    if (!/^[A-Z0-9]{1,8}$/.test(coin)) throw new Error(`bad coin ${coin}`);
    if (amounts[i] > U64_MAX) throw new Error(`sum of ${coin} exceeds 64 bits`);
    out.write(coin, 2 + i * 16, 'ascii');
    out.writeBigUInt64BE(amounts[i], 2 + i * 16 + 8);
  });
  return out;
}

export function verifyProof(proof, account) {
  if (proof.version !== 1) return 'unknown proof version';
  const { coins } = proof;
  if (account !== undefined && account !== proof.account) return 'the proof is for another account';
  const nonce = hex32(proof.nonce);
  const commitment = sha256(Buffer.from('por-v1:'), nonce, Buffer.from(proof.account, 'utf8'));
  if (!commitment.equals(hex32(proof.leaf.commitment))) return 'the commitment is not this account';
  let sums = coins.map((c) => amount(proof.leaf.balances[c]));
  let hash = sha256(Buffer.of(0), commitment, coinsBytes(coins, sums));
  for (const step of proof.path) {
    const sibling = hex32(step.hash);
    const siblingSums = coins.map((c) => amount(step.sums[c]));
    sums = sums.map((s, i) => s + siblingSums[i]);
    if (step.side === 'left') hash = sha256(Buffer.of(1), sibling, hash, coinsBytes(coins, sums));
    else if (step.side === 'right') hash = sha256(Buffer.of(1), hash, sibling, coinsBytes(coins, sums));
    else return `bad side ${step.side}`;
  }
  if (!hash.equals(hex32(proof.root.hash))) return 'the path does not lead to the published root';
  const rootSums = coins.map((c) => amount(proof.root.sums[c]));
  if (rootSums.some((s, i) => s !== sums[i])) return "the root's totals are not the path's sums";
  return null;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [file, account] = process.argv.slice(2);
  if (!file) {
    console.error('usage: npm run por:verify -- proof.json [user:<id>]');
    process.exit(1);
  }
  try {
    const proof = JSON.parse(readFileSync(file, 'utf8'));
    const problem = verifyProof(proof, account);
    if (problem) {
      console.error(`NOT VERIFIED: ${problem}`);
      process.exit(1);
    }
    const counted = proof.coins.map((c) => `${c} ${proof.leaf.balances[c]}`).join(', ');
    console.log(`VERIFIED: ${proof.account} counted in snapshot ${proof.snapshotId} of ${proof.takenAt}`);
    console.log(`balances (minor units): ${counted}`);
    console.log(`root ${proof.root.hash}`);
  } catch (error) {
    console.error(`NOT VERIFIED: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}
