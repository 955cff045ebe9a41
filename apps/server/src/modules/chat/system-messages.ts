import { randomUUID } from 'node:crypto';
import { type Actor, type MessageKey, type TradeAction, translate } from '@p2p/shared';
import type { ChatMessageRow, chatMessages } from '../../db/schema.ts';

/**
 * The chat line each transition leaves in the trade's chat, from the shared catalogue
 * (`chat.system.*`). Stored in Russian, the default language; the web app shows a known line
 * in its reader's language.
 */
export function systemText(action: TradeAction | 'create', actor: Actor): string {
  const key =
    action === 'cancel_trade' || action === 'dispute_trade'
      ? (`chat.system.${action}.${actor}` satisfies MessageKey)
      : (`chat.system.${action}` satisfies MessageKey);
  return translate('ru', key);
}

/**
 * The SYSTEM line of a transition as a row to insert, with its id chosen here so the caller
 * can write it within a larger statement and announce it without reading it back.
 */
export function systemMessageValues(
  tradeId: string,
  action: TradeAction | 'create',
  actor: Actor,
  now: Date,
): typeof chatMessages.$inferInsert & { id: string; createdAt: Date } {
  return {
    id: randomUUID(),
    tradeId,
    senderId: null,
    type: 'SYSTEM',
    content: systemText(action, actor),
    createdAt: now,
  };
}

/** The stored row of a line written with `systemMessageValues`. */
export function systemMessageRow(
  values: ReturnType<typeof systemMessageValues>,
  seq: bigint,
): ChatMessageRow {
  return {
    id: values.id,
    seq,
    tradeId: values.tradeId,
    senderId: null,
    staffId: null,
    type: 'SYSTEM',
    content: values.content,
    createdAt: values.createdAt,
    readAt: null,
  };
}
