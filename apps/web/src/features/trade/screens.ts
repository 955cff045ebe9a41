/**
 * The trade feature's screen: its own chunk, loaded when a trade is opened, so what the header
 * of a signed-in user takes from this feature (the active trades' timers and list) does not
 * bring the trade page, its chat, forms and second factor with it.
 */
export { TradePage } from './routes/TradePage';
