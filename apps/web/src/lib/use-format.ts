import type { Lang } from '@p2p/shared';
import { useMemo } from 'react';
import { useI18n } from '@/i18n';
import * as f from './format';

/** The formatting module bound to one language. */
export function formatterFor(lang: Lang) {
  return {
    lang,
    number: (text: string, digits?: number) => f.formatNumber(text, lang, digits),
    fiat: (amount: string, currency: string, digits?: number) => f.formatFiat(amount, currency, lang, digits),
    fiatMinor: (minor: bigint, currency: string) => f.formatFiatMinor(minor, currency, lang),
    estimate: (minor: bigint | null, currency: string) => f.formatEstimate(minor, currency, lang),
    crypto: (amount: string, coin: string, options?: { balance?: boolean; unit?: boolean }) =>
      f.formatCrypto(amount, coin, lang, options),
    rating: (value: number) => f.formatRating(value, lang),
    percent: (value: number) => f.formatPercent(value, lang),
    tenths: (value: bigint) => f.formatTenths(value, lang),
    dateTime: (iso: string | null | undefined) => f.formatDateTime(iso, lang),
    dateTimeZone: (iso: string | null | undefined) => f.formatDateTimeZone(iso, lang),
    time: (iso: string | null | undefined) => f.formatTime(iso, lang),
    date: (iso: string | null | undefined, style?: 'long' | 'short' | 'weekday') =>
      f.formatDate(iso, lang, style),
    moment: (iso: string | null | undefined) => f.formatMoment(iso, lang),
    fileSize: (bytes: number) => f.formatFileSize(bytes, lang),
    duration: (seconds: number) => f.formatDuration(seconds, lang),
    paymentMethod: (code: string) => f.paymentMethodLabel(code, lang),
  };
}

export type Formatter = ReturnType<typeof formatterFor>;

/** `const fmt = useFormat(); fmt.fiat('15000.00', 'RUB')` in the UI language. */
export function useFormat(): Formatter {
  const { lang } = useI18n();
  return useMemo(() => formatterFor(lang), [lang]);
}
