import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, Suspense } from 'react';
import { Toaster } from '@/components/ui/Toaster';
import { AuthProvider, ReauthDialog } from '@/features/auth';
import { RealtimeProvider } from '@/features/realtime';
import { I18nProvider } from '@/i18n';
import { useAfterFirstPaint } from '@/lib/after-first-paint';

export function Providers({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <I18nProvider>
        <AuthProvider>
          <RealtimeProvider>
            {children}
            <Toaster />
            <LaterReauthDialog />
          </RealtimeProvider>
        </AuthProvider>
      </I18nProvider>
    </QueryClientProvider>
  );
}

/**
 * The re-authentication dialog (docs/decisions/033) is there from the first paint's turn on: no
 * one asks for a security change before the first screen, and its code and its `/auth/config`
 * stay out of the market's first paint (065).
 */
function LaterReauthDialog() {
  const due = useAfterFirstPaint();
  if (!due) return null;
  return (
    <Suspense fallback={null}>
      <ReauthDialog />
    </Suspense>
  );
}
