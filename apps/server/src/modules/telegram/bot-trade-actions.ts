import { formatFiat, nextState } from '@p2p/shared';
import { type Context, InlineKeyboard } from 'grammy';
import type { Needs } from '../../context.ts';
import type { TelegramCodePromptRow, TradeRow, UserRow } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { findTrade, roleOf } from '../trade-access/index.ts';
import type { TradesService } from '../trades/index.ts';
import type { TwoFactorService } from '../two-factor/index.ts';
import { type BotCallback, formatCallback } from './bot-callback.ts';
import { clockTime, errorText, t } from './bot-text.ts';
import type { MiniApp } from './mini-app.ts';
import * as repo from './telegram.repository.ts';

/** A code prompt answers for this long. */
export const CODE_PROMPT_TTL_MS = 5 * 60_000;

/** The trade buttons (bot-callback.ts): the step each asks for, and who may press it. */
const TRADE_STEPS = {
  confirmReceipt: { role: 'seller', sure: false },
  confirmReceiptSure: { role: 'seller', sure: true },
  markPaid: { role: 'buyer', sure: false },
  markPaidSure: { role: 'buyer', sure: true },
} as const;
type TradeStep = keyof typeof TRADE_STEPS;
const isTradeStep = (c: BotCallback | null): c is { action: TradeStep; id: string } =>
  c !== null && Object.hasOwn(TRADE_STEPS, c.action);

/** Where a trade opens: the website, and the Mini App when one is configured. */
export interface TradeLinks {
  web(tradeId: string): string;
  miniApp: MiniApp | null;
}

/**
 * The bot's trade buttons (docs/decisions/017, 023). Every press and every code reply reads
 * the chat's account first: a chat linked to nothing, or to a blocked account, does nothing.
 * «Я оплатил» is marked on the trade page only (it asks for the account paid from), so its
 * buttons point there. «Подтвердить получение» asks twice, then for the second-factor code as
 * a reply; the pending prompt is a database row, since the reply may reach any instance.
 */
export class BotTradeActions {
  constructor(
    private readonly ctx: Needs<'db' | 'clock'>,
    private readonly links: TradeLinks,
    private readonly trades: TradesService,
    private readonly twoFactor: TwoFactorService,
  ) {}

  /** The buttons that open a trade: the website, and the Mini App when configured. */
  openButtons(tradeId: string): InlineKeyboard {
    const keyboard = new InlineKeyboard().url(t('bot.open'), this.links.web(tradeId));
    const app = this.links.miniApp;
    return app ? keyboard.add(app.button(t('bot.openApp'), `trade_${tradeId}`)) : keyboard;
  }

  /**
   * A trade button (bot-callback.ts) asks for confirmation, its «Да» goes on, «Нет» declines;
   * anything else is unavailable. Whoever presses is identified by their chat's link only; a
   * stranger's press changes nothing.
   */
  async onCallback(c: Context, callback: BotCallback | null): Promise<void> {
    if (callback?.action === 'decline') {
      await c.answerCallbackQuery({ text: t('bot.declined') });
      return;
    }
    const chatId = c.chat?.id ?? c.callbackQuery?.from.id;
    const account = chatId === undefined ? null : await repo.accountOfChat(this.ctx.db, BigInt(chatId));
    if (account?.blockedAt) {
      await c.answerCallbackQuery({ text: t('botSafety.blocked'), show_alert: true });
      return;
    }
    const step = isTradeStep(callback) ? callback : null;
    const trade = account && step ? await findTrade(this.ctx.db, step.id) : null;
    const role = trade && account ? roleOf(trade, account.id) : 'observer';
    if (!account || !trade || !step || chatId === undefined || TRADE_STEPS[step.action].role !== role) {
      await c.answerCallbackQuery({ text: t('bot.unavailable') });
      return;
    }
    await c.answerCallbackQuery();
    if (step.action === 'markPaid' || step.action === 'markPaidSure') {
      // A button of a message sent before «Я оплатил» moved to the trade page.
      await c.reply(t('botSafety.markPaidOnSite'), { reply_markup: this.openButtons(trade.id) });
    } else if (!TRADE_STEPS[step.action].sure) {
      const confirm = new InlineKeyboard()
        .text(t('bot.yes'), formatCallback({ action: 'confirmReceiptSure', id: trade.id }))
        .text(t('bot.no'), formatCallback({ action: 'decline' }));
      await c.reply(t('bot.confirm.confirmReceipt', valuesOf(trade)), { reply_markup: confirm });
    } else {
      await this.askForCode(c, chatId, account, trade);
    }
  }

  /** Sends the code prompt (ForceReply) and records it for whichever instance gets the reply. */
  private async askForCode(c: Context, chatId: number, account: UserRow, trade: TradeRow): Promise<void> {
    if (!nextState(trade.status, 'confirm_payment', 'seller')) {
      await c.reply(t('bot.unavailable'));
      return;
    }
    if (!(await this.twoFactor.status(account.id)).enabled) {
      await c.reply(t('security.enrolToSell'));
      return;
    }
    const now = this.ctx.clock.now();
    const expiresAt = new Date(now.getTime() + CODE_PROMPT_TTL_MS);
    const sent = await c.reply(
      t('botSafety.codePrompt', { trade: trade.id.slice(-8), time: clockTime(expiresAt, account.timeZone) }),
      { reply_markup: { force_reply: true, input_field_placeholder: t('botSafety.codePlaceholder') } },
    );
    const prompt = {
      chatId: BigInt(chatId),
      userId: account.id,
      tradeId: trade.id,
      action: 'confirm_payment' as const,
      messageId: sent.message_id,
      expiresAt,
    };
    await repo.savePrompt(this.ctx.db, prompt, now);
  }

  /**
   * A text message in a chat with a pending prompt is its code: the message is deleted at once
   * (the code must not linger in the chat), then checked by the trade service like the web's.
   * A wrong code leaves the prompt open for another try (wrong codes count towards the lock).
   */
  async onText(c: Context): Promise<void> {
    const message = c.message;
    const chatId = c.chat?.id;
    if (!message?.text || chatId === undefined || c.chat?.type !== 'private') return;
    const prompt = await repo.promptOfChat(this.ctx.db, BigInt(chatId));
    if (!prompt) return;
    await c.deleteMessage().catch(() => undefined);
    const now = this.ctx.clock.now();
    const repliedTo = message.reply_to_message?.message_id;
    if (prompt.expiresAt <= now || (repliedTo !== undefined && repliedTo !== prompt.messageId)) {
      if (prompt.expiresAt <= now) await repo.deletePrompt(this.ctx.db, prompt);
      await c.reply(t('botSafety.codeExpired'));
      return;
    }
    const account = await repo.accountOfChat(this.ctx.db, BigInt(chatId));
    if (!account || account.id !== prompt.userId || account.blockedAt) {
      await repo.deletePrompt(this.ctx.db, prompt);
      await c.reply(t(account?.blockedAt ? 'botSafety.blocked' : 'bot.unavailable'));
      return;
    }
    await c.reply(await this.confirm(prompt, message.text));
  }

  /** Runs the prompt's action with the code; answers what to tell the user. */
  private async confirm(prompt: TelegramCodePromptRow, code: string): Promise<string> {
    try {
      await this.trades.act(prompt.userId, prompt.tradeId, prompt.action, { totpCode: code });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      const details = error.details as { reason?: unknown } | undefined;
      const tryAgain = error.code === 'TWO_FACTOR_REQUIRED' && details?.reason === 'invalid';
      if (!tryAgain) await repo.deletePrompt(this.ctx.db, prompt);
      return tryAgain ? `${errorText(error)}\n${t('botSafety.codeRetry')}` : errorText(error);
    }
    await repo.deletePrompt(this.ctx.db, prompt);
    return t('bot.done.confirmReceipt');
  }
}

function valuesOf(trade: TradeRow) {
  return { trade: trade.id.slice(-8), fiat: formatFiat(trade.amountFiat), fiatCurrency: trade.fiatCurrency };
}
