/** Public API of the proof-of-reserves feature (docs/decisions/039). */
export { ReservesCheckPage } from './routes/ReservesCheckPage';
export { ReservesPage } from './routes/ReservesPage';
