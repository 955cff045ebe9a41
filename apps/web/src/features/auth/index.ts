/** Public API of the auth feature; other features import only from here. */

import { lazy } from 'react';

/**
 * The re-authentication dialog (docs/decisions/033), its own chunk: no first paint needs it, so
 * it loads after the first render (render it inside Suspense). It is mounted on every page but
 * opens only from a security screen, which loaded the catalogue's later part with its code: its
 * import does not ask for those texts, which the first render must not wait on (docs/decisions/040).
 */
export const ReauthDialog = lazy(async () => ({
  default: (await import('./components/ReauthDialog')).ReauthDialog,
}));
export { RequireAuth } from './components/RequireAuth';
export {
  AuthProvider,
  ME_QUERY_KEY,
  type Session,
  type SessionStatus,
  useSession,
  useSessionStatus,
} from './session';
