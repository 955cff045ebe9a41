/**
 * What the first load and the integration share (docs/decisions/029): the storage key of the
 * tab's launch, the integration once it started, and the Mini App's sign-in while it is on its
 * way. Its own file, so the integration, the bridge and the session read it without importing
 * the first-load entry (index.ts) that loads them.
 */
import type * as IntegrationModule from './integration';

type Integration = typeof IntegrationModule;

/** Where the launch is kept for the tab (a reload inside Telegram has no hash). */
export const LAUNCH_STORAGE_KEY = 'tma_launch';

let loaded: Integration | null = null;
const listeners = new Set<() => void>();

/** The integration once started: null in a browser (and before main.tsx started it). */
export function telegram(): Integration | null {
  return loaded;
}

export function integrationStarted(module: Integration): void {
  loaded = module;
  for (const listener of listeners) listener();
}

/** Calls `listener` when the integration starts (the first screen may be drawn before it). */
export function onIntegrationStarted(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

let signingIn: Promise<void> | null = null;

/**
 * The Mini App's silent sign-in when the first screen was drawn without waiting for it
 * (docs/decisions/050), from the moment it is sent until the session has read its outcome: on
 * its way, the session is loading, never signed out in between; settled, its answer is the
 * signed-in user, fresh from the server, so the session asks no `/auth/me` for it (065). Null
 * otherwise.
 */
export function miniAppSigningIn(): Promise<void> | null {
  return signingIn;
}

/** The session read the sign-in's outcome: from now on it is an ordinary stored session. */
export function miniAppSignInRead(settled: Promise<void>): void {
  if (signingIn === settled) signingIn = null;
}

export function signingInUntil(settled: Promise<unknown>): void {
  signingIn = settled.then(
    () => undefined,
    () => undefined,
  );
}
