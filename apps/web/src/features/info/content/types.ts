import type { MessageKey } from '@p2p/shared';

export const INFO_SLUGS = [
  'about',
  'how-it-works',
  'security',
  'fees',
  'support',
  'faq',
  'contact',
  'terms',
  'privacy',
  'aml',
] as const;
export type InfoSlug = (typeof INFO_SLUGS)[number];

/**
 * The merchant API's guide (docs/api.md rendered). Not `/api`: that path belongs to the server,
 * which answers JSON there, so the page would be lost on a reload.
 */
export const API_GUIDE_PATH = '/docs/api';

/** Catalogue keys of a footer page: its title and its body (paragraphs split by a blank line). */
export const infoKeys = (slug: InfoSlug) => ({
  title: `info.${slug}.title` satisfies MessageKey,
  body: `info.${slug}.body` satisfies MessageKey,
});
