import { eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { telegramChats, type UserSettingsRow, userSettings } from '../../db/schema.ts';

export type SettingsPatch = Partial<Omit<UserSettingsRow, 'userId' | 'updatedAt'>>;

/** The stored settings of a user, or the defaults of the table when they never saved any. */
export function defaultSettings(userId: string): UserSettingsRow {
  return {
    userId,
    notifyTelegram: true,
    notifyTrades: true,
    notifyFunds: true,
    notifyChat: true,
    showOnline: true,
    showStats: true,
    allowMessages: true,
    autoReply: '',
    timeLimit: 30,
    minRatingTenths: 0,
    allowUnrated: true,
    updatedAt: new Date(0),
    hideOrdersAwayMinutes: null,
  };
}

export async function findSettings(db: Executor, userId: string): Promise<UserSettingsRow | null> {
  const [row] = await db.select().from(userSettings).where(eq(userSettings.userId, userId));
  return row ?? null;
}

export async function settingsOf(db: Executor, userId: string): Promise<UserSettingsRow> {
  return (await findSettings(db, userId)) ?? defaultSettings(userId);
}

/** The order owners among `userIds` who wrote an auto-reply, with it (one statement for all). */
export async function autoRepliesOf(db: Executor, userIds: readonly string[]): Promise<Map<string, string>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ userId: userSettings.userId, autoReply: userSettings.autoReply })
    .from(userSettings)
    .where(inArray(userSettings.userId, [...new Set(userIds)]));
  return new Map(rows.filter((r) => r.autoReply.trim()).map((r) => [r.userId, r.autoReply]));
}

export async function upsertSettings(
  db: Executor,
  userId: string,
  patch: SettingsPatch,
  now: Date,
): Promise<UserSettingsRow> {
  const [row] = await db
    .insert(userSettings)
    .values({ ...defaultSettings(userId), ...patch, userId, updatedAt: now })
    .onConflictDoUpdate({ target: userSettings.userId, set: { ...patch, updatedAt: now } })
    .returning();
  if (!row) throw new Error('settings upsert returned nothing');
  return row;
}

/** Whether the user has a Telegram chat linked (the settings screen shows the switch's state). */
export async function hasTelegramChat(db: Executor, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: telegramChats.userId })
    .from(telegramChats)
    .where(eq(telegramChats.userId, userId));
  return row !== undefined;
}
