import type { Lang } from './i18n/runtime.ts';

/**
 * Times in the reader's own zone (docs/decisions/030-reminders-and-time-zones.md): one formatter
 * for the server (the bot, notifications) and the web. A time that a reader could misread
 * carries its zone: «14:26 МСК» for Moscow, «14:26 UTC», otherwise the offset at that instant,
 * «14:26 (UTC+5)», «14:26 (UTC+5:30)» (so a zone with summer time shows the offset of the day).
 */

/** The zone a user has until they or their browser say otherwise. */
export const DEFAULT_TIME_ZONE = 'Europe/Moscow';

/** An IANA zone name as a client may send it: letters, digits and `/_+-`, at most 64. */
const ZONE_SHAPE = /^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/;

/** The zone's canonical name when `Intl` knows it (`europe/berlin` -> `Europe/Berlin`), else null. */
export function canonicalTimeZone(zone: string): string | null {
  if (!ZONE_SHAPE.test(zone)) return null;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

export const isValidTimeZone = (zone: string): boolean => canonicalTimeZone(zone) !== null;

/** The zones the settings offer besides the detected one: Russia's and the neighbours' most used. */
export const COMMON_TIME_ZONES = [
  'Europe/Kaliningrad',
  'Europe/Moscow',
  'Europe/Samara',
  'Asia/Yekaterinburg',
  'Asia/Omsk',
  'Asia/Novosibirsk',
  'Asia/Krasnoyarsk',
  'Asia/Irkutsk',
  'Asia/Yakutsk',
  'Asia/Vladivostok',
  'Asia/Magadan',
  'Asia/Kamchatka',
  'Europe/Minsk',
  'Europe/Kyiv',
  'Asia/Almaty',
  'Asia/Tashkent',
  'Asia/Tbilisi',
  'Asia/Yerevan',
  'Asia/Dubai',
  'Europe/Istanbul',
  'Europe/Berlin',
  'Europe/London',
  'America/New_York',
  'Asia/Bangkok',
  'UTC',
] as const;

const LOCALE: Record<Lang, string> = { ru: 'ru-RU', en: 'en-GB' };
const MOSCOW: Record<Lang, string> = { ru: 'МСК', en: 'MSK' };

const cache = new Map<string, Intl.DateTimeFormat>();
function formatter(zone: string, lang: Lang | 'offset', withDate: boolean): Intl.DateTimeFormat {
  const key = `${zone}|${lang}|${withDate}`;
  let f = cache.get(key);
  if (!f) {
    const options: Intl.DateTimeFormatOptions =
      lang === 'offset'
        ? {
            timeZone: zone,
            hourCycle: 'h23',
            year: 'numeric',
            month: 'numeric',
            day: 'numeric',
            hour: 'numeric',
            minute: 'numeric',
          }
        : {
            timeZone: zone,
            hour: '2-digit',
            minute: '2-digit',
            hourCycle: 'h23',
            ...(withDate ? { day: '2-digit', month: '2-digit', year: 'numeric' } : {}),
          };
    f = new Intl.DateTimeFormat(lang === 'offset' ? 'en-US' : LOCALE[lang], options);
    cache.set(key, f);
  }
  return f;
}

/** Minutes the zone is ahead of UTC at this instant (Berlin: 60 in winter, 120 in summer). */
export function zoneOffsetMinutes(at: Date, zone: string): number {
  const parts: Record<string, number> = {};
  for (const p of formatter(zone, 'offset', true).formatToParts(at)) {
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  }
  const asUtc = Date.UTC(
    parts.year ?? 1970,
    (parts.month ?? 1) - 1,
    parts.day ?? 1,
    parts.hour ?? 0,
    parts.minute ?? 0,
  );
  const minuteOf = Math.floor(at.getTime() / 60_000) * 60_000;
  return Math.round((asUtc - minuteOf) / 60_000);
}

/** How the zone is named beside a time: «МСК», «UTC» or «(UTC+5)». */
export function zoneLabel(at: Date, zone: string, lang: Lang): string {
  if (zone === DEFAULT_TIME_ZONE) return MOSCOW[lang];
  const offset = zoneOffsetMinutes(at, zone);
  if (offset === 0 && (zone === 'UTC' || zone === 'Etc/UTC')) return 'UTC';
  const sign = offset < 0 ? '−' : '+'; // a true minus sign, as the offsets read in print
  const abs = Math.abs(offset);
  const minutes = abs % 60;
  const hours = Math.floor(abs / 60);
  return `(UTC${sign}${hours}${minutes ? `:${String(minutes).padStart(2, '0')}` : ''})`;
}

/**
 * `at` in `zone`, with the zone named: «14:26 МСК», «14:26 (UTC+5)»; `withDate` adds the day
 * («26.11.2026, 14:26 МСК»). An unknown zone falls back to Moscow, the default.
 */
export function formatZonedTime(
  at: Date,
  zone: string,
  lang: Lang,
  { withDate = false }: { withDate?: boolean } = {},
): string {
  const known = canonicalTimeZone(zone) ?? DEFAULT_TIME_ZONE;
  return `${formatter(known, lang, withDate).format(at)} ${zoneLabel(at, known, lang)}`;
}

/** The browser's (or Node's) own zone, Moscow when it cannot tell. */
export function detectedTimeZone(): string {
  try {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    return zone && isValidTimeZone(zone) ? zone : DEFAULT_TIME_ZONE;
  } catch {
    return DEFAULT_TIME_ZONE;
  }
}
