export type { MessageKey } from '@p2p/shared';
export { currentLang } from './current-lang';
export { I18nProvider, type Lang, type Translate, useI18n, useLocalize, useT } from './i18n';
export { LanguageSwitcher } from './LanguageSwitcher';
export { withLaterTexts } from './later-texts';
