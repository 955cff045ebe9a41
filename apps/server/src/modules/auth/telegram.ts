import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { TelegramIdentity } from '../users/index.ts';

/** Telegram Login Widget and Mini App signature checks (replays: docs/decisions/023, section 4). */

export const TELEGRAM_MAX_AGE_SECONDS = 24 * 60 * 60;
/** Small allowance for clocks that run slightly apart. */
const FUTURE_SKEW_SECONDS = 60;

export type TelegramCheck =
  | { ok: true; fields: Record<string, string> }
  | { ok: false; reason: 'missing_fields' | 'bad_signature' | 'stale' | 'future' };

function safeEqualHex(expectedHex: string, givenHex: string): boolean {
  if (!/^[0-9a-f]{64}$/i.test(givenHex)) return false;
  const a = Buffer.from(expectedHex, 'hex');
  const b = Buffer.from(givenHex.toLowerCase(), 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

function dataCheckString(fields: Record<string, string>): string {
  return Object.keys(fields)
    .filter((k) => k !== 'hash')
    .sort()
    .map((k) => `${k}=${fields[k]}`)
    .join('\n');
}

function checkAge(authDate: string | undefined, nowMs: number): TelegramCheck | null {
  if (!authDate || !/^\d{1,12}$/.test(authDate)) return { ok: false, reason: 'missing_fields' };
  const ageSeconds = Math.floor(nowMs / 1000) - Number(authDate);
  if (ageSeconds < -FUTURE_SKEW_SECONDS) return { ok: false, reason: 'future' };
  if (ageSeconds > TELEGRAM_MAX_AGE_SECONDS) return { ok: false, reason: 'stale' };
  return null;
}

/** Login Widget: HMAC-SHA256 over the data-check-string with key SHA256(bot token). */
export function verifyLoginWidget(
  raw: Record<string, string | number>,
  botToken: string,
  nowMs: number,
): TelegramCheck {
  const fields: Record<string, string> = {};
  for (const [k, v] of Object.entries(raw)) fields[k] = String(v);
  if (!fields.id || !fields.first_name || !fields.auth_date || !fields.hash) {
    return { ok: false, reason: 'missing_fields' };
  }
  const secret = createHash('sha256').update(botToken).digest();
  const expected = createHmac('sha256', secret).update(dataCheckString(fields)).digest('hex');
  if (!safeEqualHex(expected, fields.hash)) return { ok: false, reason: 'bad_signature' };
  return checkAge(fields.auth_date, nowMs) ?? { ok: true, fields };
}

/** Mini App initData: key is HMAC-SHA256("WebAppData", bot token). */
export function verifyWebAppInitData(initData: string, botToken: string, nowMs: number): TelegramCheck {
  const params = new URLSearchParams(initData);
  const fields: Record<string, string> = {};
  for (const [k, v] of params) fields[k] = v;
  if (!fields.hash || !fields.auth_date || !fields.user) return { ok: false, reason: 'missing_fields' };
  const secret = createHmac('sha256', 'WebAppData').update(botToken).digest();
  const expected = createHmac('sha256', secret).update(dataCheckString(fields)).digest('hex');
  if (!safeEqualHex(expected, fields.hash)) return { ok: false, reason: 'bad_signature' };
  const age = checkAge(fields.auth_date, nowMs);
  if (age) return age;
  return { ok: true, fields };
}

/** Turns verified widget fields into an identity. */
export function identityFromWidget(fields: Record<string, string>): TelegramIdentity | null {
  if (!/^\d{1,20}$/.test(fields.id ?? '') || !fields.first_name) return null;
  return {
    id: fields.id as string,
    firstName: fields.first_name.slice(0, 128),
    lastName: fields.last_name?.slice(0, 128) || null,
    username: fields.username?.slice(0, 64) || null,
    photoUrl: safeHttpsUrl(fields.photo_url),
  };
}

/** Turns verified Mini App fields (the `user` JSON) into an identity. */
export function identityFromWebApp(fields: Record<string, string>): TelegramIdentity | null {
  let user: unknown;
  try {
    user = JSON.parse(fields.user ?? '');
  } catch {
    return null;
  }
  if (typeof user !== 'object' || user === null) return null;
  const u = user as Record<string, unknown>;
  const str = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : '');
  return identityFromWidget({
    id: str(u.id),
    first_name: str(u.first_name),
    last_name: str(u.last_name),
    username: str(u.username),
    photo_url: str(u.photo_url),
  });
}

function safeHttpsUrl(url: string | undefined): string | null {
  if (!url) return null;
  try {
    return new URL(url).protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}

/** Test and demo helper: signs widget fields the way Telegram does. */
export function signLoginWidget(fields: Record<string, string>, botToken: string): string {
  const secret = createHash('sha256').update(botToken).digest();
  return createHmac('sha256', secret).update(dataCheckString(fields)).digest('hex');
}

/** Test helper: signs Mini App fields the way Telegram does; returns the full initData. */
export function signWebAppInitData(fields: Record<string, string>, botToken: string): string {
  const secret = createHmac('sha256', 'WebAppData').update(botToken).digest();
  const hash = createHmac('sha256', secret).update(dataCheckString(fields)).digest('hex');
  return new URLSearchParams({ ...fields, hash }).toString();
}
