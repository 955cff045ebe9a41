import type { ServerEventName, SOCKET_PATH as SHARED_SOCKET_PATH } from '@p2p/shared';

/**
 * The realtime contract's values the web client needs: the socket's path, its transports and the
 * server's event names, as `@p2p/shared`'s socket-events.ts states them. Copied, not imported:
 * that module builds the events' zod schemas when it loads, which the web never uses (it reads
 * only these values), and that was a 130–220 ms task on a phone right after the first paint
 * (docs/decisions/048). The types below and contract.test.ts keep the copy equal to the source.
 */
export const SOCKET_PATH: typeof SHARED_SOCKET_PATH = '/socket.io';

/** See SOCKET_TRANSPORTS in packages/shared/src/socket-events.ts (WebSocket first). */
export const SOCKET_TRANSPORTS = {
  transports: ['websocket', 'polling'] as ('websocket' | 'polling')[],
  tryAllTransports: true,
};

/** Every event the server sends (the values of `ServerEvents`). */
export const SERVER_EVENT_NAMES = [
  'trade:created',
  'trade:updated',
  'trade:message',
  'trade:payment_template_attached',
  'trade:payment_proof_uploaded',
  'order:matched',
  'order:updated',
  'message:new',
  'message:read',
  'deposit:pending',
  'deposit:credited',
  'withdrawal:updated',
  'notification:new',
  'trade:evidence_requested',
  'market:repriced',
  'swap:completed',
  'security:event',
] as const satisfies readonly ServerEventName[];

/** A name `ServerEvents` has and the list lacks fails the typecheck here. */
type Missing = Exclude<ServerEventName, (typeof SERVER_EVENT_NAMES)[number]>;
const everyName: [Missing] extends [never] ? true : Missing = true;
void everyName;
