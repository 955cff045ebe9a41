import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { autoRetry } from '@grammyjs/auto-retry';
import { apiThrottler } from '@grammyjs/transformer-throttler';
import { formatFiat, type Lang, type MessageKey, translate } from '@p2p/shared';
import { Bot, type Context, InlineKeyboard } from 'grammy';
import type { UserFromGetMe } from 'grammy/types';
import type { AppContext } from '../../context.ts';
import type { NotificationRow, UserSettingsRow } from '../../db/schema.ts';
import type { FeedLog } from '../notifications/notification-feed.ts';
import { toNotificationView } from '../notifications/notifications.service.ts';
import { findTrade } from '../trades/trades.repository.ts';
import { TradesService } from '../trades/trades.service.ts';
import { effectiveName } from '../users/user-view.ts';
import { findUserById } from '../users/users.repository.ts';
import * as repo from './telegram.repository.ts';

/** A connect link lives this long. */
export const LINK_TOKEN_TTL_MS = 15 * 60_000;
const LANG: Lang = 'ru';
const t = (key: MessageKey, values?: Record<string, string | number>) => translate(LANG, key, values);

/** Safe trade actions offered in Telegram (docs/decisions/017): short codes in callback data. */
const ACTIONS = { mp: 'mark_paid', cr: 'confirm_payment' } as const;
type ActionCode = keyof typeof ACTIONS;
const isActionCode = (v: string): v is ActionCode => v === 'mp' || v === 'cr';

export const hashLinkToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * The Telegram bot (grammY): connects chats through one-time /start tokens, forwards the
 * inbox's notifications with a button to the place, and offers «Я оплатил» / «Подтвердить
 * получение» with a second confirmation, run through the same trade service as the web.
 * Sending happens in the background: a slow or failing Telegram never touches a trade.
 */
export class TelegramBot {
  readonly bot: Bot;
  private readonly trades: TradesService;
  private queue: Promise<void> = Promise.resolve();
  private pending = 0;

  constructor(
    private readonly ctx: AppContext,
    private readonly log: FeedLog,
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
    this.bot.api.config.use(apiThrottler());
    this.bot.api.config.use(autoRetry({ maxRetryAttempts: 3, maxDelaySeconds: 30 }));
    this.trades = new TradesService(ctx);
    this.bot.command('start', (c) => this.onStart(c));
    this.bot.on('callback_query:data', (c) => this.onCallback(c));
    this.bot.catch((error) => this.log.error({ err: error.error }, 'telegram update failed'));
  }

  /** Compares the webhook's secret-token header in constant time. */
  checkSecret(header: unknown): boolean {
    const expected = Buffer.from(this.ctx.config.telegram?.webhookSecret ?? '');
    const got = Buffer.from(typeof header === 'string' ? header : '');
    return expected.length > 0 && got.length === expected.length && timingSafeEqual(got, expected);
  }

  /** A new one-time deep link for the user. */
  async createLink(userId: string): Promise<{ url: string; token: string; expiresAt: Date }> {
    const token = randomBytes(24).toString('base64url');
    const now = this.ctx.clock.now();
    const expiresAt = new Date(now.getTime() + LINK_TOKEN_TTL_MS);
    await repo.insertLinkToken(this.ctx.db, hashLinkToken(token), userId, expiresAt, now);
    return { url: `https://t.me/${this.bot.botInfo.username}?start=${token}`, token, expiresAt };
  }

  /** Inbox sink: queues the notification for the user's chat when they want Telegram. */
  deliver(row: NotificationRow, settings: UserSettingsRow): void {
    if (!settings.notifyTelegram) return;
    this.enqueue(() => this.send(row));
  }

  /** Resolves once everything queued so far was sent or given up (tests). */
  async idle(): Promise<void> {
    while (this.pending > 0) await this.queue;
  }

  private enqueue(job: () => Promise<void>): void {
    this.pending++;
    this.queue = this.queue
      .then(job)
      .catch((error: unknown) => this.log.error({ err: error }, 'telegram send failed'))
      .finally(() => {
        this.pending--;
      });
  }

  private async send(row: NotificationRow): Promise<void> {
    const chat = await repo.chatOfUser(this.ctx.db, row.userId);
    if (!chat) return;
    const view = toNotificationView(row, LANG);
    const lines = [view.title, view.message];
    if (view.action) lines.push(view.action);
    if (row.deadline) lines.push(t('notify.deadline', { time: row.deadline.toISOString().slice(11, 16) }));
    const keyboard = new InlineKeyboard();
    const web = `${this.ctx.config.publicUrl}${row.link}`;
    keyboard.url(row.entityType === 'trade' ? t('bot.open') : t('bot.openPlace'), web);
    const miniApp = this.ctx.config.telegram?.miniAppUrl;
    if (miniApp && row.entityType === 'trade' && row.entityId) {
      keyboard.url(t('bot.openApp'), `${miniApp}?startapp=trade_${row.entityId}`);
    }
    const offer = offeredAction(row);
    if (offer && row.entityId) {
      keyboard
        .row()
        .text(t(offer === 'mp' ? 'bot.markPaid' : 'bot.confirmReceipt'), `a:${offer}:${row.entityId}`);
    }
    await this.bot.api.sendMessage(Number(chat.chatId), lines.join('\n'), { reply_markup: keyboard });
  }

  private async onStart(c: Context): Promise<void> {
    const token = typeof c.match === 'string' ? c.match.trim() : '';
    const chatId = c.chat?.id;
    if (!token || chatId === undefined || c.chat?.type !== 'private') {
      await c.reply(t('bot.welcome'));
      return;
    }
    const now = this.ctx.clock.now();
    const userId = await repo.consumeLinkToken(this.ctx.db, hashLinkToken(token), now);
    if (!userId) {
      await c.reply(t('bot.tokenInvalid'));
      return;
    }
    if (!(await repo.linkChat(this.ctx.db, userId, BigInt(chatId), now))) {
      await c.reply(t('bot.chatTaken'));
      return;
    }
    const user = await findUserById(this.ctx.db, userId);
    await c.reply(t('bot.connected', { name: user ? effectiveName(user) : '' }));
  }

  /**
   * `a:{code}:{trade}` asks for confirmation, `y:{code}:{trade}` acts, `n` declines. Whoever
   * presses is identified by their chat's link only; a stranger's press changes nothing.
   */
  private async onCallback(c: Context): Promise<void> {
    const data = c.callbackQuery?.data ?? '';
    const chatId = c.chat?.id ?? c.callbackQuery?.from.id;
    const userId = chatId === undefined ? null : await repo.userOfChat(this.ctx.db, BigInt(chatId));
    const [kind, code, tradeId] = data.split(':');
    if (kind === 'n') {
      await c.answerCallbackQuery({ text: t('bot.declined') });
      return;
    }
    const trade =
      userId && tradeId && /^[0-9a-f-]{36}$/.test(tradeId) ? await findTrade(this.ctx.db, tradeId) : null;
    const role =
      trade && userId
        ? trade.buyerId === userId
          ? 'buyer'
          : trade.sellerId === userId
            ? 'seller'
            : null
        : null;
    if (
      !userId ||
      !trade ||
      !role ||
      !code ||
      !isActionCode(code) ||
      (code === 'mp') !== (role === 'buyer')
    ) {
      await c.answerCallbackQuery({ text: t('bot.unavailable') });
      return;
    }
    const values = {
      trade: trade.id.slice(-8),
      fiat: formatFiat(trade.amountFiat),
      fiatCurrency: trade.fiatCurrency,
    };
    if (kind === 'a') {
      await c.answerCallbackQuery();
      const confirm = new InlineKeyboard().text(t('bot.yes'), `y:${code}:${trade.id}`).text(t('bot.no'), 'n');
      await c.reply(t(code === 'mp' ? 'bot.confirm.markPaid' : 'bot.confirm.confirmReceipt', values), {
        reply_markup: confirm,
      });
      return;
    }
    if (kind !== 'y') {
      await c.answerCallbackQuery({ text: t('bot.unavailable') });
      return;
    }
    try {
      await this.trades.act(userId, trade.id, ACTIONS[code], {});
    } catch {
      await c.answerCallbackQuery({ text: t('bot.unavailable') });
      return;
    }
    await c.answerCallbackQuery({ text: t(code === 'mp' ? 'bot.done.markPaid' : 'bot.done.confirmReceipt') });
    await c.reply(t(code === 'mp' ? 'bot.done.markPaid' : 'bot.done.confirmReceipt'));
  }
}

/** Which safe action a notification offers: the buyer pays, the seller confirms receipt. */
function offeredAction(row: NotificationRow): ActionCode | null {
  if (row.kind === 'payment_details_sent') return 'mp';
  if (row.kind === 'trade_opened' && row.actionKey === 'notify.trade_opened.action.buyer') return 'mp';
  if (row.kind === 'trade_paid') return 'cr';
  return null;
}
