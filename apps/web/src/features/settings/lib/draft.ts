import {
  issueValues,
  type MessageValues,
  SETTINGS_HIDE_AWAY,
  UpdateSettingsRequest,
  type UserSettings,
} from '@p2p/shared';
import { z } from 'zod';

/**
 * The form's state: numbers stay text while typed ("4,5" is fine to type), so a half-typed
 * value is never silently replaced.
 */
export interface SettingsDraft {
  notifications: UserSettings['notifications'];
  privacy: UserSettings['privacy'];
  autoReply: string;
  timeLimit: string;
  minRating: string;
  allowUnrated: boolean;
  /** "Hide my orders when I am away" on, and after how many minutes (docs/decisions/028). */
  hideAway: boolean;
  hideAwayMinutes: string;
}

export type DraftField = 'autoReply' | 'timeLimit' | 'minRating' | 'hideAwayMinutes';

export function draftOf(settings: UserSettings): SettingsDraft {
  return {
    notifications: { ...settings.notifications },
    privacy: { ...settings.privacy },
    autoReply: settings.trading.autoReply,
    timeLimit: String(settings.trading.timeLimit),
    minRating: String(settings.trading.minRating),
    allowUnrated: settings.trading.allowUnrated,
    hideAway: settings.trading.hideOrdersAwayMinutes !== null,
    hideAwayMinutes: String(settings.trading.hideOrdersAwayMinutes ?? SETTINGS_HIDE_AWAY.default),
  };
}

const toNumber = (text: string) => {
  const normal = text.trim().replace(',', '.');
  return normal === '' ? Number.NaN : Number(normal);
};

/** A field's refusal: the shared schema's catalogue key and the values its message needs. */
export interface DraftError {
  message: string;
  values: MessageValues;
}

/**
 * The request a draft makes, checked with the shared schema (the server's own rules and
 * messages): either the body or, per field, the message to show.
 */
export function requestOf(
  draft: SettingsDraft,
):
  | { ok: true; body: UpdateSettingsRequest }
  | { ok: false; errors: Partial<Record<DraftField, DraftError>> } {
  const parsed = UpdateSettingsRequest.safeParse({
    notifications: draft.notifications,
    privacy: draft.privacy,
    trading: {
      autoReply: draft.autoReply,
      timeLimit: toNumber(draft.timeLimit),
      minRating: toNumber(draft.minRating),
      allowUnrated: draft.allowUnrated,
      hideOrdersAwayMinutes: draft.hideAway ? toNumber(draft.hideAwayMinutes) : null,
    },
  });
  if (parsed.success) return { ok: true, body: parsed.data };
  const errors: Partial<Record<DraftField, DraftError>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[1] === 'hideOrdersAwayMinutes' ? 'hideAwayMinutes' : issue.path[1];
    if (
      issue.path[0] === 'trading' &&
      (field === 'autoReply' || field === 'timeLimit' || field === 'minRating' || field === 'hideAwayMinutes')
    ) {
      errors[field] ??= { message: issue.message, values: issueValues(issue) };
    }
  }
  return { ok: false, errors };
}

/** Whether the draft differs from what is stored. */
export function isDirty(draft: SettingsDraft, settings: UserSettings): boolean {
  return JSON.stringify(draft) !== JSON.stringify(draftOf(settings));
}

/**
 * The settings form's rules for react-hook-form: the draft becomes the request body through
 * requestOf (the shared UpdateSettingsRequest), each refusal under its own field.
 */
export const settingsFormSchema = z.custom<SettingsDraft>().transform((draft, ctx) => {
  const request = requestOf(draft);
  if (request.ok) return request.body;
  for (const [field, { message, values }] of Object.entries(request.errors)) {
    ctx.addIssue({ code: 'custom', path: [field], message, params: values });
  }
  return z.NEVER;
});
