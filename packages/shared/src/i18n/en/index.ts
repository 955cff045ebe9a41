import type { ru } from '../ru/index.ts';
import { enFirstLoad } from './first-load.ts';
import { enLater } from './later.ts';

/** English: the same keys as Russian, in the same two parts. */
export const en: Record<keyof typeof ru, string> = { ...enFirstLoad, ...enLater };
