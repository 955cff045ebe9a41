import {
  FIAT_DECIMALS,
  FIAT_SIGN,
  formatAmount,
  formatDecimal,
  formatDecimalText,
  isCryptocurrency,
  isMessageKey,
  type Lang,
  LOCALES,
  type MessageKey,
  NUMBER_SEPARATORS,
  translate,
} from '@p2p/shared';

/**
 * The one formatting module of the web app (docs/decisions/015-i18n-and-formatting.md).
 * Amounts arrive as decimal strings and are formatted as text, never through a float:
 * Russian `15 000,00 ₽`, English `₽15,000.00`. Crypto has 8 decimals; balances of USDT 2.
 * Decimals beyond the shown ones are cut, never rounded up: nobody is shown more than they have.
 */

/** What an empty or unreadable value shows. */
export const EMPTY = '—';

/** A decimal string in the language's style, with `fractionDigits` decimals when given (cut). */
export const formatNumber = formatDecimalText;

/**
 * Date formatters by locale and options, made once: building one costs far more than formatting
 * with it. Numbers need none: `formatDecimal` writes them as `Intl` would, without loading the
 * locale's data on the market's first paint (docs/decisions/067).
 */
const dateFormats = new Map<string, Intl.DateTimeFormat>();

function dateFormat(lang: Lang, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${lang}|${JSON.stringify(options)}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(LOCALES[lang], options);
    dateFormats.set(key, format);
  }
  return format;
}

/** A number (ratings, percentages: display figures, not money) with at most `digits` decimals. */
function formatFigure(value: number, lang: Lang, digits: number, fixed: boolean): string {
  return formatDecimal(value, LOCALES[lang], fixed ? digits : 0, digits);
}

/** ₽ for RUB, $ for USD; the code itself for anything else. */
export function fiatSign(currency: string): string {
  return (FIAT_SIGN as Record<string, string>)[currency] ?? currency;
}

/**
 * A fiat decimal string with its sign: `15 000,00 ₽` / `₽15,000.00`; `digits` 0 for whole
 * amounts (`1 000 ₽`).
 */
export function formatFiat(amount: string, currency: string, lang: Lang, digits = FIAT_DECIMALS): string {
  // A coin as the currency of payment (an instant swap, docs/decisions/026): 8 decimals and its name.
  if (isCryptocurrency(currency)) return formatCrypto(amount, currency, lang);
  const number = formatNumber(amount, lang, digits);
  const sign = fiatSign(currency);
  if (lang === 'ru' || sign === currency) return `${number}\u00a0${sign}`;
  return number.startsWith('-') ? `-${sign}${number.slice(1)}` : `${sign}${number}`;
}

/** Fiat minor units (kopecks, cents) as text. */
export function formatFiatMinor(minor: bigint, currency: string, lang: Lang): string {
  return formatFiat(formatAmount(minor, FIAT_DECIMALS), currency, lang);
}

/** An approximate fiat value (`≈ 1 234,56 ₽`) of minor units; EMPTY without one. */
export function formatEstimate(minor: bigint | null, currency: string, lang: Lang): string {
  if (minor === null) return EMPTY;
  return translate(lang, 'format.approx', { value: formatFiatMinor(minor, currency, lang) });
}

/** Balances show 8 decimals, USDT 2 (docs/decisions/015-i18n-and-formatting.md). */
export function balanceDecimals(coin: string): number {
  return coin === 'USDT' ? 2 : 8;
}

/**
 * A crypto decimal string: 8 decimals with the coin (`0,00241935 BTC`); with `balance` the
 * decimals of a balance (`1 500,00 USDT`); with `unit: false` the number alone.
 */
export function formatCrypto(
  amount: string,
  coin: string,
  lang: Lang,
  { balance = false, unit = true }: { balance?: boolean; unit?: boolean } = {},
): string {
  const number = formatNumber(amount, lang, balance ? balanceDecimals(coin) : 8);
  return unit ? `${number}\u00a0${coin}` : number;
}

/** A rating with one decimal: `4,8` / `4.8`. */
export function formatRating(rating: number, lang: Lang): string {
  return formatFigure(rating, lang, 1, true);
}

/** A percentage with at most one decimal: `97,5%` / `97.5%`. */
export function formatPercent(value: number, lang: Lang): string {
  return `${formatFigure(value, lang, 1, false)}%`;
}

/** A deviation in tenths of a percent with its sign: `+1,7%`, `-0,5%`, `0,0%`. */
export function formatTenths(tenths: bigint, lang: Lang): string {
  const sign = tenths > 0n ? '+' : tenths < 0n ? '-' : '';
  const abs = tenths < 0n ? -tenths : tenths;
  return `${sign}${abs / 10n}${NUMBER_SEPARATORS[lang].decimal}${abs % 10n}%`;
}

function dateOf(iso: string | null | undefined): Date | null {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** Date and time (`21 нояб. 2026 г., 14:05`); EMPTY when missing or not a date. */
export function formatDateTime(iso: string | null | undefined, lang: Lang): string {
  const date = dateOf(iso);
  if (!date) return EMPTY;
  return dateFormat(lang, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

/**
 * Date and time with the reader's time zone named (`22.11.2026, 14:31 GMT+3`): when something
 * lifts or ends at an exact moment (a trade suspension); EMPTY when missing or not a date.
 */
export function formatDateTimeZone(iso: string | null | undefined, lang: Lang): string {
  const date = dateOf(iso);
  if (!date) return EMPTY;
  return dateFormat(lang, {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(date);
}

/** `14:05` in the reader's time zone: both UI languages write the time of day on 24 hours. */
function hoursMinutes(date: Date): string {
  return `${String(date.getHours()).padStart(2, '0')}:${String(date.getMinutes()).padStart(2, '0')}`;
}

/**
 * Time of day (`14:05`, as `Intl.DateTimeFormat` with 2-digit hour and minute writes it in both
 * languages, written out so that the market's price line loads no locale data: docs/decisions/067);
 * EMPTY when missing.
 */
export function formatTime(iso: string | null | undefined, _lang: Lang): string {
  const date = dateOf(iso);
  if (!date) return EMPTY;
  return hoursMinutes(date);
}

/**
 * A day: `long` with the month in words (Russian takes the genitive: «21 ноября 2026 г.»),
 * `short` abbreviated, `weekday` with the day of the week. EMPTY when missing.
 */
export function formatDate(
  iso: string | null | undefined,
  lang: Lang,
  style: 'long' | 'short' | 'weekday' = 'long',
): string {
  const date = dateOf(iso);
  if (!date) return EMPTY;
  const options: Intl.DateTimeFormatOptions =
    style === 'short'
      ? { day: 'numeric', month: 'short', year: 'numeric' }
      : {
          day: 'numeric',
          month: 'long',
          year: 'numeric',
          ...(style === 'weekday' ? { weekday: 'long' } : {}),
        };
  return dateFormat(lang, options).format(date);
}

/** `HH:mm` today, else `dd.mm HH:mm` (chat lines); EMPTY when not a date. */
export function formatMoment(iso: string | null | undefined, lang: Lang, now = new Date()): string {
  const date = dateOf(iso);
  if (!date) return EMPTY;
  if (now.toDateString() === date.toDateString()) return hoursMinutes(date);
  return dateFormat(lang, { day: '2-digit', month: '2-digit', hour: '2-digit', minute: '2-digit' }).format(
    date,
  );
}

/** A file size in whole units: `512 Б`, `7 КБ`, `1,5 МБ` / `7 KB`. */
export function formatFileSize(bytes: number, lang: Lang): string {
  if (bytes < 1024) return translate(lang, 'format.size.bytes', { value: Math.max(0, Math.round(bytes)) });
  if (bytes < 1024 * 1024) {
    return translate(lang, 'format.size.kb', { value: Math.round(bytes / 1024) });
  }
  return translate(lang, 'format.size.mb', { value: formatFigure(bytes / (1024 * 1024), lang, 1, false) });
}

/** A duration in words: `45 секунд`, `5 минут`, `1 ч 5 мин`. */
export function formatDuration(seconds: number, lang: Lang): string {
  const total = Math.max(0, Math.round(seconds));
  if (total < 60) return translate(lang, 'format.count.seconds', { count: total });
  const minutes = Math.round(total / 60);
  if (minutes < 60) return translate(lang, 'format.count.minutes', { count: minutes });
  const rest = minutes % 60;
  const hours = Math.floor(minutes / 60);
  if (rest === 0) return translate(lang, 'format.count.hours', { count: hours });
  return translate(lang, 'format.hoursMinutes', { hours, minutes: rest });
}

/** Seconds as `mm:ss` (`h:mm:ss` from one hour on); `--:--` when unknown or past. */
export function formatClock(seconds: number | null): string {
  if (seconds === null || !Number.isFinite(seconds) || seconds < 0) return '--:--';
  const total = Math.floor(seconds);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const mmss = `${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}`;
  return h > 0 ? `${h}:${mmss}` : mmss;
}

/** The last 8 characters of an id, as trades and orders are referred to in lists and toasts. */
export function shortId(id: string): string {
  return id.slice(-8);
}

/** Label of a payment method code in the UI language; an unknown code is shown as it is. */
export function paymentMethodLabel(code: string, lang: Lang): string {
  const key = `paymentMethod.${code}`;
  return isMessageKey(key) ? translate(lang, key as MessageKey) : code;
}
