/**
 * The sessions module's face (docs/ARCHITECTURE.md, "Modules with faces"): sessions, tokens, step-
 * up and re-authentication. Other modules and the app import this file only; the rest of the
 * folder is private.
 */
export { issueReauth, requireReauth } from './reauth.ts';
export { endStepUps, everSignedIn, setStepUp, stepUpOf } from './sessions.repository.ts';
export { SessionService, sessionIsLive } from './sessions.ts';
export { type AccessClaims, type Audience, TokenService } from './tokens.ts';
