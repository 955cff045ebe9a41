import type { OrderList, ServerEventPayload, TradeAction } from '@p2p/shared';
import { type RealtimeEvent, userOfRoom } from '../../events/notifier.ts';
import type { Clock } from '../../lib/clock.ts';
import { movesShownFigures } from '../users/index.ts';

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
export type BookChange =
  | { kind: 'all' }
  | { kind: 'owners'; userIds: string[] }
  | { kind: 'orders'; orders: OrderKey[] };

/**
 * What places an order in the book's filters. None of it changes in an order's life (its
 * amounts, status, price and presence do), so it is learned once from any page showing it.
 */
export interface OrderKey {
  id: string;
  type: string;
  cryptocurrency: string;
  fiat_currency: string;
  payment_methods: readonly string[];
}

/** The filter of a cached page (the rest of its query is paging). */
export interface BookScope {
  type?: string | undefined;
  cryptocurrency?: string | undefined;
  fiatCurrency?: string | undefined;
  paymentMethod?: string | undefined;
}

/** What the cache needs to see in a cached value: the orders it shows, their owners and prices. */
export interface ShowsOrders {
  page: { orders: readonly (OrderKey & { user_id: string; price_per_unit?: string })[] };
}

/** One order's row as the pages of `T` show it. */
export type ShownOrder<T extends ShowsOrders> = T['page']['orders'][number];

/** An order as it is now: its row as a page shows it, and whether it is in the book. */
export interface OrderNow<R> {
  row: R;
  inBook: boolean;
}

/**
 * Where the cache gets changed orders again instead of reading their pages again
 * (docs/decisions/044): their current rows in one read, and a page with rows replaced.
 */
export interface RowSource<T extends ShowsOrders> {
  /** The orders' rows now; an order that no longer exists is absent. */
  read(ids: readonly string[]): Promise<Map<string, OrderNow<ShownOrder<T>>>>;
  /** `value` with these orders' rows replaced in their places (its body made again). */
  patch(value: T, rows: ReadonlyMap<string, ShownOrder<T>>): T;
}

/** Whether an order with `o`'s key can be on a page of `scope`, wherever its amount and status. */
function inScope(scope: BookScope, o: OrderKey): boolean {
  return (
    (scope.type === undefined || scope.type === o.type) &&
    (scope.cryptocurrency === undefined || scope.cryptocurrency === o.cryptocurrency) &&
    (scope.fiatCurrency === undefined || scope.fiatCurrency === o.fiat_currency) &&
    (scope.paymentMethod === undefined || o.payment_methods.includes(scope.paymentMethod))
  );
}

/** The key of a shown order. */
function keyOf({ id, type, cryptocurrency, fiat_currency, payment_methods }: OrderKey): OrderKey {
  return { id, type, cryptocurrency, fiat_currency, payment_methods };
}

/** Orders whose key the cache remembers at most; past that it starts over. */
const MAX_KNOWN_ORDERS = 20_000;

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

const isTradeAction = (action: string): action is TradeAction => TRADE_ACTIONS.has(action);

/** A trade step as the cache reads it: its action and actor, to the recipient's side. */
type TradeStep = Omit<RealtimeEvent<'trade:updated'>, 'payload'> & {
  payload: Pick<ServerEventPayload<'trade:updated'>, 'action' | 'actor'> & Record<string, unknown>;
};

/** The events the cache hears (every event of the map; of a trade step, only what it reads). */
export type BookEvent = Exclude<RealtimeEvent, { event: 'trade:updated' }> | TradeStep;

/**
 * The owner whose shown figures a `trade:updated` moved: none (`[]`), that recipient, or
 * null when the event cannot tell (then the whole book is read again).
 */
function ownersMovedBy(e: TradeStep): string[] | null {
  const { action, actor } = e.payload;
  const userId = userOfRoom(e.room);
  if (!userId || !e.recipientRole || !isTradeAction(action)) return null;
  try {
    return movesShownFigures(action, actor, e.recipientRole) ? [userId] : [];
  } catch {
    return null;
  }
}

interface Entry<T> {
  /** Its key in the cache (the whole query). */
  key: string;
  version: number;
  scope: BookScope;
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
 * Changed orders of one event-loop turn, read again together: the pages of their filters are
 * then patched with the new rows, or dropped.
 */
interface Batch<T> {
  keys: Map<string, OrderKey>;
  /** The price each order was shown at when the change came: it was in the book then. */
  shownAt: Map<string, string | undefined>;
  entries: Set<Entry<T>>;
  done: Promise<void>;
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
  /** The keys of orders seen on a page, to tell which pages a change to one can reach. */
  private readonly known = new Map<string, OrderKey>();
  /** The re-read being gathered this turn, and the last one started (they apply in order). */
  private batch: Batch<T> | null = null;
  private tail: Promise<void> = Promise.resolve();

  /**
   * Without `rows`, a change drops the pages it can reach; with them, the changed orders are
   * read again and patched into the cached pages (docs/decisions/044).
   */
  constructor(
    private readonly clock: Clock,
    private readonly ttlMs = BOOK_CACHE_TTL_MS,
    private readonly rows?: RowSource<T>,
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
    // Their orders shown on a page are read again (with a row source), or those pages dropped.
    const theirs = new Map<string, OrderKey>();
    for (const [key, entry] of this.entries) {
      const shown = entry.settled?.page.orders;
      if (!shown) this.entries.delete(key);
      else if (!this.rows) {
        if (shown.some((o) => owners.has(o.user_id))) this.entries.delete(key);
      } else for (const o of shown) if (owners.has(o.user_id)) theirs.set(o.id, keyOf(o));
    }
    if (theirs.size > 0) this.refresh([...theirs.values()]);
    if (!fromElsewhere) this.tell({ kind: 'owners', userIds: [...owners] });
  }

  /** A change told by another instance. */
  apply(change: BookChange): void {
    if (change.kind === 'owners') this.forgetOwners(change.userIds, true);
    else if (change.kind === 'orders') this.refresh(change.orders);
    else this.invalidate(true);
  }

  /**
   * These orders changed (an amount taken or given back, a status, a completion counted): they
   * may have entered or left the book or moved the count, but only among pages of a filter they
   * match. Drops those pages and the pages still being read. An order the cache never saw on a
   * page (its filter is not known) empties the whole cache.
   */
  forgetOrders(orderIds: readonly string[], leaving = false): void {
    const keys: OrderKey[] = [];
    for (const id of new Set(orderIds)) {
      const key = this.known.get(id);
      if (!key) {
        this.invalidate();
        return;
      }
      keys.push(key);
    }
    if (keys.length === 0) return;
    // An order known to have left the book (paused, deleted, expired, filled): its filter's
    // pages go now, so that no read after the event shows it; else its row is read again.
    if (leaving) this.dropScopes(keys);
    else this.refresh(keys);
    this.tell({ kind: 'orders', orders: keys });
  }

  /**
   * These orders changed. Without a row source, the pages of their filters go. With one, the
   * orders are read again (once for all pages, with the other changes of this turn) while the
   * pages are served as they are, then each page gets the new rows in place — or is dropped when
   * an order entered or left the book or moved in it (docs/decisions/044). Pages still being
   * read are dropped.
   */
  private refresh(changed: readonly OrderKey[]): void {
    if (!this.rows) {
      this.dropScopes(changed);
      return;
    }
    // An order no cached page shows may be entering the book (resumed, its remainder back above
    // its minimum): no page can be patched with it, so its filter's pages go now, as before
    // decision 044, and the next read shows it.
    const shown = new Set<string>();
    for (const entry of this.entries.values())
      for (const o of entry.settled?.page.orders ?? []) shown.add(o.id);
    const unseen = changed.filter((k) => !shown.has(k.id));
    if (unseen.length > 0) this.dropScopes(unseen);
    const keys = changed.filter((k) => shown.has(k.id));
    if (keys.length === 0) return;
    const batch = this.openBatch();
    for (const k of keys) batch.keys.set(k.id, k);
    for (const [key, entry] of this.entries) {
      if (!keys.some((k) => inScope(entry.scope, k))) continue;
      if (!entry.settled) {
        this.entries.delete(key);
        continue;
      }
      for (const o of entry.settled.page.orders)
        if (batch.keys.has(o.id) && !batch.shownAt.has(o.id)) batch.shownAt.set(o.id, o.price_per_unit);
      batch.entries.add(entry);
    }
  }

  /** Resolves once the re-reads of changed orders started so far are applied. */
  idle(): Promise<void> {
    return this.tail;
  }

  /** This turn's batch; at the turn's end it is read, after the batches before it. */
  private openBatch(): Batch<T> {
    if (this.batch) return this.batch;
    let resolve: () => void = () => {};
    const done = new Promise<void>((r) => {
      resolve = r;
    });
    const batch: Batch<T> = { keys: new Map(), shownAt: new Map(), entries: new Set(), done };
    this.batch = batch;
    const previous = this.tail;
    this.tail = done;
    queueMicrotask(() => {
      this.batch = null;
      void previous.then(() => this.applyBatch(batch)).finally(resolve);
    });
    return batch;
  }

  private async applyBatch(batch: Batch<T>): Promise<void> {
    let rows: Map<string, OrderNow<ShownOrder<T>>> | null = null;
    try {
      rows = (await this.rows?.read([...batch.keys.keys()])) ?? null;
    } catch {
      // Not read: the batch's pages are dropped and read again when asked for.
    }
    for (const entry of batch.entries) {
      // Replaced or dropped since (a clear, the TTL, a later change): nothing to patch.
      if (this.entries.get(entry.key) !== entry) continue;
      const next = rows && this.patched(entry, batch, rows);
      if (next) {
        entry.settled = next;
        entry.value = Promise.resolve(next);
      } else this.entries.delete(entry.key);
    }
  }

  /**
   * The page with the batch's orders in their new rows, or null when it must be read again: an
   * order of its filter was not known to be in the book, or is no longer, or moved (its price).
   * Then its place, the page's members or the count may have changed; otherwise none did.
   */
  private patched(entry: Entry<T>, batch: Batch<T>, rows: ReadonlyMap<string, OrderNow<ShownOrder<T>>>) {
    const value = entry.settled as T;
    const shown = new Set(value.page.orders.map((o) => o.id));
    const replace = new Map<string, ShownOrder<T>>();
    for (const [id, key] of batch.keys) {
      if (!inScope(entry.scope, key)) continue;
      const now = rows.get(id);
      if (!batch.shownAt.has(id) || !now?.inBook || now.row.price_per_unit !== batch.shownAt.get(id))
        return null;
      if (shown.has(id)) replace.set(id, now.row);
    }
    return replace.size === 0 ? value : (this.rows?.patch(value, replace) ?? null);
  }

  private dropScopes(keys: readonly OrderKey[]): void {
    for (const [key, entry] of this.entries) {
      if (!entry.settled || keys.some((o) => inScope(entry.scope, o))) this.entries.delete(key);
    }
  }

  private learn(value: T): void {
    if (this.known.size >= MAX_KNOWN_ORDERS) this.known.clear();
    for (const o of value.page.orders) if (!this.known.has(o.id)) this.known.set(o.id, keyOf(o));
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
   * comes as `order:updated`, `order:matched` or `trade:created`, and drops the pages that may
   * show that order. A trade step (`trade:updated`, one per party) moves at most that party's
   * figures: only the pages showing their orders go (docs/decisions/019).
   */
  observe(e: BookEvent): void {
    switch (e.event) {
      case 'order:updated':
        // Its status says whether the order is still in the book: anything but active has left.
        this.forgetOrders([e.payload.orderId], e.payload.status !== 'active');
        return;
      case 'order:matched':
      case 'trade:created':
        this.forgetOrders([e.payload.orderId]);
        return;
      case 'trade:updated': {
        const owners = ownersMovedBy(e);
        if (owners === null) this.invalidate();
        else this.forgetOwners(owners);
        return;
      }
      default:
        return;
    }
  }

  /**
   * The cached page of `query` (keyed by all of it, filter and paging), or `load()`'s. `expiresAt` says from when (app clock, ms) a
   * loaded value is wrong by itself, e.g. when the first order on the page expires.
   */
  get(
    query: BookScope,
    load: () => Promise<T>,
    expiresAt: (value: T) => number = () => Infinity,
  ): Promise<T> {
    const key = JSON.stringify(query);
    const { type, cryptocurrency, fiatCurrency, paymentMethod } = query;
    const scope = { type, cryptocurrency, fiatCurrency, paymentMethod };
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
    ) {
      return hit.value;
    }
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
    const entry = this.start(key, scope, load, expiresAt);
    this.entries.set(key, entry);
    return entry.value;
  }

  /** An entry whose value `load()` reads; learns the keys of the orders it shows. */
  private start(
    key: string,
    scope: BookScope,
    load: () => Promise<T>,
    expiresAt: (value: T) => number,
  ): Entry<T> {
    const clockAt = this.clock.now().getTime();
    const monoAt = performance.now();
    const entry: Entry<T> = {
      key,
      version: this.version,
      scope,
      clockAt,
      monoAt,
      until: Infinity,
      value: load(),
    };
    entry.value.then(
      (value) => {
        entry.settled = value;
        this.learn(value);
        entry.until = expiresAt(value);
      },
      // A failed read is not remembered.
      () => {
        if (this.entries.get(key) === entry) this.entries.delete(key);
      },
    );
    return entry;
  }
}

const isStrings = (v: unknown): v is string[] => Array.isArray(v) && v.every((x) => typeof x === 'string');

function readOrderKey(raw: unknown): OrderKey | null {
  const o = raw as Partial<Record<keyof OrderKey, unknown>> | null;
  if (!o || typeof o !== 'object') return null;
  const { id, type, cryptocurrency, fiat_currency, payment_methods } = o;
  if (typeof id !== 'string' || typeof type !== 'string' || typeof cryptocurrency !== 'string') return null;
  if (typeof fiat_currency !== 'string' || !isStrings(payment_methods)) return null;
  return { id, type, cryptocurrency, fiat_currency, payment_methods };
}

/** One change another instance told; anything not understood (an older instance sends nothing) is `all`. */
function readBookChange(raw: unknown): BookChange {
  const r = raw as { kind?: unknown; userIds?: unknown; orders?: unknown } | null | undefined;
  if (r?.kind === 'owners' && isStrings(r.userIds)) return { kind: 'owners', userIds: r.userIds };
  if (r?.kind === 'orders' && Array.isArray(r.orders)) {
    const orders = r.orders.map(readOrderKey);
    if (orders.every((o) => o !== null)) return { kind: 'orders', orders: orders as OrderKey[] };
  }
  return { kind: 'all' };
}

/** The changes of one message from another instance (a list; anything else reads as `all`). */
export function readBookChanges(raw: unknown): BookChange[] {
  return Array.isArray(raw) && raw.length > 0 ? raw.map(readBookChange) : [{ kind: 'all' }];
}

/**
 * Gathers the changes of one event-loop turn into one message for `send`: `all` alone if any
 * change was, else the union of the owners and of the orders.
 */
export function batchBookChanges(send: (changes: BookChange[]) => void): (change: BookChange) => void {
  let all = false;
  let pending = false;
  const owners = new Set<string>();
  const orders = new Map<string, OrderKey>();
  return (change) => {
    if (change.kind === 'all') all = true;
    else if (change.kind === 'owners') for (const id of change.userIds) owners.add(id);
    else for (const o of change.orders) orders.set(o.id, o);
    if (pending) return;
    pending = true;
    setImmediate(() => {
      const changes: BookChange[] = all
        ? [{ kind: 'all' }]
        : [
            ...(owners.size > 0 ? [{ kind: 'owners' as const, userIds: [...owners] }] : []),
            ...(orders.size > 0 ? [{ kind: 'orders' as const, orders: [...orders.values()] }] : []),
          ];
      all = false;
      pending = false;
      owners.clear();
      orders.clear();
      if (changes.length > 0) send(changes);
    });
  };
}
