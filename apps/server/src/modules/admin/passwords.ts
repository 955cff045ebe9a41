import type { Algorithm } from '@node-rs/argon2';

// `Algorithm` is an ambient const enum (not readable under isolatedModules, and empty at
// runtime), so its value is spelled out: 2 is Argon2id.
const ARGON2ID = 2 as Algorithm;

/** OWASP's argon2id baseline: 19 MiB, 2 passes, 1 lane. */
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

/**
 * The native module loads on the first password operation (staff sign-in, staff:create), not
 * with the server: most processes never see one (docs/decisions/014, memory).
 */
let argon2: Promise<typeof import('@node-rs/argon2')> | null = null;
const load = () => {
  argon2 ??= import('@node-rs/argon2');
  return argon2;
};

/**
 * A hash of a password nobody has, with the same parameters as real ones: checking against it
 * costs what checking against a stored hash costs.
 */
const DUMMY_HASH =
  '$argon2id$v=19$m=19456,t=2,p=1$hEE3fW26vHnI+cnRVTYdBg$HS6d9Y2FkcEkxKa9KENAJwtU0H+UnHLAh2sVyBgPzMk';

export async function hashPassword(password: string): Promise<string> {
  return (await load()).hash(password, OPTIONS);
}

/**
 * Checks a password against a stored hash. Without a hash (unknown email) it still runs
 * one verification against a dummy hash, so the answer takes as long either way.
 */
export async function verifyPassword(storedHash: string | null, password: string): Promise<boolean> {
  const { verify } = await load();
  if (storedHash === null) {
    await verify(DUMMY_HASH, password).catch(() => false);
    return false;
  }
  try {
    return await verify(storedHash, password);
  } catch {
    // A malformed stored hash refuses the sign-in rather than crashing it.
    return false;
  }
}
