import { FIAT_SIGN, formatRu, PAYMENT_METHOD_LABELS, type PaymentMethod } from '@p2p/shared';

type Lang = 'ru' | 'en';

/** ₽ for RUB, $ for USD; the code itself for anything else. */
export function fiatSign(fiat: string): string {
  return (FIAT_SIGN as Record<string, string>)[fiat] ?? fiat;
}

/** A fiat decimal string in Russian style with 2 decimals: "1 234 567,89 ₽". */
export function formatFiatText(amount: string, fiat: string): string {
  return `${formatRu(amount, 2)} ${fiatSign(fiat)}`;
}

/** A crypto decimal string, 8 decimals unless told: "0,20000000 BTC". */
export function formatCryptoText(amount: string, crypto: string, decimals = 8): string {
  return `${formatRu(amount, decimals)} ${crypto}`;
}

/** Label of a payment method code in the UI language; unknown codes are shown as they are. */
export function paymentMethodLabel(code: string, lang: Lang): string {
  return PAYMENT_METHOD_LABELS[code as PaymentMethod]?.[lang] ?? code;
}

/** Rating with one decimal, comma in Russian: 4,8. */
export function formatRating(rating: number, lang: Lang): string {
  const text = rating.toFixed(1);
  return lang === 'ru' ? text.replace('.', ',') : text;
}

/** Spec 2 §2.1: the short id is the last 8 characters. */
export function shortId(id: string): string {
  return id.slice(-8);
}

/** First two letters of a name for the avatar (spec 1 §2 order card). */
export function initials(name: string): string {
  const letters = [...name.trim()].filter((c) => /\p{L}|\p{N}/u.test(c));
  const two = letters.slice(0, 2).join('');
  return two ? two.charAt(0).toUpperCase() + two.slice(1).toLowerCase() : '?';
}

/**
 * The visitor's side of an order: a `sell` order is what a visitor buys, a `buy` order is
 * what a visitor sells.
 */
export function takerSide(orderType: 'buy' | 'sell'): 'buy' | 'sell' {
  return orderType === 'sell' ? 'buy' : 'sell';
}

/** Date and time in the UI locale; '—' for null. */
export function formatDateTime(iso: string | null, locale: string): string {
  if (!iso) return '—';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '—';
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}
