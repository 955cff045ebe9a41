import { AuthResult } from '@p2p/shared';

/**
 * The shared schema of a sign-in answer. Its own module, imported on demand by auth-api: zod
 * loads when someone signs in, not with the market page.
 */
export function parseAuthResult(data: unknown): AuthResult | null {
  const parsed = AuthResult.safeParse(data);
  return parsed.success ? parsed.data : null;
}
