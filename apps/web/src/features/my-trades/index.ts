/** Public API of the my-trades feature. */
export { MyTradesPage } from './routes/MyTradesPage';
