import { REAUTH_HEADER } from '@p2p/shared';

/**
 * Re-authentication in place (docs/decisions/033): a security change the server refuses with
 * 403 REAUTH_REQUIRED asks whoever registered here (the app's re-authentication dialog) for a
 * fresh proof, and the call is sent again with it. A proof serves this session's changes for
 * its five minutes, so the next change (enrolment's second step) carries it at once.
 */
export type ReauthHandler = () => Promise<{ reauthToken: string; expiresAt: string } | null>;

let handler: ReauthHandler | null = null;
let current: { token: string; expiresAtMs: number } | null = null;
let pending: Promise<string | null> | null = null;

/**
 * The dialog arrives after the first paint (docs/decisions/065); a change refused before that
 * waits this long for it to register instead of failing at once. Past it (its code would not
 * load), the refusal stands.
 */
export const HANDLER_WAIT_MS = 15_000;
/** Refused changes waiting for the dialog to register. */
const arrivals = new Set<(next: ReauthHandler) => void>();
/** Whoever hosts the dialog, told that a change waits for it now. */
const wanted = new Set<() => void>();

/** Registers the dialog that obtains a proof; returns the unregistering function. */
export function setReauthHandler(next: ReauthHandler): () => void {
  handler = next;
  for (const take of arrivals) take(next);
  arrivals.clear();
  return () => {
    if (handler === next) handler = null;
  };
}

/**
 * `listener` hears that a refused change waits for the dialog, so its host mounts it at once
 * rather than at its turn after the first paint; returns the unsubscribing function.
 */
export function onReauthWanted(listener: () => void): () => void {
  wanted.add(listener);
  return () => {
    wanted.delete(listener);
  };
}

/** The registered dialog, or the one that registers within HANDLER_WAIT_MS, or null. */
function registeredHandler(): Promise<ReauthHandler | null> {
  if (handler) return Promise.resolve(handler);
  for (const listener of wanted) listener();
  return new Promise((resolve) => {
    const take = (next: ReauthHandler) => {
      clearTimeout(timer);
      resolve(next);
    };
    const timer = setTimeout(() => {
      arrivals.delete(take);
      resolve(null);
    }, HANDLER_WAIT_MS);
    arrivals.add(take);
  });
}

/** The header of a live proof, if this tab holds one (nothing otherwise). */
export function reauthHeaders(): Record<string, string> {
  if (!current || current.expiresAtMs <= Date.now()) return {};
  return { [REAUTH_HEADER]: current.token };
}

/** Forgets the proof (a refusal said it no longer counts, or the session ended). */
export function forgetReauth(): void {
  current = null;
}

/**
 * A fresh proof from the dialog (waiting for it to arrive if the change came first), or null
 * when none arrives or the user closed it. Calls refused at the same moment share one dialog.
 */
export function obtainReauth(): Promise<string | null> {
  pending ??= registeredHandler()
    .then((ask) => (ask ? ask() : null))
    .then((proof) => {
      if (!proof) return null;
      current = { token: proof.reauthToken, expiresAtMs: Date.parse(proof.expiresAt) };
      return proof.reauthToken;
    })
    .catch(() => null)
    .finally(() => {
      pending = null;
    });
  return pending;
}
