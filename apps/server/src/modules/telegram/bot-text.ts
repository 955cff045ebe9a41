import { formatZonedTime, type Lang, type MessageKey, translate } from '@p2p/shared';
import type { AppError } from '../../errors.ts';

/** The bot speaks Russian (docs/decisions/017). */
export const LANG: Lang = 'ru';

export const t = (key: MessageKey, values?: Record<string, string | number>) => translate(LANG, key, values);

/** A refusal's text as the bot tells it. */
export const errorText = (error: AppError) => error.textIn(LANG);

/**
 * A deadline as the bot writes it: the time of day in the recipient's zone, with the zone
 * named («14:26 МСК», «16:26 (UTC+5)»; docs/decisions/030).
 */
export const clockTime = (at: Date, timeZone: string) => formatZonedTime(at, timeZone, LANG);
