/** Public API of the active-trades feature. */
export { ActiveTradesButton } from './components/ActiveTradesButton';
