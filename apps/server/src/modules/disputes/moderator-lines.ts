import { type ChatMessage, translate } from '@p2p/shared';
import type { Tx } from '../../db/client.ts';
import type { TradeRow } from '../../db/schema.ts';
import type { PendingEvents } from '../../events/notifier.ts';
import { insertAuditEntry, type StaffActor } from '../audit-log/index.ts';
import { insertMessage, toChatMessage } from '../chat/index.ts';

/** A moderator's line in a trade's chat. */
export interface ModeratorLine {
  trade: TradeRow;
  staffId: string;
  content: string;
  /** A line written from a catalogue key, with its values as data. */
  keyed?: { key: string; values: Record<string, string> } | null;
  now: Date;
  events: PendingEvents;
  announce?: boolean;
}

/**
 * A MODERATOR line in the trade chat, shown live in the trade room; `announce` also tells both
 * parties (toast and inbox). The resolution's outcome line is not announced: the resolution's
 * own notification says it.
 */
export async function postModeratorLine(tx: Tx, line: ModeratorLine): Promise<ChatMessage> {
  const { trade, staffId, content, keyed = null, now, events, announce = true } = line;
  const row = await insertMessage(tx, {
    tradeId: trade.id,
    senderId: null,
    staffId,
    type: 'MODERATOR',
    content,
    contentKey: keyed?.key ?? null,
    contentValues: keyed?.values ?? null,
    createdAt: now,
  });
  const view = toChatMessage(row, null);
  events.toTrade(trade.id, 'message:new', { tradeId: trade.id, message: view });
  if (announce) {
    events.toUsers([trade.buyerId, trade.sellerId], 'trade:message', {
      tradeId: trade.id,
      messageId: view.id,
      senderName: translate('ru', 'bo.moderator'),
      message: view.content,
      fromModerator: true,
      contentKey: view.contentKey,
      contentValues: view.contentValues ?? null,
    });
  }
  return view;
}

/** One step of a case in the staff audit log. */
export interface CaseStep {
  actor: StaffActor;
  action: string;
  tradeId: string;
  beforeState: Record<string, unknown> | null;
  afterState: Record<string, unknown> | null;
  note: string | null;
  now: Date;
}

export async function auditCaseStep(tx: Tx, step: CaseStep): Promise<void> {
  await insertAuditEntry(tx, {
    staffId: step.actor.staffId,
    action: step.action,
    entityType: 'trade',
    entityId: step.tradeId,
    ipAddress: step.actor.ipAddress,
    userAgent: step.actor.userAgent,
    note: step.note,
    beforeState: step.beforeState,
    afterState: step.afterState,
    metadata: null,
    createdAt: step.now,
  });
}
