/** Public API of the profile feature. */
export { WelcomeDialog } from './components/WelcomeDialog';
export { ProfileEditPage } from './routes/ProfileEditPage';
