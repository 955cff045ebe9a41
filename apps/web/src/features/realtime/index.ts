/** Public API of the realtime feature. */
export { type RealtimeValue, useRealtime } from './context';
export { useSocketEvent, useTradeRoom } from './hooks';
export { RealtimeProvider } from './RealtimeProvider';
export type { FeatureReactions, ReactionContext, ServerEventHandler } from './registry';
export type { AppSocket, ConnectionStatus } from './socket';
