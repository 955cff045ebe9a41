/**
 * The realtime contract's values the web client needs: the socket's path, its transports and the
 * server's event names, from `@p2p/shared`'s socket-names.ts, the contract's part without payload
 * schemas. socket-events.ts builds the events' zod schemas when it loads, which the web never
 * uses, and that was a 130–220 ms task on a phone right after the first paint
 * (docs/decisions/048). Imported from the package's entry, only socket-names.ts's module comes
 * into the socket's chunks (the package declares its other modules free of side effects).
 */
export { SERVER_EVENT_NAMES, SOCKET_PATH, SOCKET_TRANSPORTS } from '@p2p/shared';
