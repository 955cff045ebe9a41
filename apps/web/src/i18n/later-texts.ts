import { loadLaterTexts } from '@p2p/shared';
import { currentLang } from './current-lang';

/**
 * Code that shows texts of the catalogue's later part (every text but the market's first
 * paint's, docs/decisions/040): the code and those texts load together, so a screen or a dialog
 * opened before the later texts arrived never shows a raw key.
 */
export const withLaterTexts = async <T>(code: Promise<T>): Promise<T> =>
  (await Promise.all([code, loadLaterTexts(currentLang())]))[0];
