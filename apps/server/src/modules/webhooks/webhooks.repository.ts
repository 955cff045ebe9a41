import type { WebhookEvent } from '@p2p/shared';
import { and, asc, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client.ts';
import { webhookDeliveries, webhooks } from '../../db/schema.ts';

export async function insertWebhook(tx: Tx, values: typeof webhooks.$inferInsert): Promise<void> {
  await tx.insert(webhooks).values(values);
}

/** How many webhooks a user has, under an advisory lock on the user (two creations at once). */
export async function countWebhooksLocked(tx: Tx, userId: string): Promise<number> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`webhooks:${userId}`}, 0))`);
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(webhooks)
    .where(eq(webhooks.userId, userId));
  return row?.n ?? 0;
}

export function webhooksOf(db: Executor, userId: string) {
  return db
    .select({ id: webhooks.id, url: webhooks.url, events: webhooks.events, createdAt: webhooks.createdAt })
    .from(webhooks)
    .where(eq(webhooks.userId, userId))
    .orderBy(desc(webhooks.createdAt));
}

/** A webhook's latest deliveries, newest first. */
export function recentDeliveries(db: Executor, webhookId: string, limit: number) {
  return db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.webhookId, webhookId))
    .orderBy(desc(webhookDeliveries.createdAt))
    .limit(limit);
}

/** Deletes one of the user's webhooks with its deliveries; false when they have no such one. */
export async function deleteWebhook(db: Executor, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(webhooks)
    .where(and(eq(webhooks.id, id), eq(webhooks.userId, userId)))
    .returning({ id: webhooks.id });
  return rows.length === 1;
}

/** An event addressed to a user, as the outbox writes it for each subscribed webhook. */
export interface OutboxEvent {
  userId: string;
  eventId: string;
  eventType: WebhookEvent;
  body: string;
  at: Date;
}

/**
 * Writes one delivery per event and subscribed webhook of its user, for a batch of events in
 * one statement (nothing is read first: events of users without webhooks insert no rows).
 */
export async function enqueueDeliveries(db: Executor, events: OutboxEvent[]): Promise<void> {
  if (events.length === 0) return;
  const rows = sql.join(
    events.map(
      (e) =>
        sql`(${e.userId}::uuid, ${e.eventId}::uuid, ${e.eventType}::text, ${e.body}::text, ${e.at.toISOString()}::timestamptz)`,
    ),
    sql`, `,
  );
  await db.execute(sql`INSERT INTO webhook_deliveries
      (webhook_id, event_id, event_type, body, next_attempt_at, created_at)
    SELECT w.id, e.event_id, e.event_type, e.body, e.at, e.at
    FROM (VALUES ${rows}) AS e (user_id, event_id, event_type, body, at)
    JOIN webhooks w ON w.user_id = e.user_id AND e.event_type = ANY (w.events)
    ON CONFLICT (webhook_id, event_id) DO NOTHING`);
}

/**
 * Claims up to `limit` due deliveries for sending (FOR UPDATE SKIP LOCKED: instances never
 * take the same row): each counts an attempt and is leased until `leaseUntil`, after which
 * it is due again should this instance die before recording the outcome.
 */
export async function claimDueDeliveries(
  tx: Tx,
  { now, leaseUntil, limit }: { now: Date; leaseUntil: Date; limit: number },
) {
  const due = await tx
    .select({
      id: webhookDeliveries.id,
      webhookId: webhookDeliveries.webhookId,
      eventId: webhookDeliveries.eventId,
      eventType: webhookDeliveries.eventType,
      body: webhookDeliveries.body,
      attempts: webhookDeliveries.attempts,
      createdAt: webhookDeliveries.createdAt,
      url: webhooks.url,
      secretSealed: webhooks.secretSealed,
    })
    .from(webhookDeliveries)
    .innerJoin(webhooks, eq(webhooks.id, webhookDeliveries.webhookId))
    .where(and(eq(webhookDeliveries.status, 'pending'), lte(webhookDeliveries.nextAttemptAt, now)))
    .orderBy(asc(webhookDeliveries.nextAttemptAt))
    .limit(limit)
    .for('update', { of: webhookDeliveries, skipLocked: true });
  if (due.length === 0) return [];
  await tx
    .update(webhookDeliveries)
    .set({ attempts: sql`${webhookDeliveries.attempts} + 1`, lastAttemptAt: now, nextAttemptAt: leaseUntil })
    .where(
      inArray(
        webhookDeliveries.id,
        due.map((d) => d.id),
      ),
    );
  return due.map((d) => ({ ...d, attempts: d.attempts + 1 }));
}
export type ClaimedDelivery = Awaited<ReturnType<typeof claimDueDeliveries>>[number];

/** What the owner is shown of an attempt (0042): never the network's own words. */
export type DeliveryOutcome = 'delivered' | 'error' | 'timeout';

/** The outcome of an attempt: delivered, due again at `nextAttemptAt`, or given up. */
export async function recordAttempt(
  db: Executor,
  id: string,
  outcome: {
    status: 'pending' | 'delivered' | 'failed';
    statusCode: number | null;
    outcome: DeliveryOutcome;
    nextAttemptAt: Date;
    deliveredAt: Date | null;
  },
): Promise<void> {
  await db
    .update(webhookDeliveries)
    .set({
      status: outcome.status,
      lastStatusCode: outcome.statusCode,
      lastOutcome: outcome.outcome,
      nextAttemptAt: outcome.nextAttemptAt,
      deliveredAt: outcome.deliveredAt,
    })
    .where(and(eq(webhookDeliveries.id, id), eq(webhookDeliveries.status, 'pending')));
}
