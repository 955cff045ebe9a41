/** The footer's info pages: their own chunk, loaded when one is opened. */
export { ApiGuidePage } from './routes/ApiGuidePage';
export { InfoPage } from './routes/InfoPage';
