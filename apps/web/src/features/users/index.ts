/** Public API of the users feature. */
export { PublicProfilePage } from './routes/PublicProfilePage';
