import { createRequire } from 'node:module';
import { repoRoot } from './server';

const otplib = createRequire(`${repoRoot}/apps/server/package.json`)('otplib') as {
  generate: (o: { secret: string; epoch: number }) => Promise<string>;
};

const STEP_MS = 30_000;
const stepOf = (ms: number) => Math.floor(ms / STEP_MS);

/**
 * A user's authenticator in a journey. The server accepts a code of one 30-second step either
 * side of now, each step once and only after the last step it accepted
 * (apps/server/src/modules/two-factor/totp.ts). So every code of a secret comes from here: the
 * earliest step after the last one spent, from now to now + 1. A journey waits on the clock only
 * for a third code inside one step, never for its first two.
 */
export class Authenticator {
  private lastStep = Number.NEGATIVE_INFINITY;

  constructor(readonly secret: string) {}

  async code(): Promise<string> {
    for (;;) {
      const now = stepOf(Date.now());
      const step = Math.max(now, this.lastStep + 1);
      if (step <= now + 1) {
        this.lastStep = step;
        return otplib.generate({ secret: this.secret, epoch: step * (STEP_MS / 1000) });
      }
      // Both steps the server would take are spent: the next one opens when `step - 1` begins.
      await new Promise((r) => setTimeout(r, (step - 1) * STEP_MS - Date.now() + 200));
    }
  }
}

const bySecret = new Map<string, Authenticator>();

/** The one authenticator of `secret` in this test file, so its spent steps are known. */
export function authenticator(secret: string): Authenticator {
  let found = bySecret.get(secret);
  if (!found) {
    found = new Authenticator(secret);
    bySecret.set(secret, found);
  }
  return found;
}

/** A code of `secret` the server has not seen (see `Authenticator`). */
export const totpCode = (secret: string): Promise<string> => authenticator(secret).code();
