import {
  createTranslator,
  LANGS,
  type Lang,
  LOCALES,
  localizeMessage,
  type MessageValues,
  type Translate,
} from '@p2p/shared';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { currentLang, rememberLang } from './current-lang';

export type { Lang, Translate };
export { LANGS };

interface I18nValue {
  lang: Lang;
  setLang: (lang: Lang) => void;
  t: Translate;
  /** BCP 47 locale for Intl formatting of dates and numbers. */
  locale: string;
}

const I18nContext = createContext<I18nValue | null>(null);

export function I18nProvider({ children }: { children: ReactNode }) {
  const [lang, setLangState] = useState<Lang>(currentLang);

  useEffect(() => {
    document.documentElement.lang = lang;
  }, [lang]);

  const setLang = useCallback((next: Lang) => {
    rememberLang(next);
    setLangState(next);
  }, []);

  const value = useMemo<I18nValue>(
    () => ({ lang, setLang, t: createTranslator(lang), locale: LOCALES[lang] }),
    [lang, setLang],
  );

  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

export function useI18n(): I18nValue {
  const value = useContext(I18nContext);
  if (!value) throw new Error('useI18n must be used inside I18nProvider');
  return value;
}

/** The translation hook over the shared catalogue: `const t = useT(); t('auth.title')`. */
export function useT(): Translate {
  return useI18n().t;
}

/**
 * Shows a message that came from elsewhere (a shared validator, the server, a SYSTEM chat line)
 * in the UI language when the catalogue knows it; anything else as it is.
 */
export function useLocalize(): (message: string, values?: MessageValues) => string {
  const { lang } = useI18n();
  return useCallback((message, values) => localizeMessage(lang, message, values), [lang]);
}
