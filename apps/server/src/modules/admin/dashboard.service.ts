import {
  type AdminDashboard,
  CRYPTOCURRENCIES,
  type CurrencyAmount,
  formatCrypto,
  formatFiat,
} from '@p2p/shared';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { queryRows } from '../../db/client.ts';

const DAY = 86_400_000;
const DAYS = 14;

type Count = string | number;

/** Midnight UTC of the day `now` falls in. */
export function startOfUtcDay(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}

const isCrypto = (c: string): c is CurrencyAmount['currency'] =>
  (CRYPTOCURRENCIES as readonly string[]).includes(c);

/**
 * The back-office dashboard: every figure is counted from the data at the moment of the
 * request ("today" is the UTC day of the server's clock).
 */
export class DashboardService {
  constructor(private readonly ctx: AppContext) {}

  async summary(): Promise<AdminDashboard> {
    const db = this.ctx.db;
    const now = this.ctx.clock.now();
    const today = startOfUtcDay(now);
    const first = new Date(today.getTime() - (DAYS - 1) * DAY);
    const slaCut = new Date(now.getTime() - this.ctx.config.disputeSlaHours * 3_600_000);
    const at = (d: Date) => sql`${d.toISOString()}::timestamptz`;

    const [usersRow] = await queryRows<{ total: Count; new_today: Count; blocked: Count }>(
      db,
      sql`SELECT count(*) AS total,
        count(*) FILTER (WHERE created_at >= ${at(today)}) AS new_today,
        count(*) FILTER (WHERE blocked_at IS NOT NULL) AS blocked
      FROM users`,
    );
    const [disputesRow] = await queryRows<{
      open: Count;
      oldest: string | Date | null;
      over_sla: Count;
      unassigned: Count;
    }>(
      db,
      sql`SELECT count(*) AS open, min(disputed_at) AS oldest,
        count(*) FILTER (WHERE disputed_at <= ${at(slaCut)}) AS over_sla,
        count(*) FILTER (WHERE dispute_owner_id IS NULL) AS unassigned
      FROM trades WHERE status = 'DISPUTED'`,
    );
    const pending = await queryRows<{ currency: string; n: Count; total: Count }>(
      db,
      sql`SELECT cryptocurrency AS currency, count(*) AS n, sum(amount)::text AS total
      FROM withdrawals WHERE status = 'PENDING' GROUP BY cryptocurrency ORDER BY cryptocurrency`,
    );
    const [tradesRow] = await queryRows<{ opened: Count; completed: Count }>(
      db,
      sql`SELECT count(*) FILTER (WHERE created_at >= ${at(today)}) AS opened,
        count(*) FILTER (WHERE status = 'COMPLETED' AND completed_at >= ${at(today)}) AS completed
      FROM trades WHERE created_at >= ${at(today)} OR completed_at >= ${at(today)}`,
    );
    const [staffRow] = await queryRows<{ n: Count }>(
      db,
      sql`SELECT count(*) AS n FROM audit_logs WHERE created_at >= ${at(today)}`,
    );
    // Completed trades of the last 14 days by UTC day and currency.
    const volume = await queryRows<{
      day: string;
      crypto: string;
      fiat: string;
      n: Count;
      crypto_sum: Count;
      fiat_sum: Count;
    }>(
      db,
      sql`SELECT to_char(completed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day,
        cryptocurrency AS crypto, fiat_currency AS fiat, count(*) AS n,
        sum(amount_crypto)::text AS crypto_sum, sum(amount_fiat)::text AS fiat_sum
      FROM trades WHERE status = 'COMPLETED' AND completed_at >= ${at(first)}
      GROUP BY 1, 2, 3`,
    );

    const daily = Array.from({ length: DAYS }, (_, i) => {
      const date = new Date(first.getTime() + i * DAY).toISOString().slice(0, 10);
      const rows = volume.filter((v) => v.day === date);
      return {
        date,
        trades: rows.reduce((n, r) => n + Number(r.n), 0),
        volume: sumBy(
          rows,
          (r) => r.crypto,
          (r) => BigInt(r.crypto_sum),
          formatCrypto,
        ),
        volumeFiat: sumBy(
          rows,
          (r) => r.fiat,
          (r) => BigInt(r.fiat_sum),
          formatFiat,
        ),
      };
    });
    const todayRow = daily[DAYS - 1];
    const oldest = disputesRow?.oldest ? new Date(disputesRow.oldest) : null;
    return {
      generatedAt: now.toISOString(),
      users: {
        total: Number(usersRow?.total ?? 0),
        newToday: Number(usersRow?.new_today ?? 0),
        blocked: Number(usersRow?.blocked ?? 0),
      },
      disputes: {
        open: Number(disputesRow?.open ?? 0),
        oldestAgeSeconds: oldest ? Math.max(0, Math.floor((now.getTime() - oldest.getTime()) / 1000)) : null,
        overSla: Number(disputesRow?.over_sla ?? 0),
        unassigned: Number(disputesRow?.unassigned ?? 0),
        slaHours: this.ctx.config.disputeSlaHours,
      },
      withdrawals: {
        pending: pending.reduce((n, r) => n + Number(r.n), 0),
        byCurrency: pending.flatMap((r) =>
          isCrypto(r.currency)
            ? [{ currency: r.currency, count: Number(r.n), amount: formatCrypto(BigInt(r.total)) }]
            : [],
        ),
      },
      trades: {
        openedToday: Number(tradesRow?.opened ?? 0),
        completedToday: Number(tradesRow?.completed ?? 0),
        volumeToday: todayRow?.volume ?? {},
        volumeFiatToday: todayRow?.volumeFiat ?? {},
      },
      staffActionsToday: Number(staffRow?.n ?? 0),
      daily,
    };
  }
}

function sumBy<T>(
  rows: T[],
  key: (r: T) => string,
  value: (r: T) => bigint,
  format: (v: bigint) => string,
): Record<string, string> {
  const sums = new Map<string, bigint>();
  for (const r of rows) sums.set(key(r), (sums.get(key(r)) ?? 0n) + value(r));
  return Object.fromEntries([...sums].sort(([a], [b]) => a.localeCompare(b)).map(([k, v]) => [k, format(v)]));
}
