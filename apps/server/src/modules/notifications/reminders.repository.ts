import { and, asc, desc, eq, gt, isNull, lte, notInArray, or, type SQL, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client.ts';
import {
  chatMessages,
  type EvidenceRequestRow,
  evidenceRequests,
  type ReminderKind,
  type ReminderRow,
  reminders,
  type TradeRow,
  trades,
  users,
} from '../../db/schema.ts';

/**
 * Reminders before deadlines (docs/decisions/030-reminders-and-time-zones.md). Each claim takes
 * one due item with FOR UPDATE SKIP LOCKED, like the other timers, so any number of instances
 * may tick; the row written by `insertReminder` is unique per (kind, subject, deadline).
 */

/** No reminder of this kind for this subject and deadline yet (the claim's own filter). */
const notReminded = (kind: ReminderKind, subject: SQL, deadline: SQL | null) =>
  sql`NOT EXISTS (SELECT 1 FROM ${reminders} r WHERE r.kind = ${kind} AND r.subject_id = ${subject}${
    deadline ? sql` AND r.deadline = ${deadline}` : sql``
  })`;

const passing = (ids: readonly string[], column: typeof trades.id | typeof evidenceRequests.id) =>
  ids.length > 0 ? notInArray(column, [...ids]) : undefined;

/**
 * A trade whose timer ends within `lead` of `now` (and not yet), in the state where that timer
 * runs, not yet reminded for this deadline: the buyer's payment window (`payment_due`) or the
 * auto-release (`auto_release`).
 */
export async function claimTradeDeadline(
  tx: Tx,
  kind: 'payment_due' | 'auto_release',
  { now, leadMs, skip }: { now: Date; leadMs: number; skip: readonly string[] },
): Promise<TradeRow | null> {
  const column = kind === 'payment_due' ? trades.paymentDeadline : trades.autoReleaseAt;
  const status = kind === 'payment_due' ? 'ESCROW_LOCKED' : 'PAYMENT_CONFIRMED';
  const [row] = await tx
    .select()
    .from(trades)
    .where(
      and(
        eq(trades.status, status),
        gt(column, now),
        lte(column, new Date(now.getTime() + leadMs)),
        notReminded(kind, sql`${trades.id}`, sql`${column}`),
        passing(skip, trades.id),
      ),
    )
    .orderBy(asc(column))
    .limit(1)
    .for('update', { skipLocked: true });
  return row ?? null;
}

/** An unanswered evidence request of a disputed trade due within `lead`, not yet reminded. */
export async function claimEvidenceDeadline(
  tx: Tx,
  now: Date,
  leadMs: number,
  skip: readonly string[],
): Promise<EvidenceRequestRow | null> {
  const [row] = await tx
    .select()
    .from(evidenceRequests)
    .where(
      and(
        isNull(evidenceRequests.answeredAt),
        gt(evidenceRequests.deadline, now),
        lte(evidenceRequests.deadline, new Date(now.getTime() + leadMs)),
        sql`EXISTS (SELECT 1 FROM ${trades} t WHERE t.id = ${evidenceRequests.tradeId} AND t.status = 'DISPUTED')`,
        notReminded('evidence_due', sql`${evidenceRequests.id}`, sql`${evidenceRequests.deadline}`),
        passing(skip, evidenceRequests.id),
      ),
    )
    .orderBy(asc(evidenceRequests.deadline))
    .limit(1)
    .for('update', { skipLocked: true });
  return row ?? null;
}

/** No staff line in the trade's chat since the dispute opened (a moderator's answer). */
const noStaffAnswer = sql`NOT EXISTS (SELECT 1 FROM ${chatMessages} m
  WHERE m.trade_id = ${trades.id} AND m.type = 'MODERATOR' AND m.created_at >= ${trades.disputedAt})`;

/**
 * A dispute past half of its target time (`slaMs`) and not past all of it, with no staff line
 * in its chat yet, not yet reminded.
 */
export async function claimDisputeHalfway(
  tx: Tx,
  now: Date,
  slaMs: number,
  skip: readonly string[],
): Promise<TradeRow | null> {
  const [row] = await tx
    .select()
    .from(trades)
    .where(
      and(
        eq(trades.status, 'DISPUTED'),
        lte(trades.disputedAt, new Date(now.getTime() - slaMs / 2)),
        gt(trades.disputedAt, new Date(now.getTime() - slaMs)),
        noStaffAnswer,
        notReminded('dispute_sla', sql`${trades.id}`, null),
        passing(skip, trades.id),
      ),
    )
    .orderBy(asc(trades.disputedAt))
    .limit(1)
    .for('update', { skipLocked: true });
  return row ?? null;
}

/**
 * Whether the claimed item still needs its reminder, read by a statement of its own after the
 * claim (a fresh snapshot): an action committed between the claim's snapshot and its lock
 * (the payment marked, the evidence given, a moderator's line) is seen here.
 */
export async function stillDue(tx: Tx, kind: ReminderKind, subjectId: string): Promise<boolean> {
  const rows =
    kind === 'evidence_due'
      ? await tx
          .select({ id: evidenceRequests.id })
          .from(evidenceRequests)
          .innerJoin(trades, eq(trades.id, evidenceRequests.tradeId))
          .where(
            and(
              eq(evidenceRequests.id, subjectId),
              isNull(evidenceRequests.answeredAt),
              eq(trades.status, 'DISPUTED'),
            ),
          )
      : await tx
          .select({ id: trades.id })
          .from(trades)
          .where(
            and(
              eq(trades.id, subjectId),
              kind === 'payment_due'
                ? eq(trades.status, 'ESCROW_LOCKED')
                : kind === 'auto_release'
                  ? eq(trades.status, 'PAYMENT_CONFIRMED')
                  : and(eq(trades.status, 'DISPUTED'), noStaffAnswer),
            ),
          );
  return rows.length > 0;
}

/** Records the reminder; null when one for this (kind, subject, deadline) exists already. */
export async function insertReminder(
  tx: Tx,
  values: typeof reminders.$inferInsert,
): Promise<ReminderRow | null> {
  const [row] = await tx
    .insert(reminders)
    .values(values)
    .onConflictDoNothing({ target: [reminders.kind, reminders.subjectId, reminders.deadline] })
    .returning();
  return row ?? null;
}

/** The inbox entry a reminder made. */
export async function noteNotification(tx: Tx, reminderId: string, notificationId: string): Promise<void> {
  await tx.update(reminders).set({ notificationId }).where(eq(reminders.id, reminderId));
}

export async function timeZoneOf(db: Executor, userId: string): Promise<string | null> {
  const [row] = await db.select({ timeZone: users.timeZone }).from(users).where(eq(users.id, userId));
  return row?.timeZone ?? null;
}

/**
 * The desk's reminders of disputes still open: those of cases `staffId` owns and those of cases
 * nobody has taken (the desk's), newest first.
 */
export async function staffReminders(db: Executor, staffId: string, limit: number) {
  return db
    .select({ reminder: reminders, trade: trades })
    .from(reminders)
    .innerJoin(trades, eq(trades.id, reminders.tradeId))
    .where(
      and(
        eq(reminders.kind, 'dispute_sla'),
        eq(trades.status, 'DISPUTED'),
        or(isNull(trades.disputeOwnerId), eq(trades.disputeOwnerId, staffId)),
      ),
    )
    .orderBy(desc(reminders.createdAt))
    .limit(limit);
}
