import { randomUUID } from 'node:crypto';
import { type Actor, type MessageKey, type TradeAction, translate } from '@p2p/shared';
import type { ChatMessageRow, chatMessages } from '../../db/schema.ts';

/**
 * The chat line each transition leaves in the trade's chat: a key of the shared catalogue
 * (`chat.system.*`), stored with its Russian text, the default language. The web app shows the
 * line by its key in its reader's language.
 */
export function systemKey(action: TradeAction | 'create', actor: Actor): MessageKey {
  return action === 'cancel_trade' || action === 'dispute_trade'
    ? (`chat.system.${action}.${actor}` satisfies MessageKey)
    : (`chat.system.${action}` satisfies MessageKey);
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
): typeof chatMessages.$inferInsert & { id: string; contentKey: string; createdAt: Date } {
  return {
    id: randomUUID(),
    tradeId,
    senderId: null,
    type: 'SYSTEM',
    content: translate('ru', systemKey(action, actor)),
    contentKey: systemKey(action, actor),
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
    contentKey: values.contentKey,
    contentValues: null,
    createdAt: values.createdAt,
    readAt: null,
  };
}
