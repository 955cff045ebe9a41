/** Public API of the info feature (footer pages). */
export { INFO_SLUGS, type InfoSlug, infoKeys } from './content/types';
