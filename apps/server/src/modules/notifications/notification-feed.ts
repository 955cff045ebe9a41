import {
  DEFAULT_TIME_ZONE,
  formatCrypto,
  formatFiat,
  type ServerEventPayload,
  systemLineText,
} from '@p2p/shared';
import type { Needs } from '../../context.ts';
import type { TradeRow } from '../../db/schema.ts';
import type { DeliveredEvent, OutboxRelay, Settling } from '../../events/outbox-relay.ts';
import { defaultSettings } from '../settings/index.ts';
import { effectiveName } from '../users/index.ts';
import { type TradeForRecipient, tradesForRecipients } from './notifications.repository.ts';
import type { NotificationDraft, NotificationsService } from './notifications.service.ts';
import { timeZoneOf } from './reminders.repository.ts';
import { securityEventDraft } from './security-notice.ts';
import { swapCompletedDraft } from './swap-notice.ts';

/** Tells whether a user has a socket connected right now (any instance). */
export type Presence = (userId: string) => Promise<boolean>;

export interface FeedLog {
  error(obj: object, msg: string): void;
}

/** The trade's short number as the chat and the bot show it: its last 8 characters. */
export const shortTradeId = (id: string) => id.slice(-8);

const minutesUntil = (deadline: Date | null, now: Date) =>
  deadline ? Math.max(1, Math.ceil((deadline.getTime() - now.getTime()) / 60_000)) : 0;

/**
 * Turns the events addressed to users (events/notifier.ts) into notifications: the trade service
 * and the others need no change to feed the inbox. A durable consumer of the outbox's relay
 * (docs/decisions/041): it runs off the request path, and an event that comes twice stores its
 * notification once, under the event's id. A failure is logged and never reaches the event's
 * author; the relay delivers the event again.
 */
export class NotificationFeed {
  private readonly stop: () => void;

  constructor(
    private readonly ctx: Needs<'db' | 'clock'>,
    private readonly inbox: NotificationsService,
    private readonly presence: () => Presence,
    private readonly relay: OutboxRelay,
  ) {
    this.stop = relay.consume((events) => this.consume(events));
  }

  /** Resolves once every event received so far has been turned into notifications (tests). */
  idle(): Promise<void> {
    return this.relay.idle();
  }

  close(): void {
    this.stop();
  }

  /**
   * A batch of events (one request's, or more under load: events/outbox-relay.ts) in two
   * statements however many there are: the trades they are about, read together, and the
   * notifications, stored together; then each is told to its user and handed to the sinks. An event that
   * fails on its own is left out and the batch is thrown at the end, so the relay delivers it
   * again (the others' notifications are then found stored, under their events' ids).
   */
  private async consume(events: readonly DeliveredEvent[]): Promise<Settling> {
    const failures: unknown[] = [];
    const asks: { e: DeliveredEvent; ask: Ask }[] = [];
    for (const e of events) {
      try {
        const ask = await this.askOf(e);
        if (ask) asks.push({ e, ask });
      } catch (error) {
        failures.push(error);
      }
    }
    const trades = await tradesForRecipients(
      this.ctx.db,
      asks.flatMap(({ ask }) => ('tradeId' in ask ? [ask] : [])),
    );
    const drafts: NotificationDraft[] = [];
    for (const { e, ask } of asks) {
      // An event tells its recipient one thing at most: the notification takes the event's id.
      const draft =
        'tradeId' in ask ? this.tradeDraft(ask, trades.get(`${ask.tradeId}:${ask.userId}`)) : ask.draft;
      if (draft) drafts.push({ ...draft, id: e.id });
    }
    let settled: Promise<void> = Promise.resolve();
    try {
      ({ settled } = await this.inbox.createMany(drafts));
    } catch (error) {
      failures.push(error);
    }
    if (failures.length) throw new AggregateError(failures, 'notification feed failed');
    // The bot's sends: the relay's next batch does not wait for them, this one's done mark does.
    return { settled };
  }

  /**
   * What an event asks to tell its recipient: a notice about a trade (drafted once the trade is
   * read, with the batch's others), a notice drafted from the event alone, or nothing.
   */
  private async askOf(e: DeliveredEvent): Promise<Ask | null> {
    const userId = e.room.slice('user:'.length);
    // A reminder is stored in its own transaction, with its `notification:new` as an outbox row
    // (docs/decisions/041): its bot message is sent from here, so a crash after the commit only
    // delays it. Other notifications reach the sinks where they are created (`inbox.createMany`).
    if (e.event === 'notification:new') {
      if (e.payload.notification.kind === 'deadline_reminder')
        await this.inbox.announce(e.payload.notification.id);
      return null;
    }
    switch (e.event) {
      case 'trade:created':
        return { userId, tradeId: e.payload.tradeId, what: 'opened' };
      case 'trade:updated': {
        const p = e.payload;
        // A party that cannot be told of this change (the seller of their own release, say)
        // needs no read of the trade.
        if (e.recipientRole && !mayNotify(e.recipientRole, p.action, p.actor)) return null;
        return { userId, tradeId: p.tradeId, what: p.action, actor: p.actor };
      }
      case 'trade:payment_template_attached':
        return { userId, tradeId: e.payload.tradeId, what: 'details' };
      case 'trade:message': {
        const p = e.payload;
        // The moderator's word always reaches the inbox: it usually asks for something. A keyed
        // line (an evidence request) is written in the recipient's zone (docs/decisions/030).
        if (p.fromModerator) {
          const text = p.contentKey
            ? systemLineText(
                { content: p.message, contentKey: p.contentKey, contentValues: p.contentValues ?? null },
                'ru',
                (await timeZoneOf(this.ctx.db, userId)) ?? DEFAULT_TIME_ZONE,
              )
            : p.message;
          return { userId, tradeId: p.tradeId, what: 'moderator', extra: { text: clip(text) } };
        }
        // Someone watching the app sees the message live; the inbox is for when they are away.
        if (await this.presence()(userId)) return null;
        return { userId, tradeId: p.tradeId, what: 'message', extra: { text: clip(p.message) } };
      }
      case 'deposit:credited': {
        const p = e.payload;
        return {
          draft: {
            userId,
            kind: 'deposit_credited',
            entity: { type: 'deposit', id: p.id },
            titleKey: 'notify.deposit_credited.title',
            messageKey: 'notify.deposit_credited.message',
            actionKey: null,
            values: { amount: p.amount, currency: p.currency },
            deadline: null,
            link: '/wallet',
          },
        };
      }
      case 'withdrawal:updated': {
        const draft = this.withdrawalDraft(userId, e.payload);
        return draft ? { draft } : null;
      }
      case 'swap:completed':
        return { draft: swapCompletedDraft(userId, e.payload) };
      case 'security:event':
        return { draft: securityEventDraft(userId, e.payload) };
      default:
        return null;
    }
  }

  private withdrawalDraft(
    userId: string,
    p: ServerEventPayload<'withdrawal:updated'>,
  ): NotificationDraft | null {
    const incoming = p.direction === 'in';
    // The user's own request (no previous status) needs no news; a transfer's recipient does.
    if (!incoming && (p.previousStatus === null || p.status === 'CANCELLED')) return null;
    const values = { amount: p.amount, currency: p.cryptocurrency, status: p.status };
    return {
      userId,
      kind: 'withdrawal_status',
      entity: { type: 'withdrawal', id: p.withdrawalId },
      titleKey: incoming ? 'notify.deposit_credited.title' : 'notify.withdrawal_status.title',
      messageKey: incoming ? 'notify.withdrawal_status.message.in' : 'notify.withdrawal_status.message',
      actionKey: null,
      values,
      deadline: null,
      link: incoming ? '/wallet' : '/withdrawals/history',
    };
  }

  /** The notice of a trade event to its recipient, from the trade as read (none: no notice). */
  private tradeDraft(ask: TradeAsk, found: TradeForRecipient | undefined): NotificationDraft | null {
    if (!found) return null;
    const { userId, what, actor, extra = {} } = ask;
    const { trade, other, settings } = found;
    const role = trade.buyerId === userId ? 'buyer' : trade.sellerId === userId ? 'seller' : null;
    if (!role) return null;
    const now = this.ctx.clock.now();
    const plan = planFor(trade, role, what, actor);
    if (!plan) return null;
    const values: Record<string, string | number> = {
      trade: shortTradeId(trade.id),
      amount: formatCrypto(trade.amountCrypto),
      // What the buyer receives once released: the amount less the platform fee.
      net: formatCrypto(trade.amountCrypto - trade.feeAmount),
      currency: trade.cryptocurrency,
      fiat: formatFiat(trade.amountFiat),
      fiatCurrency: trade.fiatCurrency,
      name: other ? effectiveName(other) : '',
      minutes: minutesUntil(plan.deadline, now),
      ...extra,
    };
    return {
      userId,
      kind: plan.kind,
      entity: { type: 'trade', id: trade.id },
      titleKey: `notify.${plan.kind}.title`,
      messageKey: plan.messageKey ?? `notify.${plan.kind}.message`,
      actionKey: plan.actionKey,
      values,
      deadline: plan.deadline,
      link: `/trade/${trade.id}`,
      recipientSettings: settings ?? defaultSettings(userId),
    };
  }
}

/** A notice about a trade, asked for by an event; drafted once the batch's trades are read. */
interface TradeAsk {
  userId: string;
  tradeId: string;
  what: string;
  actor?: string;
  extra?: Record<string, string>;
}

type Ask = TradeAsk | { draft: NotificationDraft };

interface Plan {
  kind: NotificationDraft['kind'];
  messageKey?: string;
  actionKey: string | null;
  deadline: Date | null;
}

/**
 * Who hears what about a trade (docs/decisions/017): the party who must act next, with the
 * deadline of that step; the one who acted hears nothing of their own action.
 */
/**
 * Whether `role` may be told of `what` at all, from the role alone; `planFor` then decides
 * with the trade. The feed asks first, to skip reading a trade for a party told nothing.
 */
export function mayNotify(role: 'buyer' | 'seller', what: string, actor?: string): boolean {
  switch (what) {
    case 'details':
    case 'confirm_payment':
      return role === 'buyer';
    case 'mark_paid':
      return role === 'seller';
    case 'release_crypto':
    case 'auto_release':
    case 'cancel_trade':
    case 'dispute_trade':
      return actor !== role;
    default:
      return true;
  }
}

function planFor(t: TradeRow, role: 'buyer' | 'seller', what: string, actor?: string): Plan | null {
  if (!mayNotify(role, what, actor)) return null;
  switch (what) {
    case 'opened':
      return {
        kind: 'trade_opened',
        actionKey: `notify.trade_opened.action.${role}`,
        deadline: t.paymentDeadline,
      };
    case 'details':
      if (t.status !== 'ESCROW_LOCKED' && t.status !== 'CREATED') return null;
      return {
        kind: 'payment_details_sent',
        actionKey: 'notify.payment_details_sent.action',
        deadline: t.paymentDeadline,
      };
    case 'message':
      return { kind: 'chat_message', actionKey: 'notify.chat_message.action', deadline: null };
    case 'moderator':
      return { kind: 'moderator_message', actionKey: 'notify.moderator_message.action', deadline: null };
    case 'mark_paid':
      return { kind: 'trade_paid', actionKey: 'notify.trade_paid.action', deadline: t.confirmationDeadline };
    case 'confirm_payment':
      return {
        kind: 'payment_confirmed',
        actionKey: 'notify.payment_confirmed.action',
        deadline: t.autoReleaseAt,
      };
    case 'release_crypto':
    case 'auto_release':
      return {
        kind: 'trade_released',
        messageKey: `notify.trade_released.message.${role}`,
        actionKey: 'notify.trade_released.action',
        deadline: null,
      };
    case 'cancel_trade':
      return { kind: 'trade_cancelled', actionKey: null, deadline: null };
    case 'expire':
      return { kind: 'trade_expired', actionKey: null, deadline: null };
    case 'dispute_trade':
      return { kind: 'trade_disputed', actionKey: 'notify.trade_disputed.action', deadline: null };
    case 'resolve_release':
    case 'resolve_refund':
      return {
        kind: 'dispute_resolved',
        messageKey: `notify.dispute_resolved.message.${what === 'resolve_release' ? 'release' : 'refund'}`,
        actionKey: null,
        deadline: null,
      };
    default:
      return null;
  }
}

function clip(text: string): string {
  return text.length > 200 ? `${text.slice(0, 199)}…` : text;
}
