import type { Lang } from '@p2p/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { rememberLang } from '@/i18n/current-lang';
import { I18nProvider } from '@/i18n/i18n';
import { MemoryRouter } from '@/lib/router';

/** Renders a component the way the app does: query client, language, router. */
export function renderApp(ui: ReactElement, { lang = 'ru' }: { lang?: Lang } = {}) {
  rememberLang(lang);
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const rendered = render(
    <QueryClientProvider client={queryClient}>
      <I18nProvider>
        <MemoryRouter>{ui}</MemoryRouter>
      </I18nProvider>
    </QueryClientProvider>,
  );
  return { ...rendered, queryClient };
}

/** A fetch that answers the API envelope and records what it was sent. */
export function fakeApi(answer: (path: string, init: RequestInit) => unknown) {
  const calls: { path: string; method: string; body: unknown }[] = [];
  const fetch = async (url: string, init: RequestInit = {}) => {
    const path = url.replace(/^\/api\/v1/, '');
    calls.push({
      path,
      method: init.method ?? 'GET',
      body: init.body ? JSON.parse(String(init.body)) : undefined,
    });
    return new Response(JSON.stringify({ success: true, data: answer(path, init) }), { status: 200 });
  };
  return { fetch, calls };
}
