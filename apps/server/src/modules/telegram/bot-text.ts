import { type Lang, type MessageKey, translate } from '@p2p/shared';
import type { AppError } from '../../errors.ts';

/** The bot speaks Russian (docs/decisions/017). */
export const LANG: Lang = 'ru';

export const t = (key: MessageKey, values?: Record<string, string | number>) => translate(LANG, key, values);

/** A refusal's text as the bot tells it. */
export const errorText = (error: AppError) => error.textIn(LANG);

/** Short "HH:MM" (UTC) of a deadline, as the notifications show it. */
export const clockTime = (at: Date) => at.toISOString().slice(11, 16);
