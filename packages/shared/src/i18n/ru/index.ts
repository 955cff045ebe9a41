import { ruFirstLoad } from './first-load.ts';
import { ruLater } from './later.ts';

/**
 * Russian, the default language. Its keys define the catalogue: every other language must
 * have exactly these keys (checked by the type of each area module and by a test). The browser
 * loads it in two parts (./first-load.ts, then ./later.ts with the screens that need it).
 */
export const ru = { ...ruFirstLoad, ...ruLater } as const;
