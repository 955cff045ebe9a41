import { formatRu } from '@p2p/shared';

/** Signs of the fiat currencies the market trades in; anything else is shown by its code. */
const FIAT_SIGNS: Record<string, string> = { RUB: '₽', USD: '$' };

/** A crypto amount to 8 decimals, Russian style: `0,00243902`. */
export function formatCryptoAmount(value: string): string {
  return formatRu(value, 8);
}

/** A fiat amount to 2 decimals with its sign: `1 234,56 ₽`. */
export function formatFiatAmount(value: string, currency: string): string {
  return `${formatRu(value, 2)}\u00a0${FIAT_SIGNS[currency] ?? currency}`;
}

/** The last 8 characters of an id, as trades are referred to in lists and toasts. */
export function shortId(id: string): string {
  return id.slice(-8);
}

/** What the buyer writes in the transfer's comment (spec 2 §9). */
export function transferComment(tradeId: string): string {
  return `Trade #${shortId(tradeId)}`;
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

/** A timestamp as a local date and time, or null when it is not a valid date. */
export function formatDateTime(iso: string | null | undefined, locale: string): string | null {
  if (!iso) return null;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

/** A timestamp as local `HH:mm`, or null when it is not a valid date. */
export function formatTime(iso: string | null | undefined, locale: string): string | null {
  if (!iso) return null;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  return new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit' }).format(date);
}

/** Rating to one decimal with a comma (`4,8`). */
export function formatRating(rating: number): string {
  return rating.toFixed(1).replace('.', ',');
}

/** Percent with at most one decimal and a comma (`97,5%`). */
export function formatPercent(value: number): string {
  return `${String(Math.round(value * 10) / 10).replace('.', ',')}%`;
}
