import {
  DEFAULT_TIME_ZONE,
  type DeskReminderList,
  formatCrypto,
  formatFiat,
  formatZonedTime,
} from '@p2p/shared';
import type { Needs } from '../../context.ts';
import type { Executor, Tx } from '../../db/client.ts';
import type { EvidenceRequestRow, ReminderKind, TradeRow } from '../../db/schema.ts';
import { PendingEvents } from '../../events/notifier.ts';
import { runClaimed } from '../../lib/scheduled-item.ts';
import { defaultSettings } from '../settings/index.ts';
import { shortTradeId } from './notification-feed.ts';
import { tradeForRecipient } from './notifications.repository.ts';
import type { NotificationDraft, NotificationsService } from './notifications.service.ts';
import * as repo from './reminders.repository.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** How long before each deadline its reminder goes out (docs/decisions/030). */
export const REMINDER_LEAD_MS = {
  payment_due: 10 * MINUTE,
  auto_release: 5 * MINUTE,
  evidence_due: 2 * HOUR,
} as const;

/** One claimed deadline: what it is about, when it ends, and who must act. */
interface DueItem {
  kind: ReminderKind;
  subjectId: string;
  trade: TradeRow;
  deadline: Date;
  /** The party who must act; null for staff (`dispute_sla`). */
  userId: string | null;
  evidence: EvidenceRequestRow | null;
}

/**
 * Reminders before deadlines (docs/decisions/030-reminders-and-time-zones.md): 10 minutes before
 * the buyer's payment window ends, 5 minutes before auto-release (to the seller, who may still
 * release or open a dispute), 2 hours before an evidence request's deadline (to the party
 * asked), and when a dispute passed half of its target time without a staff line (to the case
 * owner, or the desk). Each runs like the other timers: one item per transaction, claimed with
 * FOR UPDATE SKIP LOCKED, checked again under the lock, and recorded under a key unique per
 * deadline, so a deadline reminds once however many instances tick. The inbox entry commits
 * with the reminder; the sockets and the bot hear of it after the commit.
 */
export class RemindersService {
  constructor(
    private readonly ctx: Needs<'config' | 'db' | 'notifier'>,
    private readonly inbox: NotificationsService,
  ) {}

  /**
   * Sends the next due reminder of `kind`; false when none is due. An item found no longer due
   * under its lock is added to `skip` (passed over for the rest of the tick).
   */
  async runOne(kind: ReminderKind, now: Date, skip: string[]): Promise<boolean> {
    const events = new PendingEvents();
    const done = await runClaimed((claim) =>
      this.ctx.db.transaction(async (tx) => {
        const item = await this.claim(tx, kind, now, skip);
        if (!item) return false;
        claim(item.subjectId);
        if (!(await repo.stillDue(tx, kind, item.subjectId))) {
          skip.push(item.subjectId);
          return true;
        }
        const recorded = await repo.insertReminder(tx, {
          kind,
          subjectId: item.subjectId,
          tradeId: item.trade.id,
          deadline: item.deadline,
          userId: item.userId,
          staffId: item.userId ? null : item.trade.disputeOwnerId,
          createdAt: now,
        });
        // Another instance sent it first (the unique key): nothing more to do.
        if (!recorded || !item.userId) return true;
        const draft = await this.draftFor(tx, item, item.userId, now);
        const stored = draft ? await this.inbox.store(tx, draft) : null;
        if (stored) {
          await repo.noteNotification(tx, recorded.id, stored.row.id);
          // Its bot message goes with the outbox row (NotificationFeed), not after the commit.
          this.inbox.hold(events, stored);
          await events.writeTo(tx, now);
        }
        return true;
      }),
    );
    events.publishTo(this.ctx.notifier);
    return done;
  }

  private async claim(
    tx: Tx,
    kind: ReminderKind,
    now: Date,
    skip: readonly string[],
  ): Promise<DueItem | null> {
    switch (kind) {
      case 'payment_due':
      case 'auto_release': {
        const trade = await repo.claimTradeDeadline(tx, kind, { now, leadMs: REMINDER_LEAD_MS[kind], skip });
        const deadline = kind === 'payment_due' ? trade?.paymentDeadline : trade?.autoReleaseAt;
        if (!trade || !deadline) return null;
        const userId = kind === 'payment_due' ? trade.buyerId : trade.sellerId;
        return { kind, subjectId: trade.id, trade, deadline, userId, evidence: null };
      }
      case 'evidence_due': {
        const evidence = await repo.claimEvidenceDeadline(tx, now, REMINDER_LEAD_MS.evidence_due, skip);
        if (!evidence) return null;
        const found = await tradeForRecipient(tx, evidence.tradeId, evidence.userId);
        if (!found) return null;
        return {
          kind,
          subjectId: evidence.id,
          trade: found.trade,
          deadline: evidence.deadline,
          userId: evidence.userId,
          evidence,
        };
      }
      case 'dispute_sla': {
        const slaMs = this.ctx.config.disputeSlaHours * HOUR;
        const trade = await repo.claimDisputeHalfway(tx, now, slaMs, skip);
        if (!trade?.disputedAt) return null;
        const deadline = new Date(trade.disputedAt.getTime() + slaMs);
        return { kind, subjectId: trade.id, trade, deadline, userId: null, evidence: null };
      }
    }
  }

  /** The inbox entry: what to do, by when in the recipient's zone, and the way to the trade. */
  private async draftFor(
    tx: Tx,
    item: DueItem,
    userId: string,
    now: Date,
  ): Promise<NotificationDraft | null> {
    const found = await tradeForRecipient(tx, item.trade.id, userId);
    if (!found) return null;
    const zone = (await repo.timeZoneOf(tx, userId)) ?? DEFAULT_TIME_ZONE;
    const { trade, settings } = found;
    return {
      userId,
      kind: 'deadline_reminder',
      entity: { type: 'trade', id: trade.id },
      titleKey: `remind.${item.kind}.title`,
      messageKey: `remind.${item.kind}.message`,
      actionKey: `remind.${item.kind}.action`,
      values: {
        trade: shortTradeId(trade.id),
        amount: formatCrypto(trade.amountCrypto),
        currency: trade.cryptocurrency,
        fiat: formatFiat(trade.amountFiat),
        fiatCurrency: trade.fiatCurrency,
        minutes: Math.max(1, Math.ceil((item.deadline.getTime() - now.getTime()) / MINUTE)),
        // The recipient's zone: the bot shows these values as they are (docs/decisions/030).
        time: formatZonedTime(item.deadline, zone, 'ru'),
        text: item.evidence ? clip(item.evidence.text) : '',
      },
      deadline: item.deadline,
      link: `/trade/${trade.id}`,
      recipientSettings: settings ?? defaultSettings(userId),
    };
  }
}

function clip(text: string): string {
  return text.length > 200 ? `${text.slice(0, 199)}…` : text;
}

/**
 * The desk's reminders (docs/decisions/030): disputes still open that passed half of their
 * target time without a staff line, of cases `staffId` owns and of cases nobody has taken.
 */
export async function deskReminders(db: Executor, staffId: string): Promise<DeskReminderList> {
  const rows = await repo.staffReminders(db, staffId, 50);
  return {
    reminders: rows.map(({ reminder, trade }) => ({
      id: reminder.id,
      tradeId: trade.id,
      trade: trade.id.slice(-8),
      deadline: reminder.deadline.toISOString(),
      createdAt: reminder.createdAt.toISOString(),
      ownerId: trade.disputeOwnerId,
    })),
  };
}
