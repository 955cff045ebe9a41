/** The footer's info pages: their own chunk, loaded when one is opened. */
export { InfoPage } from './routes/InfoPage';
