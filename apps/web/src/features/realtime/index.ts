/** Public API of the realtime feature. */
export { type RealtimeValue, useRealtime } from './context';
export { useSocketEvent, useTradeRoom, useWindowEvent } from './hooks';
export { RealtimeProvider } from './RealtimeProvider';
export type { AppSocket, ConnectionStatus } from './socket';
export { WINDOW_EVENTS } from './wire';
