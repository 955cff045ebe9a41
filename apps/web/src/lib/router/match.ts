import type { ReactNode } from 'react';

/**
 * Which routes an address opens (docs/decisions/040, addendum): the rules the app's route
 * table was written for. A path is `/static`, `/:param` or ends in `*`; matching ignores case
 * and a trailing slash; a route without a path is a layout around its children; an index route
 * is its parent's own address. When several routes match, the most specific wins (static
 * segments over parameters over `*`), then the first written.
 */
export interface RouteObject {
  path?: string;
  index?: boolean;
  element?: ReactNode;
  children?: RouteObject[];
}

export type Params = Record<string, string | undefined>;

export interface RouteMatch {
  route: RouteObject;
  /** The part of the address this route and its parents stand for (without a `*`'s part). */
  pathnameBase: string;
}

interface Branch {
  path: string;
  score: number;
  routes: RouteObject[];
}

const joinPaths = (...paths: string[]) => paths.join('/').replace(/\/\/+/g, '/');

function score(path: string, index: boolean | undefined): number {
  const segments = path.split('/');
  let total = segments.length + (segments.includes('*') ? -2 : 0) + (index ? 2 : 0);
  for (const segment of segments) {
    if (segment === '*') continue;
    total += /^:[\w-]+$/.test(segment) ? 3 : segment === '' ? 1 : 10;
  }
  return total;
}

function flatten(routes: RouteObject[], parents: RouteObject[], parentPath: string, out: Branch[]) {
  for (const route of routes) {
    const own = route.path ?? '';
    const path = own.startsWith('/') ? own : joinPaths(parentPath, own);
    const chain = [...parents, route];
    if (route.children?.length) flatten(route.children, chain, path, out);
    if (route.path === undefined && !route.index) continue;
    out.push({ path: path || '/', score: score(path, route.index), routes: chain });
  }
  return out;
}

interface PathMatch {
  params: Params;
  pathnameBase: string;
}

/** The address against one path: whole (`end`) or as a prefix. */
export function matchPath(path: string, pathname: string, end: boolean): PathMatch | null {
  const names: string[] = [];
  let source = `^${path
    .replace(/\/*\*?$/, '')
    .replace(/^\/*/, '/')
    .replace(/[\\.*+^${}|()[\]]/g, '\\$&')
    .replace(/\/:([\w-]+)/g, (_, name: string) => {
      names.push(name);
      return '/([^\\/]+)';
    })}`;
  const splat = path.endsWith('*');
  if (splat) source += path === '*' || path === '/*' ? '(.*)$' : '(?:\\/(.+)|\\/*)$';
  else if (end) source += '\\/*$';
  else if (path !== '' && path !== '/') source += '(?:(?=\\/|$))';
  const found = new RegExp(source, 'i').exec(pathname);
  if (!found) return null;
  const params: Params = {};
  names.forEach((name, i) => {
    params[name] = found[i + 1];
  });
  let pathnameBase = found[0];
  if (splat) {
    const rest = found[names.length + 1] ?? '';
    params['*'] = rest;
    pathnameBase = pathnameBase.slice(0, pathnameBase.length - rest.length).replace(/(.)\/+$/, '$1');
  }
  return { params, pathnameBase: pathnameBase || '/' };
}

function decodePath(pathname: string): string {
  return pathname
    .split('/')
    .map((segment) => {
      try {
        return decodeURIComponent(segment).replace(/\//g, '%2F');
      } catch {
        return segment;
      }
    })
    .join('/');
}

const tables = new WeakMap<RouteObject[], Branch[]>();

/** The chain of routes (outermost first) an address opens, with its parameters; null: none. */
export function matchRoutes(
  routes: RouteObject[],
  pathname: string,
): { matches: RouteMatch[]; params: Params } | null {
  let branches = tables.get(routes);
  if (!branches) {
    branches = flatten(routes, [], '', []).sort((a, b) => b.score - a.score);
    tables.set(routes, branches);
  }
  const decoded = decodePath(pathname);
  for (const branch of branches) {
    const whole = matchPath(branch.path, decoded, true);
    if (!whole) continue;
    let prefix = '';
    const matches = branch.routes.map((route) => {
      const own = route.path ?? '';
      prefix = own.startsWith('/') ? own : joinPaths(prefix, own);
      return { route, pathnameBase: matchPath(prefix, decoded, false)?.pathnameBase ?? '/' };
    });
    return { matches, params: whole.params };
  }
  return null;
}
