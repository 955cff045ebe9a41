import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, Suspense } from 'react';
import { Toaster } from '@/components/ui/Toaster';
import { AuthProvider, ReauthDialog } from '@/features/auth';
import { RealtimeProvider } from '@/features/realtime';
import { I18nProvider } from '@/i18n';

export function Providers({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <I18nProvider>
        <AuthProvider>
          <RealtimeProvider>
            {children}
            <Toaster />
            <Suspense fallback={null}>
              <ReauthDialog />
            </Suspense>
          </RealtimeProvider>
        </AuthProvider>
      </I18nProvider>
    </QueryClientProvider>
  );
}
