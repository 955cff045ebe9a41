/** The sign-in screen: its own chunk, loaded when /auth is opened. */
export { AuthPage } from './routes/AuthPage';
