import { QueryClient } from '@tanstack/react-query';

/** The app's query cache; main.tsx makes it before the first render so it can prefetch. */
export function makeQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // The API client already retries what is safe to retry (docs/product/texts-and-limits.md).
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}
