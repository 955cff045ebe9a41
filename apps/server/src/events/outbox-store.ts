import { type ServerEventName, type ServerEventPayload, ServerEventPayloads, webhookBody } from '@p2p/shared';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { type Executor, queryRows } from '../db/client.ts';
import { compiledSql, type Slot } from '../db/compiled.ts';
import { type RealtimeEvent, realtimeEvent, userOfRoom } from './realtime-event.ts';

/** An event as the outbox holds it: its row's id and the instant it was decided. */
export type OutboxEvent<E extends ServerEventName = ServerEventName> = RealtimeEvent<E> & {
  id: string;
  at: Date;
};

/** A claimed event, with the passes that tried it (this one counted). */
export type ClaimedEvent = OutboxEvent & { attempts: number };

/** A claimed row the event map refuses: its id and why (the first issue's path and message). */
export interface RefusedRow {
  id: string;
  event: ServerEventName | null;
  reason: string;
}

/** The outbox statement's values, one array each (`outboxValues`). */
export type OutboxSlot =
  | 'ids'
  | 'rooms'
  | 'events'
  | 'payloads'
  | 'roles'
  | 'ats'
  | 'hookUsers'
  | 'hookBodies';

/**
 * The outbox's SQL (docs/decisions/041-transactional-outbox.md). `writeOutbox` runs in the
 * state change's own transaction: all of its events in one statement, its columns passed as
 * arrays so that the text is the same however many there are (compiled once, kept prepared:
 * docs/decisions/021). The same statement writes the events' webhook deliveries, one per event
 * and subscribed webhook of its user, with the body every attempt sends (docs/decisions/049):
 * they commit with the change that caused them, and no statement follows the answer for them.
 * Events of users without webhooks insert no delivery (nothing is read first but the webhooks'
 * index).
 *
 * The writes are CTEs (`e`, `outbox_rows`, `outbox_hooks`), for a statement of their own or ahead
 * of a read that goes in the same round trip (a trade action's answer: docs/decisions/052).
 */
export const outboxCtes = (p: Slot<OutboxSlot>) =>
  sql`e AS (
      SELECT * FROM unnest(${p('ids')}::uuid[], ${p('rooms')}::text[], ${p('events')}::text[],
        ${p('payloads')}::jsonb[], ${p('roles')}::text[], ${p('ats')}::timestamptz[],
        ${p('hookUsers')}::uuid[], ${p('hookBodies')}::text[])
        AS e (id, room, event, payload, recipient_role, created_at, hook_user, hook_body)
    ), outbox_rows AS (
      INSERT INTO event_outbox (id, room, event, payload, recipient_role, created_at)
      SELECT id, room, event, payload, recipient_role, created_at FROM e
    ), outbox_hooks AS (
      INSERT INTO webhook_deliveries (webhook_id, event_id, event_type, body, next_attempt_at, created_at)
      SELECT w.id, e.id, e.event, e.hook_body, e.created_at, e.created_at
      FROM e JOIN webhooks w ON w.user_id = e.hook_user AND e.event = ANY (w.events)
      ON CONFLICT (webhook_id, event_id) DO NOTHING
    )`;

const insertOutbox = compiledSql((p: Slot<OutboxSlot>) => sql`WITH ${outboxCtes(p)} SELECT NULL`);

/** The values of `outboxCtes` for these events. */
export function outboxValues(events: readonly OutboxEvent[]): Record<OutboxSlot, unknown> {
  const bodies = events.map((e) => webhookBody(e));
  return {
    ids: events.map((e) => e.id),
    rooms: events.map((e) => e.room),
    events: events.map((e) => e.event),
    payloads: events.map((e) => JSON.stringify(e.payload)),
    roles: events.map((e) => e.recipientRole ?? null),
    ats: events.map((e) => e.at.toISOString()),
    hookUsers: events.map((e, i) => (bodies[i] === null ? null : userOfRoom(e.room))),
    hookBodies: bodies,
  };
}

export async function writeOutbox(tx: Executor, events: readonly OutboxEvent[]): Promise<void> {
  if (events.length === 0) return;
  await insertOutbox(tx, outboxValues(events));
}

const forgetStatement = compiledSql(
  (p: Slot<'ids'>) => sql`DELETE FROM event_outbox WHERE id = ANY(${p('ids')}::uuid[]) AND done_at IS NULL`,
);

/**
 * These events' every effect is made: their rows go at once (docs/decisions/058). A row kept
 * as done would cost an update of the row and two of its indexes now and a delete a day later,
 * and at a thousand events a second the table would hold tens of millions of them.
 */
export async function forgetDelivered(db: Executor, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await forgetStatement(db, { ids: [...ids] });
}

const setAsideStatement = compiledSql(
  (p: Slot<'ids' | 'now'>) => sql`UPDATE event_outbox SET done_at = ${p('now')}::timestamptz
    WHERE id = ANY(${p('ids')}::uuid[]) AND done_at IS NULL`,
);

/**
 * These events will never be delivered (the event map refuses them, or every attempt failed):
 * no dispatcher claims them again, and their rows stay a day for whoever reads the log's
 * complaint about them (`pruneSetAside`).
 */
export async function setAside(db: Executor, ids: readonly string[], now: Date): Promise<void> {
  if (ids.length === 0) return;
  await setAsideStatement(db, { ids: [...ids], now: now.toISOString() });
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

/** A claimed row as the database answers it, before the event map judged it. */
interface ClaimedRow {
  id: string;
  room: string;
  event: string;
  payload: unknown;
  recipient_role: 'buyer' | 'seller' | null;
  created_at: Date | string;
  attempts: number;
}

const isEventName = (name: string): name is ServerEventName => Object.hasOwn(ServerEventPayloads, name);
const USER_ROOM = /^user:([0-9a-f-]{36})$/;

function userRoom(room: string): `user:${string}` | null {
  const id = USER_ROOM.exec(room)?.[1];
  return id ? `user:${id}` : null;
}

function jsonOf(payload: unknown): { ok: true; value: unknown } | { ok: false } {
  if (typeof payload !== 'string') return { ok: true, value: payload };
  try {
    return { ok: true, value: JSON.parse(payload) };
  } catch {
    return { ok: false };
  }
}

/**
 * Whether `value` is a payload of `event` by the map's schema. The stored value itself goes on,
 * not zod's output (which would drop keys the schema does not name): a redelivered event carries
 * what was written (docs/decisions/041).
 */
function isPayloadOf<E extends ServerEventName>(event: E, value: unknown): value is ServerEventPayload<E> {
  return z.safeParse(ServerEventPayloads[event], value).success;
}

/** The first issue the map's schema finds in `value`, as the log shows it. */
function refusalOf(event: ServerEventName, value: unknown): string {
  const [issue] = z.safeParse(ServerEventPayloads[event], value).error?.issues ?? [];
  return issue ? `${issue.path.join('.') || 'payload'}: ${issue.message}` : 'payload refused';
}

/** The row's event with its payload checked by its name's schema, or why the schema refused it. */
function eventOf<E extends ServerEventName>(
  event: E,
  room: `user:${string}`,
  r: ClaimedRow,
): ClaimedEvent | string {
  const json = jsonOf(r.payload);
  if (!json.ok) return 'payload is not JSON';
  const payload = json.value;
  if (!isPayloadOf(event, payload)) return refusalOf(event, payload);
  const role = r.recipient_role ? { recipientRole: r.recipient_role } : {};
  return {
    ...realtimeEvent<E>({ room, event, payload, ...role }),
    id: r.id,
    at: new Date(r.created_at),
    attempts: Number(r.attempts),
  };
}

/**
 * Reads a claimed row back through the shared event map (packages/shared/src/socket-events.ts):
 * the name must be one of the map's, the room a user's (only those are written:
 * docs/decisions/041), the payload its name's schema. A row that is not is refused, never handed
 * to a consumer as if it were typed.
 */
function parseRow(r: ClaimedRow): ClaimedEvent | RefusedRow {
  if (!isEventName(r.event)) return { id: r.id, event: null, reason: 'not an event of the map' };
  const room = userRoom(r.room);
  if (!room) return { id: r.id, event: r.event, reason: 'not a user room' };
  const claimed = eventOf(r.event, room, r);
  return typeof claimed === 'string' ? { id: r.id, event: r.event, reason: claimed } : claimed;
}

/**
 * Claims up to `limit` events written before `before` and still not done, oldest first, for
 * delivery (FOR UPDATE SKIP LOCKED: instances never take the same row), leasing them until
 * `leaseUntil` and counting the attempt. A lease that runs out (its instance died) frees them.
 * Rows the event map refuses come back apart (`refused`), for the caller to log and set aside.
 */
export async function claimStale(
  db: Executor,
  p: { before: Date; now: Date; leaseUntil: Date; limit: number },
): Promise<{ events: ClaimedEvent[]; refused: RefusedRow[] }> {
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
  const events: ClaimedEvent[] = [];
  const refused: RefusedRow[] = [];
  for (const row of rows) {
    const parsed = parseRow(row);
    if ('reason' in parsed) refused.push(parsed);
    else events.push(parsed);
  }
  events.sort((a, b) => a.at.getTime() - b.at.getTime());
  return { events, refused };
}

/** Forgets events set aside before `before` (at most `limit` per call); answers how many. */
export async function pruneSetAside(db: Executor, before: Date, limit: number): Promise<number> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`DELETE FROM event_outbox WHERE id IN (
      SELECT id FROM event_outbox WHERE done_at IS NOT NULL AND done_at < ${before.toISOString()}::timestamptz
      LIMIT ${limit}) RETURNING id`,
  );
  return rows.length;
}
