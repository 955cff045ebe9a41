/**
 * The app inside Telegram (docs/decisions/029). Part of every page's first load, so this file
 * only tells whether the tab is a Mini App launch; the integration (the SDK, the theme, the
 * buttons) is downloaded only then, before the first render (main.tsx).
 */
type Integration = typeof import('./integration');

/** Where the launch is kept for the tab (a reload inside Telegram has no hash). */
export const LAUNCH_STORAGE_KEY = 'tma_launch';

let loaded: Integration | null = null;

/** The integration once started: null in a browser (and before main.tsx started it). */
export function telegram(): Integration | null {
  return loaded;
}

/**
 * Inside Telegram: loads and starts the integration and resolves to the screen the start link
 * asks for (null: stay). Resolves to null at once in a browser, or if the integration fails to load.
 */
export async function startMiniApp(): Promise<string | null> {
  let launched = window.location.hash.includes('tgWebAppData=');
  try {
    launched ||= sessionStorage.getItem(LAUNCH_STORAGE_KEY) !== null;
  } catch {
    // Storage refused: only a launch in the hash counts.
  }
  if (!launched) return null;
  try {
    const module = await import('./integration');
    const started = await module.start();
    if (started) loaded = module;
    return started?.path ?? null;
  } catch (error) {
    console.warn('Telegram integration unavailable', error);
    return null;
  }
}
