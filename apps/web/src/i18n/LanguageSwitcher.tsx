import { LANGS, useI18n } from './i18n';

/** RU / EN segmented switch; the choice is kept in localStorage. */
export function LanguageSwitcher({ className = '' }: { className?: string }) {
  const { lang, setLang, pendingLang, t } = useI18n();
  return (
    <fieldset className={`segmented ${className}`} aria-busy={pendingLang !== null}>
      <legend className="sr-only">{t('lang.label')}</legend>
      {LANGS.map((code) => (
        <button
          key={code}
          type="button"
          className="segmented__item"
          aria-pressed={lang === code}
          lang={code}
          onClick={() => setLang(code)}
        >
          {code.toUpperCase()}
        </button>
      ))}
    </fieldset>
  );
}
