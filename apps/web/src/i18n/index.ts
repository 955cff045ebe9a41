export { type Lang, I18nProvider, type Translate, useI18n, useT } from './i18n';
export { LanguageSwitcher } from './LanguageSwitcher';
export type { MessageKey } from './ru';
