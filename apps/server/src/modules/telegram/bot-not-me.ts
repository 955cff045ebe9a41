import { type Context, InlineKeyboard } from 'grammy';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { reportNotMe } from '../security/index.ts';
import { errorText, t } from './bot-text.ts';
import * as repo from './telegram.repository.ts';

const UUID = /^[0-9a-f-]{36}$/;

/** `nm:{notification}` asks once more, `nmy:{notification}` acts. */
export const notMeData = (notificationId: string) => `nm:${notificationId}`;
export const isNotMe = (data: string) => data.startsWith('nm:') || data.startsWith('nmy:');

/**
 * «Это не я» under a security notice in the linked chat (docs/decisions/033, "Security events"):
 * asked a second time (it signs the owner out everywhere), then run through the same service
 * as the web's button, for the chat's own account and a notice of its own inbox only.
 */
export class BotNotMe {
  constructor(private readonly ctx: AppContext) {}

  async onCallback(c: Context): Promise<void> {
    const [kind, notificationId] = (c.callbackQuery?.data ?? '').split(':');
    const chatId = c.chat?.id ?? c.callbackQuery?.from.id;
    const account = chatId === undefined ? null : await repo.accountOfChat(this.ctx.db, BigInt(chatId));
    if (!account || !notificationId || !UUID.test(notificationId)) {
      await c.answerCallbackQuery({ text: t('bot.unavailable') });
      return;
    }
    await c.answerCallbackQuery();
    if (kind === 'nm') {
      const confirm = new InlineKeyboard().text(t('bot.yes'), `nmy:${notificationId}`).text(t('bot.no'), 'n');
      await c.reply(t('bot.notMe.confirm'), { reply_markup: confirm });
      return;
    }
    try {
      await reportNotMe(this.ctx, account.id, notificationId);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      await c.reply(errorText(error));
      return;
    }
    await c.reply(t('bot.notMe.done'));
  }
}
