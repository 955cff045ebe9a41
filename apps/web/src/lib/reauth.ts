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

/** Registers the dialog that obtains a proof; returns the unregistering function. */
export function setReauthHandler(next: ReauthHandler): () => void {
  handler = next;
  return () => {
    if (handler === next) handler = null;
  };
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
 * A fresh proof from the registered dialog, or null when there is none or the user closed it.
 * Calls refused at the same moment share one dialog.
 */
export function obtainReauth(): Promise<string | null> {
  if (!handler) return Promise.resolve(null);
  const ask = handler;
  pending ??= ask()
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
