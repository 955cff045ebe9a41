import type { OrderList, ServerEventPayload, TradeAction } from '@p2p/shared';
import type { RealtimeEvent } from '../../events/notifier.ts';
import type { Clock } from '../../lib/clock.ts';
import { movesShownFigures } from '../users/reputation-counters.ts';

/**
 * A cached book page: the page, and the HTTP answer's body made from it once (checked against
 * the route's response schema when it is made), so a page served again costs no serializing.
 */
export interface BookAnswer {
  page: OrderList;
  body: Buffer;
}

/**
 * How long a page of the public book may be served again without asking the database: the
 * bound on staleness for changes made on another instance (docs/decisions/019).
 */
export const BOOK_CACHE_TTL_MS = 1500;
/** Distinct filters kept at most; past that the cache starts over (offsets make keys unbounded). */
const MAX_ENTRIES = 500;

/**
 * A change to the book, as told to the other instances: `all` reads everything again; `owners`
 * only the pages that show an order of these users (their figures, shown on each of their
 * orders, moved; which orders are in the book and where did not).
 */
export type BookChange = { kind: 'all' } | { kind: 'owners'; userIds: string[] };

/** What the cache needs to see in a cached value: the orders it shows and their owners. */
export interface ShowsOrders {
  page: { orders: readonly { id: string; user_id: string }[] };
}

/** Trade transitions: the names the machine knows (anything else reads the whole book again). */
const TRADE_ACTIONS: ReadonlySet<string> = new Set<TradeAction>([
  'mark_paid',
  'confirm_payment',
  'release_crypto',
  'cancel_trade',
  'dispute_trade',
  'expire',
  'auto_release',
  'resolve_release',
  'resolve_refund',
]);

/**
 * The owner whose shown figures a `trade:updated` moved: none (`[]`), that recipient, or
 * null when the event cannot tell (then the whole book is read again).
 */
function ownersMovedBy(e: RealtimeEvent): string[] | null {
  const p = e.payload as Partial<ServerEventPayload<'trade:updated'>> | null;
  const userId = e.room.startsWith('user:') ? e.room.slice('user:'.length) : null;
  if (!userId || !e.recipientRole || !p?.action || !p.actor || !TRADE_ACTIONS.has(p.action)) return null;
  try {
    return movesShownFigures(p.action as TradeAction, p.actor, e.recipientRole) ? [userId] : [];
  } catch {
    return null;
  }
}

interface Entry<T> {
  version: number;
  /** The value once read (until then the entry's content is unknown). */
  settled?: T;
  /** When it was read, on the app's clock and on the process's monotonic clock. */
  clockAt: number;
  monoAt: number;
  /** App-clock time from which the value is wrong even if nothing is written (an order expires). */
  until: number;
  value: Promise<T>;
}

/**
 * Short-lived cache of public book pages, one per filter. An order change on this instance
 * bumps the version, and an entry read under an older version is never served, so a page read
 * while a change committed is not kept. A trade step that moves only its parties' figures drops
 * the pages showing their orders and every page still being read. Concurrent misses of one
 * filter share one database read.
 */
export class BookCache<T extends ShowsOrders> {
  private version = 0;
  private readonly entries = new Map<string, Entry<T>>();
  private readonly localChange = new Set<(change: BookChange) => void>();

  constructor(
    private readonly clock: Clock,
    private readonly ttlMs = BOOK_CACHE_TTL_MS,
  ) {}

  /**
   * Something the book shows changed (an order, a trade, a reputation): read it again. A
   * change made here is also told to the listeners (the other instances, through Redis);
   * `fromElsewhere` is for a change another instance told us about.
   */
  invalidate(fromElsewhere = false): void {
    this.version += 1;
    this.entries.clear();
    if (!fromElsewhere) this.tell({ kind: 'all' });
  }

  /**
   * The figures shown next to these users moved (a trade step counted them), and nothing else
   * the book shows: which orders are in it, their order and their rows stay. Drops the pages
   * that show an order of theirs, and the pages still being read (what they hold is not known
   * yet, and may be from before the change).
   */
  forgetOwners(userIds: readonly string[], fromElsewhere = false): void {
    if (userIds.length === 0) return;
    const owners = new Set(userIds);
    for (const [key, entry] of this.entries) {
      const shown = entry.settled?.page.orders;
      if (!shown || shown.some((o) => owners.has(o.user_id))) this.entries.delete(key);
    }
    if (!fromElsewhere) this.tell({ kind: 'owners', userIds: [...owners] });
  }

  /** A change told by another instance. */
  apply(change: BookChange): void {
    if (change.kind === 'owners') this.forgetOwners(change.userIds, true);
    else this.invalidate(true);
  }

  private tell(change: BookChange): void {
    for (const listener of this.localChange) listener(change);
  }

  /** Calls `listener` after every change made on this instance. */
  onLocalChange(listener: (change: BookChange) => void): () => void {
    this.localChange.add(listener);
    return () => this.localChange.delete(listener);
  }

  /**
   * Post-commit realtime events that change what the book shows. An order's change (created,
   * edited, paused, deleted, an amount taken by a trade or given back, a completion counted)
   * comes as `order:*` and reads the book again. A trade step (`trade:updated`, one per party)
   * moves at most that party's figures: only the pages showing their orders go
   * (docs/decisions/019).
   */
  observe(e: RealtimeEvent): void {
    if (e.event.startsWith('order:') || e.event === 'trade:created') {
      this.invalidate();
      return;
    }
    if (e.event !== 'trade:updated') return;
    const owners = ownersMovedBy(e);
    if (owners === null) this.invalidate();
    else this.forgetOwners(owners);
  }

  /**
   * The cached value of `key`, or `load()`'s. `expiresAt` says from when (app clock, ms) a
   * loaded value is wrong by itself, e.g. when the first order on the page expires.
   */
  get(key: string, load: () => Promise<T>, expiresAt: (value: T) => number = () => Infinity): Promise<T> {
    const clockAt = this.clock.now().getTime();
    const monoAt = performance.now();
    const hit = this.entries.get(key);
    // The app's clock is checked too: tests move it, and an order's expiry depends on it.
    if (
      hit &&
      hit.version === this.version &&
      monoAt - hit.monoAt < this.ttlMs &&
      Math.abs(clockAt - hit.clockAt) < this.ttlMs &&
      clockAt < hit.until
    )
      return hit.value;
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
    const entry: Entry<T> = { version: this.version, clockAt, monoAt, until: Infinity, value: load() };
    this.entries.set(key, entry);
    entry.value.then(
      (value) => {
        entry.settled = value;
        entry.until = expiresAt(value);
      },
      // A failed read is not remembered.
      () => {
        if (this.entries.get(key) === entry) this.entries.delete(key);
      },
    );
    return entry.value;
  }
}

/**
 * A change another instance told: `owners` with its user ids, anything else (an older instance
 * sends nothing) as `all`.
 */
export function readBookChange(raw: unknown): BookChange {
  const r = raw as { kind?: unknown; userIds?: unknown } | null | undefined;
  if (r?.kind === 'owners' && Array.isArray(r.userIds) && r.userIds.every((id) => typeof id === 'string'))
    return { kind: 'owners', userIds: r.userIds as string[] };
  return { kind: 'all' };
}

/**
 * Gathers the changes of one event-loop turn into one message for `send`: `all` if any change
 * was, else the union of the owners.
 */
export function batchBookChanges(send: (change: BookChange) => void): (change: BookChange) => void {
  let pending: BookChange | null = null;
  return (change) => {
    const first = pending === null;
    if (change.kind === 'all' || pending?.kind === 'all') pending = { kind: 'all' };
    else
      pending = { kind: 'owners', userIds: [...new Set([...(pending?.userIds ?? []), ...change.userIds])] };
    if (!first) return;
    setImmediate(() => {
      const told = pending;
      pending = null;
      if (told) send(told);
    });
  };
}
