import { z } from 'zod';
import { StaffRef } from './backoffice.ts';
import { IsoDate } from './common.ts';

/**
 * Security events (docs/decisions/033-reauth-and-security-hold.md, "Security events"): each
 * reaches its owner's inbox and linked Telegram chat with «Это не я». «Это не я» ends every
 * session, revokes every API key and webhook, keeps the security hold until staff clear it
 * and opens a case in the back office.
 *
 * Paths:
 *   POST /api/v1/security/not-me                    (bearer) -> Ok(NotMeResult)
 *   GET  /api/v1/admin/security-reports             (staff, read) -> Ok(SecurityReportList)
 *   POST /api/v1/admin/security-reports/{id}/clear  (staff, users.limits; audited) -> Ok(SecurityReportView)
 */
export const SECURITY_EVENT_KINDS = [
  'two_factor_enabled',
  'two_factor_disabled',
  'recovery_codes_renewed',
  'sign_in',
  'api_key_created',
  'webhook_created',
  'address_saved',
  'telegram_linked',
  'hold_started',
] as const;
export type SecurityEventKind = (typeof SECURITY_EVENT_KINDS)[number];

/**
 * Socket `security:event` to the owner. `device` («Chrome, Android») and `place` (a rough
 * place from the IP: «локальная сеть» or the address masked, 203.0.113.x) for a sign-in;
 * `until` for a hold started.
 */
export const SecurityEvent = z.object({
  kind: z.enum(SECURITY_EVENT_KINDS),
  at: IsoDate,
  device: z.string().max(80).optional(),
  place: z.string().max(80).optional(),
  until: IsoDate.optional(),
});
export type SecurityEvent = z.infer<typeof SecurityEvent>;

/** «Это не я»: the inbox notice of the event answered (the bot and the inbox both know it). */
export const NotMeRequest = z.object({ notificationId: z.uuid() });
export type NotMeRequest = z.infer<typeof NotMeRequest>;

export const NotMeResult = z.object({
  reportId: z.uuid(),
  /** False when a case was open already (a second press): nothing new was opened. */
  opened: z.boolean(),
  sessionsEnded: z.number().int(),
  keysRevoked: z.number().int(),
  webhooksDeleted: z.number().int(),
});
export type NotMeResult = z.infer<typeof NotMeResult>;

export const SecurityReportView = z.object({
  id: z.uuid(),
  user: z.object({ id: z.uuid(), name: z.string() }),
  eventKind: z.string(),
  createdAt: IsoDate,
  clearedAt: IsoDate.nullable(),
  clearedBy: StaffRef.nullable(),
});
export type SecurityReportView = z.infer<typeof SecurityReportView>;

export const SecurityReportList = z.object({ reports: z.array(SecurityReportView) });
export type SecurityReportList = z.infer<typeof SecurityReportList>;
