import type { ServerEventPayload } from '@p2p/shared';
import type { NotificationDraft } from './notifications.service.ts';

/**
 * What a party of a swap reads in the inbox and from the bot (docs/decisions/038): what they
 * gave and got; the maker also whether the swap closed their offer and returned the rest. The
 * taker's place is the wallet (their balances changed), the maker's the offer.
 */
export function swapCompletedDraft(
  userId: string,
  p: ServerEventPayload<'swap:completed'>,
): NotificationDraft {
  const maker = p.role === 'maker';
  const closed = maker && p.remainderReturned !== null;
  return {
    userId,
    kind: 'swap_completed',
    entity: null,
    titleKey: 'notify.swap_completed.title',
    messageKey: `notify.swap_completed.message.${closed ? 'makerClosed' : p.role}`,
    actionKey: null,
    values: {
      gave: p.gave.amount,
      gaveCurrency: p.gave.currency,
      got: p.got.amount,
      gotCurrency: p.got.currency,
      ...(p.remainderReturned ? { rest: p.remainderReturned.amount } : {}),
    },
    deadline: null,
    link: maker ? `/order/${p.orderId}` : '/wallet',
  };
}
