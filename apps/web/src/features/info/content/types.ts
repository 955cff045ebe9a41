import type { MessageKey } from '@p2p/shared';

export const INFO_SLUGS = [
  'about',
  'how-it-works',
  'security',
  'fees',
  'support',
  'faq',
  'contact',
  'api',
  'terms',
  'privacy',
  'aml',
] as const;
export type InfoSlug = (typeof INFO_SLUGS)[number];

/** Catalogue keys of a footer page: its title and its body (paragraphs split by a blank line). */
export const infoKeys = (slug: InfoSlug) => ({
  title: `info.${slug}.title` satisfies MessageKey,
  body: `info.${slug}.body` satisfies MessageKey,
});
