import {
  createTranslator,
  hasCatalogue,
  isMessageKey,
  LANGS,
  type Lang,
  LOCALES,
  loadCatalogue,
  loadLaterTexts,
  localizeMessage,
  type MessageKey,
  type MessageValues,
  type Translate,
} from '@p2p/shared';
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { afterFirstPaint } from '@/lib/after-first-paint';
import { currentLang, rememberLang } from './current-lang';

export type { Lang, Translate };
export { LANGS };

interface I18nValue {
  lang: Lang;
  /** Switches once `lang`'s texts are loaded; until then the page stays in its language. */
  setLang: (lang: Lang) => void;
  /** The language being loaded after a switch, if any. */
  pendingLang: Lang | null;
  t: Translate;
  /** BCP 47 locale for Intl formatting of dates and numbers. */
  locale: string;
  /** Whether the catalogue's later part is loaded (docs/decisions/040). */
  laterTexts: boolean;
}

const I18nContext = createContext<I18nValue | null>(null);

/**
 * Whether something was drawn with a text that was not loaded (its key shown): then, and only
 * then, the later part's arrival redraws the page. The market's first paint needs none of it,
 * and redrawing its order book for nothing would be a long task on a phone.
 */
let missedText = false;
/** Catalogue keys look like `area.name`; a server's own message does not. */
const KEY_SHAPE = /^[a-z][A-Za-z0-9]*(\.[A-Za-z0-9_-]+)+$/;

function noteMissing(message: string): void {
  if (!missedText && KEY_SHAPE.test(message) && !isMessageKey(message)) missedText = true;
}

/** The translator of `lang`, noting any key whose text is not loaded yet. */
function noticingTranslator(lang: Lang): Translate {
  const translate = createTranslator(lang);
  return (key: MessageKey, values?: MessageValues) => {
    noteMissing(key);
    return translate(key, values);
  };
}

/**
 * The catalogue's later part (every text the market's first paint does not show,
 * docs/decisions/040), loaded once the first screen is drawn; true when it is there and
 * something had shown one of its keys. Screens and dialogs that need it before then load it
 * with their code (`withLaterTexts`).
 */
function useLaterTexts(): boolean {
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    let stopped = false;
    const cancel = afterFirstPaint(() => {
      loadLaterTexts(currentLang()).then(
        () => {
          if (!stopped && missedText) setLoaded(true);
        },
        // Offline: the screens that need the texts retry when they open.
        () => undefined,
      );
    });
    return () => {
      stopped = true;
      cancel();
    };
  }, []);
  return loaded;
}

/**
 * The UI language. Only its texts are loaded (main.tsx loads them before the first render);
 * another language's texts load when the user switches to it, and the page keeps rendering
 * the current language until they are there: never a screen of raw keys.
 */
export function I18nProvider({ children }: { children: ReactNode }) {
  const [lang, setLangState] = useState<Lang>(currentLang);
  const [pendingLang, setPendingLang] = useState<Lang | null>(null);
  /** The latest choice: a slower earlier download must not override it. */
  const wanted = useRef<Lang>(lang);

  useEffect(() => {
    document.documentElement.lang = lang;
  }, [lang]);
  const laterTexts = useLaterTexts();

  const setLang = useCallback((next: Lang) => {
    wanted.current = next;
    const apply = () => {
      rememberLang(next);
      setLangState(next);
      setPendingLang(null);
    };
    if (hasCatalogue(next)) {
      apply();
      return;
    }
    setPendingLang(next);
    loadCatalogue(next).then(
      () => {
        if (wanted.current === next) apply();
      },
      () => {
        // Offline or a failed download: stay in the current language; the user may retry.
        if (wanted.current === next) setPendingLang(null);
      },
    );
  }, []);

  const value = useMemo<I18nValue>(
    // A new translator once the later texts are there: whatever showed one of their keys redraws.
    () => ({ lang, setLang, pendingLang, t: noticingTranslator(lang), locale: LOCALES[lang], laterTexts }),
    [lang, setLang, pendingLang, laterTexts],
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
 * Shows a message that came from elsewhere (a shared validator's catalogue key) in the UI
 * language; anything that is not a key (a server's answer, already in the UI language) as it is.
 */
export function useLocalize(): (message: string, values?: MessageValues) => string {
  const { lang } = useI18n();
  return useCallback(
    (message, values) => {
      noteMissing(message);
      return localizeMessage(lang, message, values);
    },
    [lang],
  );
}
