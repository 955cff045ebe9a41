/** scripts/por-verify.mjs: checks a proof-of-reserves download (docs/proof-of-reserves.md). */
/** Null when the proof holds for `account` (any account when absent), else what is wrong. */
export function verifyProof(proof: unknown, account?: string): string | null;
