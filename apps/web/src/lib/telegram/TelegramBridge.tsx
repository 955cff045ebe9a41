import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { toast } from '@/components/ui/toast';
import { useT } from '@/i18n';
import { telegram } from './index';

/**
 * Inside Telegram only (loaded lazily by AppLayout): the BackButton follows in-app navigation,
 * every mutation's end is felt (haptics), and closing asks first while one is under way
 * (docs/decisions/029).
 */
export function TelegramBridge() {
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const inner = location.pathname !== '/';
  const t = useT();

  useEffect(() => {
    if (telegram()?.silentSignInFailed()) toast.error(t('telegram.signInFailed'));
  }, [t]);

  useEffect(() => {
    // Back through the app's own history; a screen opened first (a start link) goes to the market.
    const back = () => {
      const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
      if (index > 0) navigate(-1);
      else navigate('/', { replace: true });
    };
    telegram()?.setBackButton(inner ? back : null);
  }, [inner, navigate]);

  useEffect(() => {
    const holder = {};
    const cache = queryClient.getMutationCache();
    return cache.subscribe((event) => {
      if (event.type !== 'updated') return;
      const status = event.action.type;
      const integration = telegram();
      if (status === 'success') integration?.haptic('success');
      if (status === 'error') integration?.haptic('error');
      integration?.holdClosing(holder, queryClient.isMutating() > 0);
    });
  }, [queryClient]);
  return null;
}
