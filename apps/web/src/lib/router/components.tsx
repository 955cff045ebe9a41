import {
  type AnchorHTMLAttributes,
  Children,
  Fragment,
  isValidElement,
  type MouseEvent,
  type ReactElement,
  type ReactNode,
  type Ref,
  startTransition,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useState,
} from 'react';
import { HistoryContext, LocationContext, RouteContext } from './context';
import { browserHistory, createMemoryHistory, createPath, type History, parsePath } from './history';
import { resolveTo, useLocation, useNavigate } from './hooks';
import { matchRoutes, type RouteObject } from './match';

/**
 * The app's routing (docs/decisions/040, addendum): the address, its history and the route table,
 * drawn with React. A change of address is a transition: a screen whose code is still loading
 * leaves the current screen in place until it arrives, and `<Suspense>` shows its fallback only
 * on a first load.
 */
export function Router({ history, children }: { history: History; children: ReactNode }) {
  const [location, setLocation] = useState(history.location);
  // A layout effect: it listens before any child's effect can navigate (<Navigate />).
  useLayoutEffect(() => {
    const stop = history.listen((next) => startTransition(() => setLocation(next)));
    setLocation(history.location());
    return stop;
  }, [history]);
  return (
    <HistoryContext.Provider value={history}>
      <LocationContext.Provider value={location}>{children}</LocationContext.Provider>
    </HistoryContext.Provider>
  );
}

/** The tab's address bar and history. */
export function BrowserRouter({ children }: { children: ReactNode }) {
  return <Router history={browserHistory()}>{children}</Router>;
}

/** History in memory, starting at the last of `initialEntries` (tests). */
export function MemoryRouter({
  initialEntries,
  children,
}: {
  initialEntries?: string[];
  children: ReactNode;
}) {
  const [history] = useState(() => createMemoryHistory(initialEntries));
  return <Router history={history}>{children}</Router>;
}

/**
 * The element of the routes the address opens, each drawn inside its parent's `<Outlet />`.
 * Under a route ending in `*` the rest of the address is matched (the back office's table).
 */
export function useRoutes(routes: RouteObject[]): ReactNode {
  const parent = useContext(RouteContext);
  const { pathname } = useLocation();
  const base = parent.pathnameBase === '/' ? '' : parent.pathnameBase;
  const rest = pathname.toLowerCase().startsWith(base.toLowerCase()) ? pathname.slice(base.length) : pathname;
  const found = matchRoutes(routes, rest.startsWith('/') ? rest : `/${rest}`);
  if (!found) return null;
  const params = { ...parent.params, ...found.params };
  // Innermost first: each route's element is drawn with its child's as its outlet.
  let outlet: ReactNode = null;
  for (const match of [...found.matches].reverse()) {
    const pathnameBase = base + (match.pathnameBase === '/' && base ? '' : match.pathnameBase) || '/';
    const element = match.route.element === undefined ? outlet : match.route.element;
    outlet = (
      <RouteContext.Provider value={{ outlet, params, pathnameBase }}>{element}</RouteContext.Provider>
    );
  }
  return outlet;
}

interface RouteProps {
  path?: string;
  index?: boolean;
  element?: ReactNode;
  children?: ReactNode;
}

/** One route of a `<Routes>` table; drawn by `<Routes>`, never on its own. */
export function Route(_props: RouteProps): ReactElement | null {
  return null;
}

function routesFrom(children: ReactNode): RouteObject[] {
  const routes: RouteObject[] = [];
  Children.forEach(children, (child) => {
    if (!isValidElement<RouteProps>(child)) return;
    if (child.type === Fragment) {
      routes.push(...routesFrom(child.props.children));
      return;
    }
    const { path, index, element, children: nested } = child.props;
    routes.push({ path, index, element, children: nested ? routesFrom(nested) : undefined });
  });
  return routes;
}

/** A route table written as `<Route>` elements. */
export function Routes({ children }: { children: ReactNode }) {
  const routes = useMemo(() => routesFrom(children), [children]);
  return useRoutes(routes);
}

export function Outlet() {
  return useContext(RouteContext).outlet;
}

/** Moves to `to` once drawn (a redirect). */
export function Navigate({ to, replace, state }: { to: string; replace?: boolean; state?: unknown }) {
  const navigate = useNavigate();
  const [first] = useState({ state });
  useEffect(() => navigate(to, { replace, state: first.state }), [navigate, to, replace, first]);
  return null;
}

type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  to: string;
  replace?: boolean;
  state?: unknown;
  ref?: Ref<HTMLAnchorElement>;
};

/** Whether a click is the app's to handle: a plain left click meant for this tab. */
function ownClick(event: MouseEvent<HTMLAnchorElement>, target: string | undefined): boolean {
  if (event.defaultPrevented || event.button !== 0) return false;
  if (target && target !== '_self') return false;
  return !(event.metaKey || event.altKey || event.ctrlKey || event.shiftKey);
}

/** A link within the app: a real `<a href>`, and a navigation without reload on a plain click. */
export function Link({ to, replace, state, onClick, target, ...anchor }: LinkProps) {
  const location = useLocation();
  const navigate = useNavigate();
  const { pathnameBase } = useContext(RouteContext);
  const href = resolveTo(to, pathnameBase, location.pathname);
  const click = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (!ownClick(event, target)) return;
    event.preventDefault();
    // The address already shown is replaced, not stacked twice in history.
    navigate(href, { replace: replace ?? createPath(location) === href, state });
  };
  return <a {...anchor} href={href} target={target} onClick={click} />;
}

/**
 * A link that knows it is the current page: class `active` and `aria-current="page"` when the
 * address is its path or below it (`end`: only its path).
 */
export function NavLink({ end, className, ...link }: LinkProps & { end?: boolean }) {
  const { pathname } = useLocation();
  const { pathnameBase } = useContext(RouteContext);
  const path = parsePath(resolveTo(link.to, pathnameBase, pathname)).pathname.toLowerCase();
  const here = pathname.toLowerCase();
  const cut = path !== '/' && path.endsWith('/') ? path.length - 1 : path.length;
  const active = here === path || (!end && here.startsWith(path) && here.charAt(cut) === '/');
  return (
    <Link
      {...link}
      className={[className, active ? 'active' : null].filter(Boolean).join(' ') || undefined}
      aria-current={active ? 'page' : undefined}
    />
  );
}
