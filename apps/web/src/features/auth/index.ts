/** Public API of the auth feature; other features import only from here. */

import { lazy } from 'react';
import { withLaterTexts } from '@/i18n';

/**
 * The re-authentication dialog (docs/decisions/033), its own chunk: no first paint needs it, so
 * it loads after the first render (render it inside Suspense).
 */
export const ReauthDialog = lazy(async () => ({
  default: (await withLaterTexts(import('./components/ReauthDialog'))).ReauthDialog,
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
