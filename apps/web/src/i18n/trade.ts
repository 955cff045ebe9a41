import { chatEn, chatRu } from './chat';
import { paymentMethodsEn, paymentMethodsRu } from './payment-methods';
import { tradeListsEn, tradeListsRu } from './trade-lists';
import { tradePageEn, tradePageRu } from './trade-page';

/** Texts of the trade screens (trade page, chat, lists, payment methods, realtime toasts). */
export const tradeRu = { ...tradePageRu, ...chatRu, ...tradeListsRu, ...paymentMethodsRu } as const;

export const tradeEn: Record<keyof typeof tradeRu, string> = {
  ...tradePageEn,
  ...chatEn,
  ...tradeListsEn,
  ...paymentMethodsEn,
};
