/**
 * The app's own routing (docs/decisions/040, addendum): the parts of React Router's declarative
 * API the screens use, under the same names, in a few kilobytes instead of its data router.
 */
export {
  BrowserRouter,
  Link,
  MemoryRouter,
  Navigate,
  NavLink,
  Outlet,
  Route,
  Router,
  Routes,
  useRoutes,
} from './components';
export { browserHistory, createMemoryHistory, type Location, type NavigateOptions } from './history';
export {
  type NavigateFunction,
  type SetSearchParams,
  useLocation,
  useNavigate,
  useParams,
  useSearchParams,
} from './hooks';
export type { Params, RouteObject } from './match';
export { ScrollRestoration } from './scroll';
