import { infoEn } from './en';
import { infoRu } from './ru';
import type { InfoSlug } from './types';

/** Page title in the given language, for footer links. */
export function infoTitle(lang: 'ru' | 'en', slug: InfoSlug): string {
  return (lang === 'en' ? infoEn : infoRu)[slug].title;
}
