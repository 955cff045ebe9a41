import {
  type AdminDashboard,
  CRYPTOCURRENCIES,
  type CurrencyAmount,
  formatCrypto,
  formatFiat,
} from '@p2p/shared';
import type { Needs } from '../../context.ts';
import { poolRemaining } from '../deposits/index.ts';
import {
  completedVolumeByDay,
  type DayVolume,
  openDisputeCounts,
  pendingWithdrawalsByCurrency,
  staffActionCountSince,
  tradeCountsSince,
  userCounts,
} from './dashboard.repository.ts';

const DAY = 86_400_000;
/** Fewer free pool addresses than this and the console warns (docs/decisions/032). */
export const ADDRESS_POOL_LOW = 100;
const DAYS = 14;

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
  constructor(private readonly ctx: Needs<'config' | 'db' | 'clock'>) {}

  async summary(): Promise<AdminDashboard> {
    const db = this.ctx.db;
    const now = this.ctx.clock.now();
    const today = startOfUtcDay(now);
    const first = new Date(today.getTime() - (DAYS - 1) * DAY);
    const slaCut = new Date(now.getTime() - this.ctx.config.disputeSlaHours * 3_600_000);

    const usersRow = await userCounts(db, today);
    const disputesRow = await openDisputeCounts(db, slaCut);
    const pending = await pendingWithdrawalsByCurrency(db);
    const tradesRow = await tradeCountsSince(db, today);
    const staffRow = await staffActionCountSince(db, today);
    // Completed trades of the last 14 days by UTC day and currency.
    const daily = dailyVolumes(await completedVolumeByDay(db, first), first);
    const todayRow = daily[DAYS - 1];
    const oldest = disputesRow?.oldest ? new Date(disputesRow.oldest) : null;
    const { mode, networks, poolChains } = this.ctx.config.chain;
    const pools = mode === 'off' ? [] : await poolRemaining(db, networks, poolChains);
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
      addressPools: pools.map((p) => ({ ...p, low: p.remaining < ADDRESS_POOL_LOW })),
      daily,
    };
  }
}

/** One entry per day from `first` (DAYS of them): trades completed and their volumes by currency. */
function dailyVolumes(volume: DayVolume[], first: Date) {
  return Array.from({ length: DAYS }, (_, i) => {
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
