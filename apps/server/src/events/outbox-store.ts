import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../db/client.ts';

/** An event as the outbox holds it: its row's id and the instant it was decided. */
export interface OutboxEvent {
  id: string;
  room: string;
  event: string;
  payload: unknown;
  recipientRole?: 'buyer' | 'seller';
  at: Date;
}

/**
 * The outbox's SQL (docs/decisions/041-transactional-outbox.md). `writeOutbox` runs in the
 * state change's own transaction: all of its events in one statement.
 */
export async function writeOutbox(tx: Executor, events: readonly OutboxEvent[]): Promise<void> {
  if (events.length === 0) return;
  const rows = sql.join(
    events.map(
      (e) =>
        sql`(${e.id}::uuid, ${e.room}, ${e.event}, ${JSON.stringify(e.payload)}::jsonb, ${e.recipientRole ?? null}, ${e.at.toISOString()}::timestamptz)`,
    ),
    sql`, `,
  );
  await tx.execute(sql`INSERT INTO event_outbox (id, room, event, payload, recipient_role, created_at)
    VALUES ${rows}`);
}

/** These events' every effect is made: the dispatcher leaves them be. */
export async function markDone(db: Executor, ids: readonly string[], now: Date): Promise<void> {
  if (ids.length === 0) return;
  const list = sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  await db.execute(sql`UPDATE event_outbox SET done_at = ${now.toISOString()}::timestamptz
    WHERE id IN (${list}) AND done_at IS NULL`);
}

/**
 * These events are not due before `at` (a consumer answered "not yet"): their lease is moved
 * there, so no dispatcher claims them sooner.
 */
export async function holdUntil(db: Executor, ids: readonly string[], at: Date): Promise<void> {
  if (ids.length === 0) return;
  const list = sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  await db.execute(sql`UPDATE event_outbox SET lease_until = ${at.toISOString()}::timestamptz
    WHERE id IN (${list}) AND done_at IS NULL`);
}

interface ClaimedRow {
  id: string;
  room: string;
  event: string;
  payload: unknown;
  recipient_role: 'buyer' | 'seller' | null;
  created_at: Date | string;
  attempts: number;
}

/**
 * Claims up to `limit` events written before `before` and still not done, oldest first, for
 * delivery (FOR UPDATE SKIP LOCKED: instances never take the same row), leasing them until
 * `leaseUntil` and counting the attempt. A lease that runs out (its instance died) frees them.
 */
export async function claimStale(
  db: Executor,
  p: { before: Date; now: Date; leaseUntil: Date; limit: number },
): Promise<(OutboxEvent & { attempts: number })[]> {
  const rows = await queryRows<ClaimedRow>(
    db,
    sql`UPDATE event_outbox SET attempts = attempts + 1, lease_until = ${p.leaseUntil.toISOString()}::timestamptz
      WHERE id IN (
        SELECT id FROM event_outbox
        WHERE done_at IS NULL AND created_at < ${p.before.toISOString()}::timestamptz
          AND (lease_until IS NULL OR lease_until < ${p.now.toISOString()}::timestamptz)
        ORDER BY created_at LIMIT ${p.limit}
        FOR UPDATE SKIP LOCKED)
      RETURNING id, room, event, payload, recipient_role, created_at, attempts`,
  );
  return rows
    .map((r) => ({
      id: r.id,
      room: r.room,
      event: r.event,
      payload: typeof r.payload === 'string' ? JSON.parse(r.payload) : r.payload,
      ...(r.recipient_role ? { recipientRole: r.recipient_role } : {}),
      at: new Date(r.created_at),
      attempts: Number(r.attempts),
    }))
    .sort((a, b) => a.at.getTime() - b.at.getTime());
}

/** Forgets events done before `before` (at most `limit` per call); answers how many. */
export async function pruneDone(db: Executor, before: Date, limit: number): Promise<number> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`DELETE FROM event_outbox WHERE id IN (
      SELECT id FROM event_outbox WHERE done_at IS NOT NULL AND done_at < ${before.toISOString()}::timestamptz
      LIMIT ${limit}) RETURNING id`,
  );
  return rows.length;
}
