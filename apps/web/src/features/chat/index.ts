/** Public API of the chat feature. */
export { TradeChat } from './components/ChatPanel';
