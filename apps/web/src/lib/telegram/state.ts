/**
 * What the first load and the integration share (docs/decisions/029): the storage key of the
 * tab's launch and the integration once it started. Its own file, so the integration and the
 * bridge read it without importing the first-load entry (index.ts) that loads them.
 */
import type * as IntegrationModule from './integration';

type Integration = typeof IntegrationModule;

/** Where the launch is kept for the tab (a reload inside Telegram has no hash). */
export const LAUNCH_STORAGE_KEY = 'tma_launch';

let loaded: Integration | null = null;

/** The integration once started: null in a browser (and before main.tsx started it). */
export function telegram(): Integration | null {
  return loaded;
}

export function integrationStarted(module: Integration): void {
  loaded = module;
}
