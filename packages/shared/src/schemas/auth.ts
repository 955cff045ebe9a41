import { z } from 'zod';
import type { MessageKey } from '../i18n/runtime.ts';
import { text } from './text.ts';
import { UserView } from './users.ts';

/**
 * Login Widget payload: the signed fields plus `hash`. Unknown fields are kept: they are signed
 * too, so values are checked for characters and length but never trimmed.
 */
export const TelegramLoginRequest = z.record(
  text({ min: 1, max: 64 }),
  z.union([text({ max: 1024, trim: false }), z.number()]),
);

export const TelegramWebAppLoginRequest = z.object({
  initData: text({ min: 1, max: 8192, trim: false }),
});

/**
 * `POST /auth/reauth` (docs/decisions/033): a fresh Telegram sign-in of the account's own id,
 * from the Login Widget or a Mini App, or `{ dev: true }` for an account made by the
 * development sign-in (development only).
 */
export const ReauthRequest = z.union([
  z.object({ telegram: TelegramLoginRequest }).strict(),
  z.object({ initData: text({ min: 1, max: 8192, trim: false }) }).strict(),
  z.object({ dev: z.literal(true) }).strict(),
]);
export type ReauthRequest = z.infer<typeof ReauthRequest>;

/** The proof a security change carries as `X-Reauth-Token`, valid for this session until `expiresAt`. */
export const ReauthResult = z.object({ reauthToken: z.string(), expiresAt: z.string() });
export type ReauthResult = z.infer<typeof ReauthResult>;

export const DevLoginRequest = z.object({
  username: text({ min: 2, max: 32 }).regex(/^[A-Za-z0-9_]+$/, 'validation.username'),
});

const RefreshToken = text({ min: 10, max: 200, trim: false });
export const RefreshRequest = z.object({ refreshToken: RefreshToken });
export const LogoutRequest = z.object({ refreshToken: RefreshToken.optional() });

export const AuthTokens = z.object({
  accessToken: z.string(),
  refreshToken: z.string(),
  tokenType: z.literal('Bearer'),
  /** Seconds until the access token expires. */
  expiresIn: z.number().int(),
});
export type AuthTokens = z.infer<typeof AuthTokens>;

export const AuthResult = z.object({ user: UserView, tokens: AuthTokens });
export type AuthResult = z.infer<typeof AuthResult>;

export const DevUsersResult = z.object({
  users: z.array(
    z.object({
      username: z.string(),
      effectiveName: z.string(),
      /** A demo user's authenticator code right now (the README's demo secret); else null. */
      totpCode: z.string().nullable(),
    }),
  ),
});

/** `GET /auth/dev-code`: the signed-in demo user's current code (development sign-in only). */
export const DevCodeResult = z.object({ totpCode: z.string().nullable() });

export const AuthConfigResult = z.object({
  telegramBotUsername: z.string().nullable(),
  /** The bot's public numeric id: the web opens the Telegram sign-in in place with it (re-authentication). */
  telegramBotId: z.string().nullable().optional(),
  devLogin: z.boolean(),
});

export const AuthMessages = {
  missingFields: 'errors.telegramData',
  badSignature: 'errors.telegramSignature',
  stale: 'errors.telegramExpired',
  future: 'errors.telegramTime',
  notConfigured: 'errors.telegramNotConfigured',
  unauthorized: 'errors.unauthorized',
  sessionExpired: 'errors.sessionExpired',
} as const satisfies Record<string, MessageKey>;

/** `POST /auth/sessions/end-all`: how many sessions ended (sockets closed with them). */
export const EndSessionsResult = z.object({ ended: z.number().int() });

/**
 * `GET /users/me/security-hold` (docs/decisions/033): whether money may not leave the account
 * now, and until when (`until` null with `untilCleared`: until staff clear it).
 */
export const SecurityHoldView = z.object({
  active: z.boolean(),
  until: z.string().nullable(),
  untilCleared: z.boolean(),
});
export type SecurityHoldView = z.infer<typeof SecurityHoldView>;
