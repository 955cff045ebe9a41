import type { UpdateSettingsRequest, UserSettings } from '@p2p/shared';
import type { Needs } from '../../context.ts';
import type { UserSettingsRow } from '../../db/schema.ts';
import {
  findSettings,
  hasTelegramChat,
  type SettingsPatch,
  settingsOf,
  upsertSettings,
} from './settings.repository.ts';

export function toSettingsView(
  row: UserSettingsRow,
  saved: boolean,
  telegramConnected: boolean,
): UserSettings {
  return {
    notifications: {
      telegram: row.notifyTelegram,
      trades: row.notifyTrades,
      deposits: row.notifyFunds,
      chat: row.notifyChat,
    },
    privacy: { showOnline: row.showOnline, showStats: row.showStats, allowMessages: row.allowMessages },
    trading: {
      autoReply: row.autoReply,
      timeLimit: row.timeLimit,
      minRating: row.minRatingTenths / 10,
      allowUnrated: row.allowUnrated,
      hideOrdersAwayMinutes: row.hideOrdersAwayMinutes,
    },
    telegramConnected,
    updatedAt: saved ? row.updatedAt.toISOString() : null,
  };
}

/** The request's nested shape as column changes; only what was sent changes. */
function toPatch(body: UpdateSettingsRequest): SettingsPatch {
  const patch: SettingsPatch = {};
  const n = body.notifications;
  if (n?.telegram !== undefined) patch.notifyTelegram = n.telegram;
  if (n?.trades !== undefined) patch.notifyTrades = n.trades;
  if (n?.deposits !== undefined) patch.notifyFunds = n.deposits;
  if (n?.chat !== undefined) patch.notifyChat = n.chat;
  const p = body.privacy;
  if (p?.showOnline !== undefined) patch.showOnline = p.showOnline;
  if (p?.showStats !== undefined) patch.showStats = p.showStats;
  if (p?.allowMessages !== undefined) patch.allowMessages = p.allowMessages;
  const t = body.trading;
  if (t?.autoReply !== undefined) patch.autoReply = t.autoReply;
  if (t?.timeLimit !== undefined) patch.timeLimit = t.timeLimit;
  if (t?.minRating !== undefined) patch.minRatingTenths = Math.round(t.minRating * 10);
  if (t?.allowUnrated !== undefined) patch.allowUnrated = t.allowUnrated;
  if (t?.hideOrdersAwayMinutes !== undefined) patch.hideOrdersAwayMinutes = t.hideOrdersAwayMinutes;
  return patch;
}

/** Per-user settings (docs/decisions/017-notifications-bot-settings.md). */
export class SettingsService {
  constructor(private readonly ctx: Needs<'db' | 'clock'>) {}

  async get(userId: string): Promise<UserSettings> {
    const saved = await findSettings(this.ctx.db, userId);
    return toSettingsView(
      saved ?? (await settingsOf(this.ctx.db, userId)),
      saved !== null,
      await this.connected(userId),
    );
  }

  async update(userId: string, body: UpdateSettingsRequest): Promise<UserSettings> {
    const row = await upsertSettings(this.ctx.db, userId, toPatch(body), this.ctx.clock.now());
    return toSettingsView(row, true, await this.connected(userId));
  }

  private async connected(userId: string): Promise<boolean> {
    return hasTelegramChat(this.ctx.db, userId);
  }
}
