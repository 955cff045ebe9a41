import { CRYPTOCURRENCIES, type Cryptocurrency } from '@p2p/shared';

/** Outcome groups (completed, cancelled, disputed) plus the trades still running. */
export const HISTORY_STATUSES = ['all', 'active', 'completed', 'cancelled', 'disputed'] as const;
export type HistoryStatus = (typeof HISTORY_STATUSES)[number];
export const HISTORY_ROLES = ['all', 'buyer', 'seller'] as const;
export type HistoryRole = (typeof HISTORY_ROLES)[number];

/** My trades page by 50; history pages are smaller to stay readable on phones. */
export const HISTORY_PAGE_SIZE = 20;

/** What the history screen shows; it lives in the address so a filtered view can be shared or reloaded. */
export interface HistoryFilter {
  status: HistoryStatus;
  coin: Cryptocurrency | 'all';
  role: HistoryRole;
  /** Inclusive calendar days `YYYY-MM-DD` in the user's time zone, or empty. */
  from: string;
  to: string;
  /** Trade id (or its last characters) or the counterparty's name. */
  q: string;
  page: number;
}

export const EMPTY_FILTER: HistoryFilter = {
  status: 'all',
  coin: 'all',
  role: 'all',
  from: '',
  to: '',
  q: '',
  page: 1,
};

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function oneOf<T extends string>(values: readonly T[], value: string | null, fallback: T): T {
  return value !== null && (values as readonly string[]).includes(value) ? (value as T) : fallback;
}

/** Reads a filter from the address; anything unknown falls back to "all". */
export function filterFromParams(params: URLSearchParams): HistoryFilter {
  const page = Number(params.get('page'));
  const day = (name: string) => {
    const value = params.get(name) ?? '';
    return DAY.test(value) ? value : '';
  };
  return {
    status: oneOf(HISTORY_STATUSES, params.get('status'), 'all'),
    coin: oneOf(['all', ...CRYPTOCURRENCIES] as const, params.get('coin'), 'all'),
    role: oneOf(HISTORY_ROLES, params.get('role'), 'all'),
    from: day('from'),
    to: day('to'),
    q: (params.get('q') ?? '').slice(0, 100),
    page: Number.isInteger(page) && page > 0 ? page : 1,
  };
}

/** The address form of a filter: only what differs from the defaults. */
export function filterToParams(filter: HistoryFilter): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of ['status', 'coin', 'role', 'from', 'to', 'q'] as const) {
    const value = filter[key].trim();
    if (value && value !== EMPTY_FILTER[key]) params.set(key, value);
  }
  if (filter.page > 1) params.set('page', String(filter.page));
  return params;
}

export function isFiltered(filter: HistoryFilter): boolean {
  return filterToParams({ ...filter, page: 1 }).toString() !== '';
}

/** Start of a local calendar day as an instant (the server compares instants). */
export function dayStart(day: string): string | undefined {
  if (!DAY.test(day)) return undefined;
  return new Date(`${day}T00:00:00`).toISOString();
}

/** End of a local calendar day (exclusive: the next day's start). */
export function dayEnd(day: string): string | undefined {
  if (!DAY.test(day)) return undefined;
  const next = new Date(`${day}T00:00:00`);
  next.setDate(next.getDate() + 1);
  return next.toISOString();
}

/** Seconds from opening to the outcome; null while the trade runs. */
export function tradeDurationSeconds(trade: {
  createdAt: string;
  completedAt: string | null;
  cancelledAt: string | null;
}): number | null {
  const end = trade.completedAt ?? trade.cancelledAt;
  if (!end) return null;
  const seconds = (Date.parse(end) - Date.parse(trade.createdAt)) / 1000;
  return Number.isFinite(seconds) && seconds >= 0 ? seconds : null;
}
