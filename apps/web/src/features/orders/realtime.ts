import { type Lang, type ServerEventPayload, translate } from '@p2p/shared';
import type { QueryClient } from '@tanstack/react-query';
import type { FeatureReactions } from '@/features/realtime';
import { formatCrypto, formatFiat } from '@/lib/format';
import { orderKeys } from './api/orders-api';

/** Toast durations, in ms (docs/product/texts-and-limits.md). */
const TOAST_MS = { tradeCreated: 6000, orderMatched: 5000 } as const;

/** 'Новая сделка от пользователя {name}: 0,00243902 BTC за 15 000,00 ₽' (the name is never declined). */
export function tradeCreatedText(lang: Lang, e: ServerEventPayload<'trade:created'>): string {
  return translate(lang, 'rt.tradeCreated', {
    name: e.buyerName,
    crypto: formatCrypto(e.amountCrypto, e.cryptocurrency, lang),
    fiat: formatFiat(e.amountFiat, e.fiatCurrency, lang),
  });
}

const refreshOrders = (queryClient: QueryClient) =>
  void queryClient.invalidateQueries({ queryKey: orderKeys.all });

/**
 * What order screens do on server events. trade:created and order:matched both reach the order
 * owner for one new trade: one toast about that trade, whichever comes first.
 */
export const orderReactions: FeatureReactions = {
  'trade:created': (e, { queryClient, toast, lang, notifyBrowser }) => {
    const message = tradeCreatedText(lang(), e);
    toast(message, { duration: TOAST_MS.tradeCreated, once: `trade:${e.tradeId}` });
    notifyBrowser(translate(lang(), 'rt.newTradeTitle'), message);
    refreshOrders(queryClient);
  },
  'order:matched': (e, { toast, lang }) => {
    toast(translate(lang(), 'rt.orderMatched'), {
      duration: TOAST_MS.orderMatched,
      once: `trade:${e.tradeId}`,
    });
  },
  'order:updated': (_e, { queryClient }) => refreshOrders(queryClient),
  /** The maker learns their offer was swapped (the taker saw it in their own dialog). */
  'swap:completed': (e, { queryClient, toast, lang }) => {
    if (e.role === 'maker') {
      const amount = formatCrypto(e.got.amount, e.got.currency, lang());
      toast(translate(lang(), 'rt.swapCompleted', { amount }), { once: `swap:${e.swapId}` });
    }
    refreshOrders(queryClient);
  },
};
