import type { OrderList } from '@p2p/shared';
import type { RealtimeEvent } from '../../events/notifier.ts';
import type { Clock } from '../../lib/clock.ts';

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

interface Entry<T> {
  version: number;
  /** When it was read, on the app's clock and on the process's monotonic clock. */
  clockAt: number;
  monoAt: number;
  /** App-clock time from which the value is wrong even if nothing is written (an order expires). */
  until: number;
  value: Promise<T>;
}

/**
 * Short-lived cache of public book pages, one per filter. Any order or trade change on this
 * instance bumps the version, and an entry read under an older version is never served, so
 * a page read while a change committed is not kept. Concurrent misses of one filter share
 * one database read.
 */
export class BookCache<T> {
  private version = 0;
  private readonly entries = new Map<string, Entry<T>>();
  private readonly localChange = new Set<() => void>();

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
    if (fromElsewhere) return;
    for (const listener of this.localChange) listener();
  }

  /** Calls `listener` after every change made on this instance. */
  onLocalChange(listener: () => void): () => void {
    this.localChange.add(listener);
    return () => this.localChange.delete(listener);
  }

  /** Post-commit realtime events that change what the book shows. */
  observe(e: RealtimeEvent): void {
    if (e.event.startsWith('order:') || e.event === 'trade:created' || e.event === 'trade:updated')
      this.invalidate();
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
