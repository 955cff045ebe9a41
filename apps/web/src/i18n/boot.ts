import { loadCatalogue } from '@p2p/shared';
import { currentLang } from './current-lang';

/**
 * The texts of the UI language, requested as soon as the app's code starts running (main.tsx
 * imports this module first). Settles either way: a failed download must not block the start.
 */
export const catalogueReady: Promise<void> = loadCatalogue(currentLang()).catch((error: unknown) => {
  console.error('UI texts could not be loaded', error);
});
