import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, Suspense, useEffect, useState } from 'react';
import { Toaster } from '@/components/ui/Toaster';
import { AuthProvider, ReauthDialog } from '@/features/auth';
import { RealtimeProvider } from '@/features/realtime';
import { I18nProvider } from '@/i18n';
import { useAfterFirstPaint } from '@/lib/after-first-paint';
import { onReauthWanted } from '@/lib/reauth';

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
 * The re-authentication dialog (docs/decisions/033) is there from the first paint's turn on, so
 * its code and its `/auth/config` stay out of the market's first paint (065); a security change
 * refused before that turn (a quick click on a slow phone) mounts it at once, and lib/reauth
 * holds the change until it registers.
 */
function LaterReauthDialog() {
  const painted = useAfterFirstPaint();
  const [wanted, setWanted] = useState(false);
  useEffect(() => onReauthWanted(() => setWanted(true)), []);
  if (!painted && !wanted) return null;
  return (
    <Suspense fallback={null}>
      <ReauthDialog />
    </Suspense>
  );
}
