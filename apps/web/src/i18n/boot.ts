import { LOCALES, loadCatalogue } from '@p2p/shared';
import { currentLang } from './current-lang';

/**
 * The texts of the UI language, requested as soon as the app's code starts running (main.tsx
 * imports this module first). Settles either way: a failed download must not block the start.
 */
export const catalogueReady: Promise<void> = loadCatalogue(currentLang()).catch((error: unknown) => {
  console.error('UI texts could not be loaded', error);
});

// While the texts download, the browser's number formatting is initialised: the first Intl
// formatter of a page costs tens of milliseconds on a phone (locale data), which would
// otherwise land in the render that first shows the order book (docs/decisions/022).
// One task each: together they were one task of 60–110 ms at a phone's speed (docs/decisions/048).
setTimeout(() => new Intl.NumberFormat(LOCALES[currentLang()]).format(0), 0);
setTimeout(() => new Intl.PluralRules(LOCALES[currentLang()]).select(0), 0);
