import { formatRu, type ServerEventPayload } from '@p2p/shared';

/** The translator, narrowed so these rules are testable with a plain dictionary. */
export type TextOf = (key: RealtimeTextKey, vars?: Record<string, string | number>) => string;
export type RealtimeTextKey =
  | 'rt.connected'
  | 'rt.lost'
  | 'rt.tradeCreated'
  | 'rt.newTradeTitle'
  | 'rt.tradeUpdated'
  | 'rt.message'
  | 'rt.templateAttached'
  | 'rt.proofUploaded'
  | 'rt.orderMatched'
  | `rt.status.${string}`;

/** Toast durations of spec 1 §8, in ms. */
export const REALTIME_TOAST_MS = {
  connected: 2000,
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

const shortId = (id: string) => `#${id.slice(-8)}`;

/** 'Новая сделка от {name}: {amount} {crypto} за {fiat} {currency}'. */
export function tradeCreatedText(t: TextOf, e: ServerEventPayload<'trade:created'>): string {
  return t('rt.tradeCreated', {
    name: e.buyerName,
    amount: formatRu(e.amountCrypto, 8),
    crypto: e.cryptocurrency,
    fiat: formatRu(e.amountFiat, 2),
    currency: e.fiatCurrency,
  });
}

/** 'Сделка {id}: {status text}'; statuses without a text say nothing. */
export function tradeUpdatedText(t: TextOf, e: ServerEventPayload<'trade:updated'>): string {
  return t('rt.tradeUpdated', { id: shortId(e.tradeId), status: t(`rt.status.${e.status}`) });
}

/** 'Сообщение в сделке {id} от {name}'. */
export function messageText(t: TextOf, e: ServerEventPayload<'trade:message'>): string {
  return t('rt.message', { id: shortId(e.tradeId), name: e.senderName });
}

/** Whether a lost-connection toast may show now, given when the last one showed. */
export function mayShowLost(lastShownAt: number, now: number): boolean {
  return now - lastShownAt >= LOST_TOAST_GAP_MS;
}
