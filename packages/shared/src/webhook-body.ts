import { WEBHOOK_EVENTS, type WebhookEvent } from './schemas/merchant-api.ts';
import type { ServerEventPayload } from './socket-events.ts';
import type { ServerEventName } from './socket-names.ts';

const EVENTS: ReadonlySet<string> = new Set(WEBHOOK_EVENTS);

/** Whether a webhook may subscribe to this event (docs/api.md). */
export const isWebhookEvent = (event: ServerEventName): event is WebhookEvent => EVENTS.has(event);

/**
 * What a webhook is told of an event: its socket payload, except that `trade:message` carries
 * no words (docs/decisions/036). People write card numbers in a trade's chat; a webhook sends
 * to any address its creator chose, through the receiver's logs, so it says that a message came
 * and which, and a program that needs the text reads it with a signed request (`GET
 * /trades/{id}/messages`, a read key).
 */
function webhookData<E extends WebhookEvent>(event: E, payload: ServerEventPayload<E>): object {
  if (event !== 'trade:message') return payload;
  const { tradeId, messageId, senderName, fromModerator } = payload as ServerEventPayload<'trade:message'>;
  return { tradeId, messageId, senderName, ...(fromModerator === undefined ? {} : { fromModerator }) };
}

/**
 * The body every delivery of an event sends, fixed once so that every attempt sends the same
 * bytes (docs/api.md): `{ id, type, createdAt, data }`, `id` the event's outbox id, `createdAt`
 * the instant its transaction decided it, `data` its payload (a chat line's without its words).
 * Null for an event no webhook may subscribe to.
 */
export function webhookBody<E extends ServerEventName>(e: {
  id: string;
  event: E;
  payload: ServerEventPayload<E>;
  at: Date;
}): string | null {
  const event: ServerEventName = e.event;
  if (!isWebhookEvent(event)) return null;
  const data = webhookData(event, e.payload as ServerEventPayload<typeof event>);
  return JSON.stringify({ id: e.id, type: event, createdAt: e.at.toISOString(), data });
}
