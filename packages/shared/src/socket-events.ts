/**
 * The realtime contract: Socket.IO at `/socket.io`, the
 * access token in `auth.token`, rooms `user:{id}` (joined on connect) and `trade:{id}`
 * (joined with `trade:join`, parties only). The server emits only after its transaction
 * committed, and only to the people concerned.
 */
import { z } from 'zod';
import { ChatMessage } from './schemas/chat.ts';
import { DepositView } from './schemas/deposits.ts';
import { NotificationNewEvent } from './schemas/notifications.ts';
import { SecurityEvent } from './schemas/security-events.ts';
import { EvidenceRequestView } from './schemas/trades.ts';
import type { ServerEventName } from './socket-names.ts';
import { TRADE_STATUSES } from './trade-machine.ts';
import { WITHDRAWAL_STATUSES } from './withdrawal-rules.ts';

const Status = z.enum(TRADE_STATUSES);

/**
 * `buyerName` is the name of whoever opened the trade (the toast reads 'Новая сделка от
 * {name}'); on a buy order that is the seller, which `takerRole` says.
 */
export const TradeCreatedEvent = z.object({
  tradeId: z.uuid(),
  orderId: z.uuid(),
  buyerName: z.string(),
  takerRole: z.enum(['buyer', 'seller']),
  cryptocurrency: z.string(),
  amountCrypto: z.string(),
  fiatCurrency: z.string(),
  amountFiat: z.string(),
});

export const TradeUpdatedEvent = z.object({
  tradeId: z.uuid(),
  status: Status,
  previousStatus: Status,
  action: z.string(),
  actor: z.enum(['buyer', 'seller', 'system', 'moderator']),
});

export const TradeMessageEvent = z.object({
  tradeId: z.uuid(),
  messageId: z.uuid(),
  senderName: z.string(),
  /** The message text (plain text). */
  message: z.string(),
  /** Written by the dispute moderator (not by the other party). */
  fromModerator: z.boolean().optional(),
  /** A line written from a catalogue key: its key and values (a deadline as an ISO instant). */
  contentKey: z.string().nullable().optional(),
  contentValues: z.record(z.string(), z.string()).nullable().optional(),
});

export const PaymentTemplateAttachedEvent = z.object({
  tradeId: z.uuid(),
  templateId: z.uuid(),
  message: z.string(),
});

export const PaymentProofUploadedEvent = z.object({
  tradeId: z.uuid(),
  url: z.string(),
  uploadedBy: z.uuid(),
  uploadedAt: z.string(),
  fileSize: z.number().int(),
});

export const OrderMatchedEvent = z.object({ orderId: z.uuid(), tradeId: z.uuid() });

export const OrderUpdatedEvent = z.object({
  orderId: z.uuid(),
  status: z.enum(['active', 'paused', 'completed', 'cancelled', 'expired']),
});

export const MessageNewEvent = z.object({ tradeId: z.uuid(), message: ChatMessage });

export const MessageReadEvent = z.object({
  tradeId: z.uuid(),
  messageId: z.uuid(),
  readAt: z.string(),
  readerId: z.uuid(),
});

/**
 * `direction: 'in'` goes to the recipient of an internal transfer (whose balance grew);
 * everyone else gets 'out'. Refetch the withdrawal list and the balances on it.
 */
export const WithdrawalUpdatedEvent = z.object({
  withdrawalId: z.uuid(),
  status: z.enum(WITHDRAWAL_STATUSES),
  previousStatus: z.enum(WITHDRAWAL_STATUSES).nullable(),
  cryptocurrency: z.string(),
  amount: z.string(),
  internal: z.boolean(),
  direction: z.enum(['out', 'in']),
});

export const EvidenceRequestedEvent = z.object({ tradeId: z.uuid(), request: EvidenceRequestView });

/** When the feed's prices the book now follows were fetched. */
export const MarketRepricedEvent = z.object({ updatedAt: z.string() });
const SwapLeg = z.object({ currency: z.string(), amount: z.string() });
/**
 * `role`: the receiver's side. `gave`/`got` are the receiver's own amounts (8 decimals).
 * `remainderReturned`: to the maker when this swap left less than the offer's smallest fill,
 * so the offer closed and the rest returned to their available balance (docs/decisions/038).
 */
export const SwapCompletedEvent = z.object({
  swapId: z.uuid(),
  orderId: z.uuid(),
  role: z.enum(['maker', 'taker']),
  gave: SwapLeg,
  got: SwapLeg,
  remainderReturned: SwapLeg.nullable(),
});

export const ServerEventPayloads = {
  'trade:created': TradeCreatedEvent,
  'trade:updated': TradeUpdatedEvent,
  'trade:message': TradeMessageEvent,
  'trade:payment_template_attached': PaymentTemplateAttachedEvent,
  'trade:payment_proof_uploaded': PaymentProofUploadedEvent,
  'order:matched': OrderMatchedEvent,
  'order:updated': OrderUpdatedEvent,
  'message:new': MessageNewEvent,
  'message:read': MessageReadEvent,
  'deposit:pending': DepositView,
  'deposit:credited': DepositView,
  'withdrawal:updated': WithdrawalUpdatedEvent,
  'notification:new': NotificationNewEvent,
  'trade:evidence_requested': EvidenceRequestedEvent,
  'market:repriced': MarketRepricedEvent,
  'swap:completed': SwapCompletedEvent,
  'security:event': SecurityEvent,
} satisfies Record<ServerEventName, z.ZodType>;

export type ServerEventPayload<E extends ServerEventName> = z.infer<(typeof ServerEventPayloads)[E]>;

/** Typed listeners for socket.io-client: `io<ServerToClientEvents, ClientToServerEvents>()`. */
export type ServerToClientEvents = {
  [E in ServerEventName]: (payload: ServerEventPayload<E>) => void;
};

export const TradeRoomRequest = z.object({ tradeId: z.uuid() });
export type TradeRoomRequest = z.infer<typeof TradeRoomRequest>;

export type TradeRoomAck = { ok: true } | { ok: false; error: string };

export type ClientToServerEvents = {
  'trade:join': (request: TradeRoomRequest, ack: (result: TradeRoomAck) => void) => void;
  'trade:leave': (request: TradeRoomRequest, ack?: (result: TradeRoomAck) => void) => void;
};
