/** Public API of the auth feature; other features import only from here. */

export { ReauthDialog } from './components/ReauthDialog';
export { RequireAuth } from './components/RequireAuth';
export {
  AuthProvider,
  ME_QUERY_KEY,
  type Session,
  type SessionStatus,
  useSession,
  useSessionStatus,
} from './session';
