import { type Context, InlineKeyboard } from 'grammy';
import type { Needs } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { reportNotMe } from '../security/index.ts';
import { type BotCallback, formatCallback } from './bot-callback.ts';
import { errorText, t } from './bot-text.ts';
import * as repo from './telegram.repository.ts';

/** A press of «Это не я» (`notMe`, asks once more) or of its «Да» (`notMeSure`, acts). */
export type NotMeCallback = Extract<BotCallback, { action: 'notMe' | 'notMeSure' }>;

export const isNotMe = (callback: BotCallback | null): callback is NotMeCallback =>
  callback?.action === 'notMe' || callback?.action === 'notMeSure';

/**
 * «Это не я» under a security notice in the linked chat (docs/decisions/033, "Security events"):
 * asked a second time (it signs the owner out everywhere), then run through the same service
 * as the web's button, for the chat's own account and a notice of its own inbox only.
 */
export class BotNotMe {
  constructor(private readonly ctx: Needs<'config' | 'db' | 'clock' | 'sessions'>) {}

  async onCallback(c: Context, { action, id: notificationId }: NotMeCallback): Promise<void> {
    const chatId = c.chat?.id ?? c.callbackQuery?.from.id;
    const account = chatId === undefined ? null : await repo.accountOfChat(this.ctx.db, BigInt(chatId));
    if (!account) {
      await c.answerCallbackQuery({ text: t('bot.unavailable') });
      return;
    }
    await c.answerCallbackQuery();
    if (action === 'notMe') {
      const confirm = new InlineKeyboard()
        .text(t('bot.yes'), formatCallback({ action: 'notMeSure', id: notificationId }))
        .text(t('bot.no'), formatCallback({ action: 'decline' }));
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
