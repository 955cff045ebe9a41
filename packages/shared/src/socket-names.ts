/**
 * The realtime contract's names and settings, apart from its payload schemas (socket-events.ts):
 * what a client needs to connect and listen, with no zod to build when it loads (the web's
 * socket reads only these: docs/decisions/048).
 */
export const SOCKET_PATH = '/socket.io';

/**
 * How clients open the socket (docs/decisions/014-deployment.md): a WebSocket first, which
 * is one connection and so stays on one instance behind a round-robin balancer without
 * sticky sessions; long-polling (several requests, needing stickiness) only when the
 * WebSocket cannot be opened at all.
 */
export const SOCKET_TRANSPORTS = {
  transports: ['websocket', 'polling'] as ('websocket' | 'polling')[],
  tryAllTransports: true,
};

/** Events the server sends. */
export const ServerEvents = {
  /** To the order owner: someone opened a trade on their order. */
  tradeCreated: 'trade:created',
  /** To both parties: any transition, including scheduler expiry and auto-release. */
  tradeUpdated: 'trade:updated',
  /** To the recipient of a chat message (toast, unread +1). */
  tradeMessage: 'trade:message',
  /** To the buyer: the seller attached payment details. */
  paymentTemplateAttached: 'trade:payment_template_attached',
  /** To the seller: the buyer uploaded a receipt. */
  paymentProofUploaded: 'trade:payment_proof_uploaded',
  /** To the order owner, with trade:created. */
  orderMatched: 'order:matched',
  /** To the order owner: status or available amount changed; refetch. */
  orderUpdated: 'order:updated',
  /** To the trade room: a new chat message (TEXT or SYSTEM). */
  messageNew: 'message:new',
  /** To the trade room: the recipient read a message. */
  messageRead: 'message:read',
  /** To the depositor: a deposit was first seen, its confirmations changed, or it was dropped. */
  depositPending: 'deposit:pending',
  /** To the depositor: the deposit reached its confirmations and the balance was credited. */
  depositCredited: 'deposit:credited',
  /** To the owner of a withdrawal on every status change; to the recipient of an internal transfer. */
  withdrawalUpdated: 'withdrawal:updated',
  /** To the user: a new notification (inbox row + unread count). */
  notificationNew: 'notification:new',
  /** To both parties of a disputed trade: the moderator asked one of them for evidence. */
  evidenceRequested: 'trade:evidence_requested',
  /** To every connected socket: floating orders were repriced or paused; the book is new. */
  marketRepriced: 'market:repriced',
  /** To both parties of a swap: it settled, both balances changed (docs/decisions/026). */
  swapCompleted: 'swap:completed',
  /**
   * To the owner: a security event of their account (docs/decisions/033): the inbox and the bot
   * tell them, with «Это не я».
   */
  securityEvent: 'security:event',
} as const;
export type ServerEventName = (typeof ServerEvents)[keyof typeof ServerEvents];

/** Events the client sends; both answer through the acknowledgement callback. */
export const ClientEvents = { tradeJoin: 'trade:join', tradeLeave: 'trade:leave' } as const;

/** Every event the server sends. */
export const SERVER_EVENT_NAMES: readonly ServerEventName[] = Object.values(ServerEvents);
