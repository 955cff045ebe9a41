/**
 * The app's address and its history entries (docs/decisions/040, addendum). Each entry's
 * `history.state` is `{ usr, key, idx }`: the navigation's state, a key that names the entry
 * (`'default'` for the one the tab opened with), and its place in the app's own history, which
 * the Mini App's back button reads (docs/decisions/029).
 */
export interface Location {
  pathname: string;
  search: string;
  hash: string;
  state: unknown;
  key: string;
}

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}

export interface History {
  /** The current entry; the same object until the address changes. */
  location(): Location;
  navigate(to: string, options?: NavigateOptions): void;
  go(delta: number): void;
  /** Called after every change of address, with the new entry. */
  listen(listener: (location: Location) => void): () => void;
  /** Called before the address changes, while the page still shows the entry it leaves. */
  beforeLeave(listener: (location: Location) => void): () => void;
}

interface Entry {
  usr: unknown;
  key: string;
  idx: number;
}

const createKey = () => Math.random().toString(36).slice(2, 10);

/** `/a?b#c` into its parts; a missing part is ''. */
export function parsePath(path: string): Pick<Location, 'pathname' | 'search' | 'hash'> {
  const hashAt = path.indexOf('#');
  const hash = hashAt >= 0 ? path.slice(hashAt) : '';
  const rest = hashAt >= 0 ? path.slice(0, hashAt) : path;
  const searchAt = rest.indexOf('?');
  const search = searchAt >= 0 ? rest.slice(searchAt) : '';
  const pathname = searchAt >= 0 ? rest.slice(0, searchAt) : rest;
  return { pathname, search: search === '?' ? '' : search, hash: hash === '#' ? '' : hash };
}

export function createPath({ pathname, search, hash }: Pick<Location, 'pathname' | 'search' | 'hash'>) {
  return pathname + search + hash;
}

function listeners<T>() {
  const set = new Set<(value: T) => void>();
  return {
    add(listener: (value: T) => void) {
      set.add(listener);
      return () => void set.delete(listener);
    },
    call(value: T) {
      for (const listener of set) listener(value);
    },
  };
}

let browser: History | null = null;

/** The tab's history, one for the page: `main.tsx` may move the address before React starts. */
export function browserHistory(): History {
  browser ??= createBrowserHistory();
  return browser;
}

function readEntry(): Entry | null {
  const state = window.history.state as Partial<Entry> | null;
  return state && typeof state === 'object' && typeof state.idx === 'number' ? (state as Entry) : null;
}

function createBrowserHistory(): History {
  const changed = listeners<Location>();
  const leaving = listeners<Location>();
  if (!readEntry()) window.history.replaceState({ ...window.history.state, idx: 0 }, '');
  let cached: { href: string; state: unknown; location: Location } | null = null;
  const location = (): Location => {
    const { href, pathname, search, hash } = window.location;
    const state = window.history.state as Partial<Entry> | null;
    if (cached?.href === href && cached.state === state) return cached.location;
    const next = { pathname, search, hash, state: state?.usr ?? null, key: state?.key ?? 'default' };
    cached = { href, state, location: next };
    return next;
  };
  // Back and forward: the entry left is the last one read, the page still shows it.
  window.addEventListener('popstate', () => {
    if (cached) leaving.call(cached.location);
    changed.call(location());
  });
  const navigate = (to: string, { replace = false, state = null }: NavigateOptions = {}) => {
    leaving.call(location());
    const idx = (readEntry()?.idx ?? 0) + (replace ? 0 : 1);
    const entry: Entry = { usr: state, key: createKey(), idx };
    if (replace) window.history.replaceState(entry, '', to);
    else window.history.pushState(entry, '', to);
    changed.call(location());
  };
  return {
    location,
    navigate,
    go: (delta) => window.history.go(delta),
    listen: changed.add,
    beforeLeave: leaving.add,
  };
}

/** History kept in memory (tests, and screens drawn outside the tab's address). */
export function createMemoryHistory(initialEntries: string[] = ['/']): History {
  const changed = listeners<Location>();
  const leaving = listeners<Location>();
  const entries: Location[] = initialEntries.map((path, i) => ({
    ...parsePath(path),
    state: null,
    key: i === 0 ? 'default' : createKey(),
  }));
  let index = entries.length - 1;
  const current = () => entries[index] as Location;
  return {
    location: current,
    navigate: (to, { replace = false, state = null } = {}) => {
      leaving.call(current());
      const next = { ...parsePath(to), state, key: createKey() };
      if (replace) entries[index] = next;
      else entries.splice(++index, entries.length, next);
      changed.call(next);
    },
    go: (delta) => {
      leaving.call(current());
      index = Math.min(Math.max(index + delta, 0), entries.length - 1);
      changed.call(current());
    },
    listen: changed.add,
    beforeLeave: leaving.add,
  };
}
