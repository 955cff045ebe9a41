/** Public API of the info feature (footer pages). */
export { API_GUIDE_PATH, INFO_SLUGS, type InfoSlug, infoKeys } from './content/types';
