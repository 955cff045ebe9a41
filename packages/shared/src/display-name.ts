import { z } from 'zod';
import type { MessageKey } from './i18n/runtime.ts';
import { text } from './schemas/text.ts';

/** Display-name rules of the welcome dialog and the profile edit (docs/product/texts-and-limits.md). */
export const DISPLAY_NAME_MIN = 2;
export const DISPLAY_NAME_MAX = 30;
export const DISPLAY_NAME_PATTERN = /^[A-Za-zА-Яа-яЁё0-9 _-]+$/;

export const DisplayNameMessages = {
  required: 'validation.displayName.required',
  tooShort: 'validation.displayName.tooShort',
  tooLong: 'validation.displayName.tooLong',
  badChars: 'validation.displayName.badChars',
  badCharsProfile: 'validation.displayName.badCharsProfile',
} as const satisfies Record<string, MessageKey>;

/** Welcome dialog: a name is required. Returns the first rule message broken, or null. */
export function validateDisplayName(raw: string): string | null {
  const name = raw.trim();
  if (name.length === 0) return DisplayNameMessages.required;
  if (name.length < DISPLAY_NAME_MIN) return DisplayNameMessages.tooShort;
  if (name.length > DISPLAY_NAME_MAX) return DisplayNameMessages.tooLong;
  if (!DISPLAY_NAME_PATTERN.test(name)) return DisplayNameMessages.badChars;
  return null;
}

/** Profile edit: empty means "no custom name" (null); otherwise the same length rules. */
export function validateProfileDisplayName(raw: string): string | null {
  const name = raw.trim();
  if (name.length === 0) return null;
  if (name.length < DISPLAY_NAME_MIN) return DisplayNameMessages.tooShort;
  if (name.length > DISPLAY_NAME_MAX) return DisplayNameMessages.tooLong;
  if (!DISPLAY_NAME_PATTERN.test(name)) return DisplayNameMessages.badCharsProfile;
  return null;
}

/** Required display name, trimmed (POST /users/display-name). */
export const RequiredDisplayName = text({
  max: DISPLAY_NAME_MAX,
  messages: {
    required: DisplayNameMessages.required,
    tooLong: DisplayNameMessages.tooLong,
    badCharacters: DisplayNameMessages.badChars,
  },
}).pipe(
  z.string().superRefine((name, ctx) => {
    const message = validateDisplayName(name);
    if (message) ctx.addIssue({ code: 'custom', message });
  }),
);

/** Optional display name, trimmed; empty becomes null (PUT /users/profile). */
export const OptionalDisplayName = text({
  max: DISPLAY_NAME_MAX,
  messages: { tooLong: DisplayNameMessages.tooLong, badCharacters: DisplayNameMessages.badCharsProfile },
})
  .nullable()
  .pipe(
    z
      .string()
      .nullable()
      .superRefine((name, ctx) => {
        if (name === null) return;
        const message = validateProfileDisplayName(name);
        if (message) ctx.addIssue({ code: 'custom', message });
      }),
  )
  .transform((s) => (s ? s : null));

/** Suggestion for the welcome dialog: first + last name, else first name, else username. */
export function suggestDisplayName(user: {
  firstName?: string | null;
  lastName?: string | null;
  username?: string | null;
}): string {
  const clean = (s: string) =>
    s
      .replace(/[^A-Za-zА-Яа-яЁё0-9 _-]/g, '')
      .trim()
      .slice(0, DISPLAY_NAME_MAX)
      .trim();
  const full = [user.firstName, user.lastName].filter(Boolean).join(' ');
  for (const candidate of [full, user.firstName ?? '', user.username ?? '']) {
    const s = clean(candidate);
    if (s.length >= DISPLAY_NAME_MIN) return s;
  }
  return '';
}

// The name others see, kept in a module without zod: the Mini App's start needs it before any schema.
export { effectiveName } from './effective-name.ts';
