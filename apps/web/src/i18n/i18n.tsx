import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { safeStorage } from '@/lib/storage';
import { en } from './en';
import { type MessageKey, ru } from './ru';

export type Lang = 'ru' | 'en';
export const LANGS: readonly Lang[] = ['ru', 'en'];
const LANG_KEY = 'ui_language';
const dictionaries: Record<Lang, Record<MessageKey, string>> = { ru, en };

export type Translate = (key: MessageKey, vars?: Record<string, string | number>) => string;

interface I18nValue {
  lang: Lang;
  setLang: (lang: Lang) => void;
  t: Translate;
  /** BCP 47 locale for Intl formatting of dates. */
  locale: string;
}

const I18nContext = createContext<I18nValue | null>(null);

function initialLang(): Lang {
  const stored = safeStorage.get(LANG_KEY);
  return stored === 'en' || stored === 'ru' ? stored : 'ru';
}

export function I18nProvider({ children }: { children: ReactNode }) {
  const [lang, setLangState] = useState<Lang>(initialLang);

  useEffect(() => {
    document.documentElement.lang = lang;
  }, [lang]);

  const setLang = useCallback((next: Lang) => {
    safeStorage.set(LANG_KEY, next);
    setLangState(next);
  }, []);

  const value = useMemo<I18nValue>(() => {
    const dict = dictionaries[lang];
    const t: Translate = (key, vars) => {
      const text = dict[key] ?? ru[key] ?? key;
      if (!vars) return text;
      return text.replace(/\{(\w+)\}/g, (match, name: string) => (name in vars ? String(vars[name]) : match));
    };
    return { lang, setLang, t, locale: lang === 'ru' ? 'ru-RU' : 'en-GB' };
  }, [lang, setLang]);

  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

export function useI18n(): I18nValue {
  const value = useContext(I18nContext);
  if (!value) throw new Error('useI18n must be used inside I18nProvider');
  return value;
}

/** The tiny translation hook: `const t = useT(); t('auth.title')`. */
export function useT(): Translate {
  return useI18n().t;
}
