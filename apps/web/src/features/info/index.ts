/** Public API of the info feature (footer pages). */
export { infoTitle } from './content/titles';
export { INFO_SLUGS, type InfoSlug } from './content/types';
export { InfoPage } from './routes/InfoPage';
