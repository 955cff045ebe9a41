import type { Actor, TradeAction } from '@p2p/shared';
import type { Tx } from '../../db/client.ts';
import type { ChatMessageRow } from '../../db/schema.ts';
import { insertMessage } from './chat.repository.ts';

const BY_ROLE = { buyer: 'Покупатель', seller: 'Продавец', system: 'Система', moderator: 'Модератор' };

/** The chat line each transition leaves in the trade's chat (Russian, shown to both parties). */
export function systemText(action: TradeAction | 'create', actor: Actor): string {
  switch (action) {
    case 'create':
      return 'Сделка создана. Криптовалюта продавца заблокирована в эскроу';
    case 'mark_paid':
      return 'Покупатель отметил оплату';
    case 'confirm_payment':
      return 'Продавец подтвердил получение оплаты';
    case 'release_crypto':
      return 'Продавец отправил криптовалюту покупателю. Сделка завершена';
    case 'cancel_trade':
      return `${BY_ROLE[actor]} отменил сделку`;
    case 'dispute_trade':
      return `${BY_ROLE[actor]} открыл спор. Сделка заморожена до решения модератора`;
    case 'expire':
      return 'Время на оплату истекло. Сделка отменена автоматически';
    case 'auto_release':
      return 'Криптовалюта отправлена покупателю автоматически. Сделка завершена';
    case 'resolve_release':
      return 'Модератор завершил спор в пользу покупателя. Криптовалюта отправлена покупателю';
    case 'resolve_refund':
      return 'Модератор завершил спор в пользу продавца. Сделка отменена';
  }
}

/** Writes the SYSTEM line of a transition, inside the transition's transaction. */
export function insertSystemMessage(
  tx: Tx,
  tradeId: string,
  action: TradeAction | 'create',
  actor: Actor,
  now: Date,
): Promise<ChatMessageRow> {
  return insertMessage(tx, {
    tradeId,
    senderId: null,
    type: 'SYSTEM',
    content: systemText(action, actor),
    createdAt: now,
  });
}
