import { ApiError } from '@/lib/api';

export type SecondFactorReason = 'not_enabled' | 'missing' | 'invalid';

/** Why the server refused a money action for its second factor, or null (docs/decisions/023). */
export function secondFactorReason(error: unknown): SecondFactorReason | null {
  if (!(error instanceof ApiError) || error.code !== 'TWO_FACTOR_REQUIRED') return null;
  const reason = (error.details as { reason?: unknown } | undefined)?.reason;
  // A reused code is a wrong one for the form; the server's message says it was used.
  if (reason === 'used') return 'invalid';
  return reason === 'not_enabled' || reason === 'missing' || reason === 'invalid' ? reason : 'missing';
}

/** Spaces inside a typed code are the authenticator's grouping ("123 456"). */
export const cleanCode = (text: string) => text.trim();
