import { DEFAULT_LANG, isLang, type Lang } from '@p2p/shared';
import { safeStorage } from '@/lib/storage';

const LANG_KEY = 'ui_language';

function stored(): Lang {
  const value = safeStorage.get(LANG_KEY);
  return isLang(value) ? value : DEFAULT_LANG;
}

let current: Lang = stored();

/**
 * The UI language outside React (the API client's Accept-Language and its own messages).
 * The provider is its only writer; the choice is kept in localStorage.
 */
export function currentLang(): Lang {
  return current;
}

export function rememberLang(lang: Lang): void {
  current = lang;
  safeStorage.set(LANG_KEY, lang);
}
