import { type Lang, type ServerEventPayload, translate } from '@p2p/shared';
import { formatCrypto, formatFiat, shortId } from '@/lib/format';
import { statusLabelKey } from '@/lib/trade-status';

/** Toast durations, in ms (docs/product/texts-and-limits.md). */
export const REALTIME_TOAST_MS = {
  restored: 2000,
  lost: 3000,
  tradeCreated: 6000,
  tradeUpdated: 5000,
  message: 4000,
  templateAttached: 6000,
  proofUploaded: 6000,
  orderMatched: 5000,
} as const;

/** The lost-connection toast shows at most once per 5 s. */
export const LOST_TOAST_GAP_MS = 5000;

/** 'Новая сделка · {name}: 0,00243902 BTC за 15 000,00 ₽' (the name is never declined). */
export function tradeCreatedText(lang: Lang, e: ServerEventPayload<'trade:created'>): string {
  return translate(lang, 'rt.tradeCreated', {
    name: e.buyerName,
    crypto: formatCrypto(e.amountCrypto, e.cryptocurrency, lang),
    fiat: formatFiat(e.amountFiat, e.fiatCurrency, lang),
  });
}

/** 'Сделка #{id}: {status}' with the one status label of the app. */
export function tradeUpdatedText(lang: Lang, e: ServerEventPayload<'trade:updated'>): string {
  return translate(lang, 'rt.tradeUpdated', {
    id: shortId(e.tradeId),
    status: translate(lang, statusLabelKey(e.status)),
  });
}

/** 'Новое сообщение в сделке #{id} · {name}'. */
export function messageText(lang: Lang, e: ServerEventPayload<'trade:message'>): string {
  return translate(lang, 'rt.message', { id: shortId(e.tradeId), name: e.senderName });
}

/** Whether a lost-connection toast may show now, given when the last one showed. */
export function mayShowLost(lastShownAt: number, now: number): boolean {
  return now - lastShownAt >= LOST_TOAST_GAP_MS;
}
