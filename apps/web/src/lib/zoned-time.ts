import { detectedTimeZone, formatZonedTime, type Lang } from '@p2p/shared';
import { EMPTY } from './format';

/**
 * A deadline in the reader's (the browser's) zone with the zone named, by the formatter the
 * server's bot uses too (docs/decisions/030): `26.11.2026, 14:26 МСК`, `26.11.2026, 16:26 (UTC+5)`.
 * Kept out of ./format.ts: only screens loaded later need it, not the market's first load.
 */
export function formatDeadline(iso: string | null | undefined, lang: Lang): string {
  if (!iso) return EMPTY;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return EMPTY;
  return formatZonedTime(date, detectedTimeZone(), lang, { withDate: true });
}
