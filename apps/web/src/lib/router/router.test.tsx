import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  BrowserRouter,
  browserHistory,
  Link,
  MemoryRouter,
  Navigate,
  NavLink,
  Outlet,
  Route,
  type RouteObject,
  Routes,
  useLocation,
  useNavigate,
  useParams,
  useRoutes,
  useSearchParams,
} from '.';
import { matchRoutes } from './match';

// The app's routing keeps the URLs and behaviour the screens had (docs/decisions/040, addendum).

function Where() {
  const { pathname, search } = useLocation();
  const { id } = useParams();
  return <p data-testid="where">{`${pathname}${search} ${id ?? '-'}`}</p>;
}

function Admin() {
  return (
    <Routes>
      <Route path="login" element={<p>login</p>} />
      <Route element={<Outlet />}>
        <Route index element={<Navigate to="dashboard" replace />} />
        <Route path="dashboard" element={<p>dashboard</p>} />
        <Route path="users/:id" element={<Where />} />
        <Route path="*" element={<p>admin 404</p>} />
      </Route>
    </Routes>
  );
}

const table: RouteObject[] = [
  { path: '/admin/*', element: <Admin /> },
  {
    element: (
      <div>
        <NavLink to="/" end>
          market
        </NavLink>
        <NavLink to="/wallet">wallet</NavLink>
        <Outlet />
      </div>
    ),
    children: [
      { path: '/', element: <Link to="/order/7?x=1">open</Link> },
      { path: '/order/:id', element: <Where /> },
      { path: '/order/:id/manage', element: <p>manage</p> },
      { path: '/orders/my', element: <p>my orders</p> },
      { path: '/wallet', element: <Where /> },
      { path: '/wallet/reserves', element: <Where /> },
      { path: '*', element: <p>404</p> },
    ],
  },
];

function App() {
  return useRoutes(table);
}

const at = (path: string) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <App />
    </MemoryRouter>,
  );

afterEach(() => {
  document.body.innerHTML = '';
});

describe('matching', () => {
  it('prefers static segments, then parameters, then *', () => {
    const leaf = (path: string) => matchRoutes(table, path)?.matches.at(-1)?.route.path;
    expect(leaf('/orders/my')).toBe('/orders/my');
    expect(leaf('/order/5')).toBe('/order/:id');
    expect(leaf('/order/5/manage')).toBe('/order/:id/manage');
    expect(leaf('/Wallet/')).toBe('/wallet');
    expect(leaf('/nowhere/at/all')).toBe('*');
    expect(leaf('/admin/users/3')).toBe('/admin/*');
    expect(matchRoutes(table, '/order/a%20b')?.params.id).toBe('a b');
  });
});

describe('screens', () => {
  it('draws the matched screen inside its layout, with its parameters', () => {
    at('/order/42');
    expect(screen.getByTestId('where').textContent).toBe('/order/42 42');
    expect(screen.getByText('market').className).toBe('');
  });

  it('shows the not-found route for an unknown address', () => {
    at('/no-such-page');
    expect(screen.getByText('404')).toBeTruthy();
  });

  it('follows a link without reloading, and goes back', async () => {
    function Back() {
      const navigate = useNavigate();
      return (
        <button type="button" onClick={() => navigate(-1)}>
          back
        </button>
      );
    }
    render(
      <MemoryRouter>
        <App />
        <Back />
      </MemoryRouter>,
    );
    const link = screen.getByText('open');
    expect(link.getAttribute('href')).toBe('/order/7?x=1');
    await act(async () => fireEvent.click(link));
    expect(screen.getByTestId('where').textContent).toBe('/order/7?x=1 7');
    await act(async () => fireEvent.click(screen.getByText('back')));
    expect(screen.getByText('open')).toBeTruthy();
  });

  it('marks the current page in the navigation', () => {
    at('/wallet/reserves');
    const wallet = screen.getByText('wallet');
    expect(wallet.className).toBe('active');
    expect(wallet.getAttribute('aria-current')).toBe('page');
    expect(screen.getByText('market').getAttribute('aria-current')).toBeNull();
  });

  it('matches the back office below its path, and resolves its relative redirect', async () => {
    at('/admin');
    expect(await screen.findByText('dashboard')).toBeTruthy();
    document.body.innerHTML = '';
    at('/admin/users/9');
    expect(screen.getByTestId('where').textContent).toBe('/admin/users/9 9');
    document.body.innerHTML = '';
    at('/admin/whatever');
    expect(screen.getByText('admin 404')).toBeTruthy();
  });
});

describe('the query string', () => {
  it('replaces the query and keeps the path', async () => {
    function Filters() {
      const [params, setParams] = useSearchParams();
      return (
        <button type="button" onClick={() => setParams({ coin: 'BTC', side: ['a', 'b'] }, { replace: true })}>
          {params.get('coin') ?? 'all'}
        </button>
      );
    }
    render(
      <MemoryRouter initialEntries={['/wallet?coin=ETH']}>
        <Filters />
        <App />
      </MemoryRouter>,
    );
    expect(screen.getByRole('button').textContent).toBe('ETH');
    await act(async () => fireEvent.click(screen.getByRole('button')));
    expect(screen.getByRole('button').textContent).toBe('BTC');
    expect(screen.getByTestId('where').textContent).toBe('/wallet?coin=BTC&side=a&side=b -');
  });
});

describe('the browser history', () => {
  it("numbers the app's entries for the Mini App's back button (docs/decisions/029)", async () => {
    window.history.replaceState(null, '', '/');
    render(
      <BrowserRouter>
        <App />
      </BrowserRouter>,
    );
    expect((window.history.state as { idx: number }).idx).toBe(0);
    await act(async () => fireEvent.click(screen.getByText('open')));
    expect(window.location.pathname).toBe('/order/7');
    expect((window.history.state as { idx: number }).idx).toBe(1);
    await act(async () => browserHistory().navigate('/wallet', { replace: true }));
    expect((window.history.state as { idx: number }).idx).toBe(1);
    expect(screen.getByTestId('where').textContent).toBe('/wallet -');
  });
});
