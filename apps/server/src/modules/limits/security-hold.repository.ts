import { type SQL, sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client.ts';

export interface SecurityHoldRow {
  until: Date;
  untilCleared: boolean;
  reason: string;
  /** The holder's zone (docs/decisions/030): the refusal names the lift time in it. */
  timeZone: string | null;
}

/**
 * The hold of the user `userId` names, as a column of another statement (a trade action that
 * pays out reads it with the trade it locks: one round trip): a JSON object, NULL without a
 * hold. `securityHoldFromJson` reads it back.
 */
export const securityHoldSql = (userId: SQL) =>
  sql<unknown>`(SELECT json_build_object('until', floor(extract(epoch FROM h.until) * 1000),
    'untilCleared', h.until_cleared, 'reason', h.reason, 'timeZone', u.time_zone)
    FROM security_holds h JOIN users u ON u.id = h.user_id WHERE h.user_id = ${userId})`;

type HoldJson = { until: number | string; untilCleared: boolean; reason: string; timeZone: string | null };

/** The hold `securityHoldSql` answered (a string from one driver, parsed JSON from the other). */
export function securityHoldFromJson(value: unknown): SecurityHoldRow | null {
  if (value === null || value === undefined) return null;
  const hold = (typeof value === 'string' ? JSON.parse(value) : value) as HoldJson;
  return {
    until: new Date(Number(hold.until)),
    untilCleared: hold.untilCleared,
    reason: hold.reason,
    timeZone: hold.timeZone,
  };
}

/** The user's hold, if any (lifted or not: the caller compares `until` with its clock). */
export async function securityHoldOf(db: Executor, userId: string): Promise<SecurityHoldRow | null> {
  const [row] = await queryRows<{ hold: unknown }>(
    db,
    sql`SELECT ${securityHoldSql(sql`${userId}::uuid`)} AS hold`,
  );
  return securityHoldFromJson(row?.hold);
}

/** Starts or extends the user's hold to `until` (never shortens one); returns the hold's end. */
export async function extendSecurityHold(
  db: Executor,
  {
    userId,
    until,
    reason,
    now,
    untilCleared = false,
  }: {
    userId: string;
    until: Date;
    reason: string;
    now: Date;
    untilCleared?: boolean;
  },
): Promise<Date> {
  const [row] = await queryRows<{ until: string | Date }>(
    db,
    sql`INSERT INTO security_holds (user_id, until, reason, until_cleared, started_at)
      VALUES (${userId}, ${until.toISOString()}::timestamptz, ${reason}, ${untilCleared}, ${now.toISOString()}::timestamptz)
      ON CONFLICT (user_id) DO UPDATE SET
        until = GREATEST(security_holds.until, EXCLUDED.until),
        reason = EXCLUDED.reason,
        until_cleared = security_holds.until_cleared OR EXCLUDED.until_cleared,
        started_at = CASE WHEN security_holds.until <= EXCLUDED.started_at
          THEN EXCLUDED.started_at ELSE security_holds.started_at END
      RETURNING until`,
  );
  return new Date((row as { until: string | Date }).until);
}

/** Staff clear a hold kept for «Это не я»: it ends now. True when there was one to clear. */
export async function clearSecurityHold(db: Executor, userId: string, now: Date): Promise<boolean> {
  const rows = await queryRows<{ user_id: string }>(
    db,
    sql`UPDATE security_holds SET until = LEAST(until, ${now.toISOString()}::timestamptz), until_cleared = false
      WHERE user_id = ${userId} RETURNING user_id`,
  );
  return rows.length === 1;
}

/** Whether the user's account ever held money: any ledger entry of theirs. */
export async function everHeldBalance(db: Executor, userId: string): Promise<boolean> {
  const rows = await queryRows<{ one: number }>(
    db,
    sql`SELECT 1 AS one FROM ledger_entries WHERE account = ${`user:${userId}`} LIMIT 1`,
  );
  return rows.length === 1;
}
