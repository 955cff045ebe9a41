import type { QueryClient } from '@tanstack/react-query';
import { BrowserRouter } from '@/lib/router';
import { Providers } from './providers';
import { AppRoutes } from './router';

export function App({ queryClient }: { queryClient: QueryClient }) {
  return (
    <Providers queryClient={queryClient}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </Providers>
  );
}
