import { z } from 'zod';

/**
 * `GET /admin/disputes/reminders`: disputes past half of their target time with no staff line
 * yet (docs/decisions/030), of cases the caller owns and of cases nobody has taken, newest
 * first. Texts are the catalogue's `remind.dispute_sla.*` with `{trade}` and `{time}`; the
 * client writes `deadline` in its reader's zone.
 */
export const DeskReminder = z.object({
  id: z.uuid(),
  tradeId: z.uuid(),
  /** The trade's short number, as the chat and the bot show it. */
  trade: z.string(),
  /** When the dispute's target time ends (ISO). */
  deadline: z.string(),
  createdAt: z.string(),
  /** The case owner; null while the case waits in the desk's queue. */
  ownerId: z.uuid().nullable(),
});
export type DeskReminder = z.infer<typeof DeskReminder>;

export const DeskReminderList = z.object({ reminders: z.array(DeskReminder) });
export type DeskReminderList = z.infer<typeof DeskReminderList>;
