import { useCallback, useContext, useMemo, useRef } from 'react';
import { HistoryContext, LocationContext, RouteContext } from './context';
import { createPath, type History, type Location, type NavigateOptions, parsePath } from './history';
import type { Params } from './match';

function useHistory(): History {
  const history = useContext(HistoryContext);
  if (!history) throw new Error('a router hook outside <BrowserRouter> or <MemoryRouter>');
  return history;
}

export function useLocation(): Location {
  const location = useContext(LocationContext);
  if (!location) throw new Error('useLocation outside <BrowserRouter> or <MemoryRouter>');
  return location;
}

export function useParams(): Params {
  return useContext(RouteContext).params;
}

/**
 * An address as written in a link, made absolute: `/x` stays, `?q` and `#h` keep the current
 * path, anything else is relative to the route that renders it (`dashboard` under `/admin`).
 */
export function resolveTo(to: string, base: string, current: string): string {
  if (to.startsWith('/')) return to;
  if (to === '' || to.startsWith('?') || to.startsWith('#')) {
    const { search, hash } = parsePath(to);
    return createPath({ pathname: current, search, hash });
  }
  const segments = base.replace(/\/+$/, '').split('/');
  for (const segment of to.split('/')) {
    if (segment === '..') segments.length > 1 && segments.pop();
    else if (segment !== '.') segments.push(segment);
  }
  return segments.join('/') || '/';
}

export type NavigateFunction = (to: string | number, options?: NavigateOptions) => void;

/** Moves to an address (`replace`, `state`), or through history with a number (-1: back). */
export function useNavigate(): NavigateFunction {
  const history = useHistory();
  const { pathnameBase } = useContext(RouteContext);
  const from = useRef(pathnameBase);
  from.current = pathnameBase;
  return useCallback(
    (to, options) => {
      if (typeof to === 'number') history.go(to);
      else history.navigate(resolveTo(to, from.current, history.location().pathname), options);
    },
    [history],
  );
}

type SearchInit = string | URLSearchParams | Record<string, string | string[]> | [string, string][];

function searchParams(init: SearchInit): URLSearchParams {
  if (typeof init === 'string' || init instanceof URLSearchParams || Array.isArray(init)) {
    return new URLSearchParams(init);
  }
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(init)) {
    for (const one of Array.isArray(value) ? value : [value]) params.append(name, one);
  }
  return params;
}

export type SetSearchParams = (
  next: SearchInit | ((current: URLSearchParams) => SearchInit),
  options?: NavigateOptions,
) => void;

/** The address's query, and a setter that moves to the same path with another query. */
export function useSearchParams(): [URLSearchParams, SetSearchParams] {
  const { search } = useLocation();
  const navigate = useNavigate();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const set = useCallback<SetSearchParams>(
    (next, options) => {
      const query = searchParams(typeof next === 'function' ? next(params) : next).toString();
      navigate(query ? `?${query}` : '?', options);
    },
    [navigate, params],
  );
  return [params, set];
}
