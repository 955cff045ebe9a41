export { I18nProvider, type Lang, type Translate, useI18n, useT } from './i18n';
export { LanguageSwitcher } from './LanguageSwitcher';
export type { MessageKey } from './ru';
