import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { type ComponentType, lazy, Suspense } from 'react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { rememberLang } from '@/i18n/current-lang';
import { I18nProvider } from '@/i18n/i18n';
import { MemoryRouter, Outlet, useRoutes } from '@/lib/router';
import { isChunkLoadError, loadChunk } from './chunk-reload';
import { RouteBoundary } from './RouteError';

// A screen whose code cannot be loaded (a 429 on its chunk, a deploy that removed it) never shows
// a blank or developer's screen: it reloads once, then shows «Обновить» (docs/decisions/034).
const stale = () =>
  Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/TradePage-1a2b.js'));

function Routes({ load }: { load: () => Promise<ComponentType> }) {
  const Screen = lazy(async () => ({ default: await loadChunk(load) }));
  return useRoutes([
    {
      element: (
        <RouteBoundary>
          <main>
            <header>P2P Market</header>
            <Outlet />
          </main>
        </RouteBoundary>
      ),
      children: [
        {
          element: (
            <RouteBoundary>
              <Suspense fallback={null}>
                <Outlet />
              </Suspense>
            </RouteBoundary>
          ),
          children: [{ path: '/trade/:id', element: <Screen /> }],
        },
      ],
    },
  ]);
}

function renderRoutes(load: () => Promise<ComponentType>) {
  rememberLang('ru');
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <I18nProvider>
        <MemoryRouter initialEntries={['/trade/42']}>
          <Routes load={load} />
        </MemoryRouter>
      </I18nProvider>
    </QueryClientProvider>,
  );
}

let reload: ReturnType<typeof vi.fn>;
beforeEach(() => {
  reload = vi.fn();
  vi.stubGlobal('location', { ...window.location, reload });
  window.sessionStorage.clear();
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  document.body.innerHTML = '';
});

it('reloads the page once when a screen chunk is stale, and shows no error screen meanwhile', async () => {
  renderRoutes(stale);
  await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
  expect(document.body.textContent).not.toContain('Unexpected Application Error');
  expect(screen.queryByRole('alert')).toBeNull();
});

it('shows the Russian error screen with «Обновить» inside the layout when the chunk fails again', async () => {
  window.sessionStorage.setItem('p2p.chunkReloadAt', String(Date.now()));
  renderRoutes(stale);
  const alert = await screen.findByRole('alert');
  expect(alert.textContent).toContain('Не удалось открыть страницу');
  expect(screen.getByRole('button', { name: 'Обновить' })).toBeTruthy();
  expect(screen.getByText('P2P Market')).toBeTruthy();
  expect(document.body.textContent).not.toMatch(/Unexpected Application Error|Hey developer/);
  expect(reload).not.toHaveBeenCalled();
  screen.getByRole('button', { name: 'Обновить' }).click();
  expect(reload).toHaveBeenCalledTimes(1);
});

it('shows the error screen, without reloading, when a screen throws while rendering', async () => {
  renderRoutes(async () => () => {
    throw new Error('boom');
  });
  expect((await screen.findByRole('alert')).textContent).toContain('Обновить');
  expect(reload).not.toHaveBeenCalled();
});

it('tells a failed dynamic import from other errors', () => {
  expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /a.js'))).toBe(true);
  expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
  expect(isChunkLoadError(new Error('Unable to preload CSS for /assets/a.css'))).toBe(true);
  expect(isChunkLoadError(new Error('boom'))).toBe(false);
  expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false);
});
