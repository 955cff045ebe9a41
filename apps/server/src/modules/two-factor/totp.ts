import { randomInt } from 'node:crypto';
import { createGuardrails, generate, generateSecret, generateURI, verify } from 'otplib';

/**
 * TOTP of RFC 6238 as authenticator apps use it: SHA-1, 6 digits, 30-second steps, a
 * 160-bit secret. One step of clock drift either way is tolerated.
 */

export const TOTP_PERIOD_S = 30;
const TOLERANCE_S = TOTP_PERIOD_S;
export const ISSUER = 'P2P Market';

export const newTotpSecret = (): string => generateSecret({ length: 20 });

/**
 * The demo users' shared secret (README, docs/decisions/023): seeded only with DEMO_DATA, which
 * production refuses. Anyone may know it; it exists so `npm start` can be tried at once.
 */
export const DEMO_TOTP_SECRET = 'JBSWY3DPEHPK3PXP';
/**
 * The demo secret is the well-known 10-byte example of authenticator apps, shorter than the
 * 16 bytes otplib insists on; it is allowed for that one secret. Secrets issued here are 20 bytes.
 */
const DEMO_GUARDRAILS = createGuardrails({ MIN_SECRET_BYTES: 10 });
const guardrailsOf = (secret: string) => (secret === DEMO_TOTP_SECRET ? { guardrails: DEMO_GUARDRAILS } : {});

export function otpauthUri(secret: string, account: string): string {
  return generateURI({ issuer: ISSUER, label: account, secret });
}

const epochOf = (at: Date) => Math.floor(at.getTime() / 1000);

/** The time step a 6-digit code belongs to at `at`, or null when it matches none near it. */
export async function matchTotpStep(secret: string, code: string, at: Date): Promise<number | null> {
  if (!/^\d{6}$/.test(code)) return null;
  const result = await verify({
    secret,
    token: code,
    epoch: epochOf(at),
    epochTolerance: TOLERANCE_S,
    ...guardrailsOf(secret),
  });
  // The functional API answers TOTP and HOTP results alike; a TOTP one carries its step.
  return result.valid && 'timeStep' in result && typeof result.timeStep === 'number' ? result.timeStep : null;
}

/** The code an authenticator shows at `at` (tests and the demo). */
export function totpCodeAt(secret: string, at: Date): Promise<string> {
  return generate({ secret, epoch: epochOf(at), ...guardrailsOf(secret) });
}

/** Codes like `k7m2p-x9qd4`: 50 bits from an alphabet without look-alikes. */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
export const RECOVERY_CODES = 10;

export function newRecoveryCode(): string {
  const pick = () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)];
  const part = () => Array.from({ length: 5 }, pick).join('');
  return `${part()}-${part()}`;
}

/** What users type may carry spaces, dashes and capitals. */
export const normalizeRecoveryCode = (text: string) => text.toLowerCase().replace(/[\s-]/g, '');
/** Spaces inside a 6-digit code ("123 456") are the authenticator's grouping. */
export const normalizeTotpCode = (text: string) => text.replace(/\s/g, '');
