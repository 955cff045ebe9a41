/**
 * A screen's code is a chunk with a hashed name (docs/decisions/018). After a deploy the old
 * names are gone, so a page opened before it fails to load the next screen: the page reloads
 * once to get the new index.html. A second failure within a minute is not a stale chunk (no
 * network, a server error) and goes to the route's error screen instead (docs/decisions/034).
 */
const KEY = 'p2p.chunkReloadAt';
const WINDOW_MS = 60_000;

/** Whether an error is a failed dynamic import (Chromium, Firefox, Safari and Vite's wording). */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return /dynamically imported module|Importing a module script failed|error loading dynamically imported|Unable to preload CSS/i.test(
    error.message,
  );
}

/** Reloads the page once for a stale chunk; false when it already did within the window. */
export function reloadOnceForStaleChunk(now = Date.now(), storage: Storage = window.sessionStorage): boolean {
  let last = 0;
  try {
    last = Number(storage.getItem(KEY) ?? 0);
    if (now - last < WINDOW_MS) return false;
    storage.setItem(KEY, String(now));
  } catch {
    // Storage refused (private mode): reload anyway, once per page.
    if (last) return false;
  }
  window.location.reload();
  return true;
}

/**
 * A route's `lazy` import that reloads the page once when its chunk cannot be fetched; the
 * promise then never settles (the page is going away). Any other failure is rethrown to the
 * route's error screen.
 */
export async function loadChunk<T>(load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if (isChunkLoadError(error) && reloadOnceForStaleChunk()) return new Promise<T>(() => undefined);
    throw error;
  }
}
