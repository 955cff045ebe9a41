import { timingSafeEqual } from 'node:crypto';
import { autoRetry } from '@grammyjs/auto-retry';
import { apiThrottler } from '@grammyjs/transformer-throttler';
import { Bot, type Context, InlineKeyboard } from 'grammy';
import type { UserFromGetMe } from 'grammy/types';
import type { Needs } from '../../context.ts';
import type { NotificationRow, UserSettingsRow } from '../../db/schema.ts';
import { RetryLater } from '../../events/retry-later.ts';
import { type FeedLog, type Reach, toNotificationView } from '../notifications/index.ts';
import type { TradesService } from '../trades/index.ts';
import type { TwoFactorService } from '../two-factor/index.ts';
import { effectiveName } from '../users/index.ts';
import { formatCallback, parseCallback } from './bot-callback.ts';
import { BotNotMe, isNotMe } from './bot-not-me.ts';
import { clockTime, LANG, t } from './bot-text.ts';
import { BotTradeActions, type TradeLinks } from './bot-trade-actions.ts';
import { MiniApp, startParamOf } from './mini-app.ts';
import * as repo from './telegram.repository.ts';
import type { TelegramLinkService } from './telegram-link.service.ts';

type GrammySignal = Parameters<Bot['api']['sendMessage']>[3];

/** The bot's logger: errors, and refusals worth a warning (a link opened by another Telegram user). */
export interface BotLog extends FeedLog {
  warn(obj: object, msg: string): void;
}

/**
 * The Telegram bot (grammY): connects chats through one-time /start links (the account's own
 * Telegram only: docs/decisions/023), forwards the inbox's notifications with buttons to the
 * place, and offers «Подтвердить получение» with a second confirmation and the second-factor
 * code, run through the same trade service as the web. Sending happens in the background: a
 * slow or failing Telegram never touches a trade.
 */
/** The services the bot acts through: the same ones the web's routes call. */
export interface BotServices {
  links: TelegramLinkService;
  trades: TradesService;
  twoFactor: TwoFactorService;
}

export class TelegramBot {
  readonly bot: Bot;
  private readonly links: TelegramLinkService;
  private readonly actions: BotTradeActions;
  private readonly notMe: BotNotMe;
  private readonly tradeLinks: TradeLinks;
  private queue: Promise<void> = Promise.resolve();
  private pending = 0;
  /** How long one message may take to send (TELEGRAM_SEND_DEADLINE_MS). */
  private readonly sendDeadlineMs: number;
  /** How long a claim holds before another delivery may send the message: the deadline and a margin. */
  private readonly claimHoldMs: number;

  constructor(
    private readonly ctx: Needs<'config' | 'db' | 'clock' | 'sessions'>,
    private readonly log: BotLog,
    services: BotServices,
  ) {
    const config = ctx.config.telegram;
    if (!config) throw new Error('TelegramBot needs TELEGRAM_BOT_TOKEN');
    // Known from the configuration, so no getMe round trip is needed before handling updates.
    const botInfo = {
      id: Number(config.botToken.split(':')[0]) || 0,
      is_bot: true,
      first_name: config.botUsername ?? 'bot',
      username: config.botUsername ?? 'bot',
      can_join_groups: false,
      can_read_all_group_messages: false,
      supports_inline_queries: false,
      can_connect_to_business: false,
      has_main_web_app: false,
    } as UserFromGetMe;
    this.bot = new Bot(config.botToken, { botInfo, client: { apiRoot: config.apiRoot } });
    this.sendDeadlineMs = config.sendDeadlineMs;
    this.claimHoldMs = config.sendDeadlineMs + 2_000;
    if (config.throttle) this.bot.api.config.use(apiThrottler());
    this.bot.api.config.use(autoRetry({ maxRetryAttempts: 3, maxDelaySeconds: 30 }));
    this.links = services.links;
    this.tradeLinks = {
      web: (id) => `${ctx.config.publicUrl}/trade/${id}`,
      miniApp: MiniApp.of(config.miniAppUrl),
    };
    this.actions = new BotTradeActions(ctx, this.tradeLinks, services.trades, services.twoFactor);
    this.notMe = new BotNotMe(ctx);
    this.bot.command('start', (c) => this.onStart(c));
    this.bot.on('callback_query:data', (c) => {
      const callback = parseCallback(c.callbackQuery.data);
      return isNotMe(callback) ? this.notMe.onCallback(c, callback) : this.actions.onCallback(c, callback);
    });
    this.bot.on('message:text', (c) => this.actions.onText(c));
    this.bot.catch((error) => this.log.error({ err: error.error }, 'telegram update failed'));
  }

  /** Compares the webhook's secret-token header in constant time. */
  checkSecret(header: unknown): boolean {
    const expected = Buffer.from(this.ctx.config.telegram?.webhookSecret ?? '');
    const got = Buffer.from(typeof header === 'string' ? header : '');
    return expected.length > 0 && got.length === expected.length && timingSafeEqual(got, expected);
  }

  /** A new one-time deep link for the user; `code`: their second factor, when it is on. */
  createLink(userId: string, code: string | undefined) {
    return this.links.create(userId, code, this.bot.botInfo.username);
  }

  /**
   * Inbox sink: queues the notification for the user's chat when they want Telegram; resolves
   * once it was sent or given up. A notification comes again when its event is delivered again:
   * it is sent once per chat all the same (`claimRecipient`). A user the storing statement saw
   * without a chat costs no claim (`reach`, docs/decisions/063).
   */
  deliver(row: NotificationRow, settings: UserSettingsRow, reach: Reach = {}): Promise<void> {
    if (reach.botChat === false) return Promise.resolve();
    // A security event reaches the linked chat whatever the settings say (docs/decisions/033).
    if (!settings.notifyTelegram && row.kind !== 'security_event') return Promise.resolve();
    return this.enqueue(() => this.send(row));
  }

  /** Resolves once everything queued so far was sent or given up (tests). */
  async idle(): Promise<void> {
    while (this.pending > 0) await this.queue;
  }

  /**
   * Runs the job after those queued before it. A failed send is logged and given up; only a
   * `RetryLater` (the message is another delivery's, maybe still in flight) reaches the caller,
   * so the event comes again.
   */
  private enqueue(job: () => Promise<void>): Promise<void> {
    this.pending++;
    const run = this.queue.then(job);
    this.queue = run
      .catch((error: unknown) => {
        if (!(error instanceof RetryLater)) this.log.error({ err: error }, 'telegram send failed');
      })
      .finally(() => {
        this.pending--;
      });
    return run.catch((error: unknown) => {
      if (error instanceof RetryLater) throw error;
    });
  }

  /**
   * Claims the notification's message for the user's chat, sends it within the send deadline
   * and marks it sent (docs/decisions/041, "Bot messages"). A claim of an instance that died
   * before Telegram answered goes stale after the deadline and is sent by the next delivery.
   */
  private async send(row: NotificationRow): Promise<void> {
    const now = this.ctx.clock.now();
    const chat = await repo.claimRecipient(this.ctx.db, {
      notificationId: row.id,
      userId: row.userId,
      now,
      staleBefore: new Date(now.getTime() - this.claimHoldMs),
    });
    if (chat.kind === 'none') return;
    if (chat.kind === 'held') throw new RetryLater(new Date(chat.since.getTime() + this.claimHoldMs));
    await this.bot.api.sendMessage(
      Number(chat.chatId),
      this.messageText(row, chat.timeZone),
      { reply_markup: this.keyboardOf(row) },
      // grammY types its signal with a polyfill's class; Node's own is what it gets at runtime.
      AbortSignal.timeout(this.sendDeadlineMs) as unknown as GrammySignal,
    );
    await repo.markSent(this.ctx.db, {
      notificationId: row.id,
      chatId: chat.chatId,
      now: this.ctx.clock.now(),
    });
  }

  private messageText(row: NotificationRow, timeZone: string): string {
    const view = toNotificationView(row, LANG);
    const lines = [view.title, view.message];
    if (view.action) lines.push(view.action);
    // A reminder names its deadline in its own text (docs/decisions/030).
    if (row.deadline && row.kind !== 'deadline_reminder') {
      lines.push(t('notify.deadline', { time: clockTime(row.deadline, timeZone) }));
    }
    return lines.join('\n');
  }

  private keyboardOf(row: NotificationRow): InlineKeyboard {
    const trade = row.entityType === 'trade' && row.entityId ? row.entityId : null;
    const miniApp = this.tradeLinks.miniApp;
    const keyboard = trade ? this.actions.openButtons(trade) : this.placeButtons(row);
    if (row.kind === 'security_event') {
      keyboard.row().text(t('bot.notMe'), formatCallback({ action: 'notMe', id: row.id }));
    }
    if (trade) {
      const offer = offeredAction(row);
      // «Я оплатил» opens the trade (in the Mini App when there is one: the buyer is in
      // Telegram already), which asks for the account paid from. The chat itself only ever
      // confirms receipt, and with a code (docs/decisions/023).
      if (offer === 'mark_paid') {
        keyboard.row();
        if (miniApp) keyboard.add(miniApp.button(t('bot.markPaid'), `trade_${trade}`));
        else keyboard.url(t('bot.markPaid'), this.tradeLinks.web(trade));
      }
      if (offer === 'confirm_payment') {
        keyboard.row().text(t('bot.confirmReceipt'), formatCallback({ action: 'confirmReceipt', id: trade }));
      }
    }
    return keyboard;
  }

  /** A notice of anything but a trade: its page on the website, and its place in the Mini App. */
  private placeButtons(row: NotificationRow): InlineKeyboard {
    const keyboard = new InlineKeyboard().url(t('bot.openPlace'), `${this.ctx.config.publicUrl}${row.link}`);
    const place = startParamOf(row);
    const miniApp = this.tradeLinks.miniApp;
    return miniApp && place ? keyboard.add(miniApp.button(t('bot.openApp'), place)) : keyboard;
  }

  /**
   * The menu button of the bot's chats opens the Mini App: the web app inside Telegram
   * (docs/decisions/017). Telegram opens Web Apps over HTTPS only, so an http address (a local
   * run) leaves the button as it is. Called once at start; a failure is the caller's to log.
   */
  async setMenuButton(): Promise<boolean> {
    const url = this.tradeLinks.miniApp?.webUrl ?? this.ctx.config.publicUrl;
    if (!url.startsWith('https://')) {
      this.log.warn({ url }, 'telegram menu button not set: the web app is not served over HTTPS');
      return false;
    }
    await this.bot.api.setChatMenuButton({
      menu_button: { type: 'web_app', text: t('bot.menuButton'), web_app: { url } },
    });
    return true;
  }

  private async onStart(c: Context): Promise<void> {
    const token = typeof c.match === 'string' ? c.match.trim() : '';
    const chatId = c.chat?.id;
    const fromId = c.from?.id;
    if (!token || chatId === undefined || fromId === undefined || c.chat?.type !== 'private') {
      await c.reply(t('bot.welcome'));
      return;
    }
    const outcome = await this.links.link(token, chatId, fromId);
    switch (outcome.kind) {
      case 'invalid':
        await c.reply(t('bot.tokenInvalid'));
        return;
      case 'not_owner':
        // The owner's session may be stolen: worth a line in the log (no token, no Telegram ids).
        this.log.warn({ userId: outcome.userId }, 'telegram link opened by another Telegram user');
        await c.reply(t('botSafety.notOwner'));
        return;
      case 'blocked':
        await c.reply(t('botSafety.blocked'));
        return;
      case 'chat_taken':
        await c.reply(t('bot.chatTaken'));
        return;
      case 'linked':
        if (outcome.replaced !== null) {
          // The chat that lost the link is told: a link never moves silently.
          await this.bot.api
            .sendMessage(Number(outcome.replaced), t('botSafety.chatReplaced'))
            .catch((error: unknown) => this.log.error({ err: error }, 'telegram send failed'));
        }
        await c.reply(t('bot.connected', { name: effectiveName(outcome.user) }));
    }
  }
}

/**
 * Which action a notification offers: the buyer pays once the seller's details are in the trade
 * (a trade opens without them, so its opening notice offers nothing: docs/decisions/034), the
 * seller confirms receipt.
 */
function offeredAction(row: NotificationRow): 'mark_paid' | 'confirm_payment' | null {
  if (row.kind === 'payment_details_sent') return 'mark_paid';
  if (row.kind === 'trade_paid') return 'confirm_payment';
  if (row.kind === 'deadline_reminder' && row.titleKey === 'remind.payment_due.title') return 'mark_paid';
  return null;
}
