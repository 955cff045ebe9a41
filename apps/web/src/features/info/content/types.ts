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

export interface InfoPage {
  title: string;
  paragraphs: string[];
}
