import { type Algorithm, hash, verify } from '@node-rs/argon2';

// `Algorithm` is an ambient const enum (not readable under isolatedModules, and empty at
// runtime), so its value is spelled out: 2 is Argon2id.
const ARGON2ID = 2 as Algorithm;

/** OWASP's argon2id baseline: 19 MiB, 2 passes, 1 lane. */
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

let dummyHash: Promise<string> | null = null;

function dummy(): Promise<string> {
  dummyHash ??= hashPassword('dummy password that matches nothing');
  return dummyHash;
}

/** Computes the dummy hash ahead of the first sign-in, so that one is not slower either. */
export function preparePasswordChecks(): void {
  dummy().catch(() => {});
}

/**
 * Checks a password against a stored hash. Without a hash (unknown email) it still runs
 * one verification against a dummy hash, so the answer takes as long either way.
 */
export async function verifyPassword(storedHash: string | null, password: string): Promise<boolean> {
  if (storedHash === null) {
    await verify(await dummy(), password).catch(() => false);
    return false;
  }
  try {
    return await verify(storedHash, password);
  } catch {
    // A malformed stored hash refuses the sign-in rather than crashing it.
    return false;
  }
}
