import { createContext, type ReactNode } from 'react';
import type { History, Location } from './history';
import type { Params } from './match';

export const HistoryContext = createContext<History | null>(null);
export const LocationContext = createContext<Location | null>(null);

export interface RouteState {
  /** What `<Outlet />` draws: the matched child route's element. */
  outlet: ReactNode;
  params: Params;
  /** The address the route stands for: relative links resolve against it. */
  pathnameBase: string;
}

export const RouteContext = createContext<RouteState>({ outlet: null, params: {}, pathnameBase: '/' });
