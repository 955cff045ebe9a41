import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from '@/components/ui/toast';
import { useCodeForm, useTwoFactorStatus } from '@/features/two-factor';
import { useT } from '@/i18n';
import { ApiError } from '@/lib/api';
import { openExternal } from '@/lib/telegram/hooks';
import { settingsApi, settingsKeys } from '../api/settings-api';

/**
 * The bot's connection: its status (polled while a link is out), issuing a link (after a
 * second-factor code when two-factor is on, or when the server asks for one) and disconnecting.
 */
export function useTelegramLink() {
  const t = useT();
  const queryClient = useQueryClient();
  const [link, setLink] = useState<{ url: string; expiresAt: string } | null>(null);
  const status = useQuery({
    queryKey: settingsKeys.telegram,
    queryFn: settingsApi.telegramStatus,
    // While a link is out, watch for the bot to confirm the connection.
    refetchInterval: link ? 3_000 : false,
  });
  const twoFactor = useTwoFactorStatus();
  // The code form is open.
  const [asking, setAsking] = useState(false);
  const connected = status.data?.connected ?? false;
  if (link && connected) setLink(null);

  const create = useMutation({
    mutationFn: (withCode: string | undefined) => settingsApi.telegramLink(withCode),
    onSuccess: (token) => {
      setAsking(false);
      codeForm.reset();
      setLink({ url: token.url, expiresAt: token.expiresAt });
      // Inside Telegram the t.me link opens in Telegram itself (docs/decisions/029).
      openExternal(token.url);
    },
    onError: (e) => {
      const needsCode = e instanceof ApiError && e.code === 'TWO_FACTOR_REQUIRED';
      if (asking || needsCode) {
        const reason = e instanceof ApiError ? (e.details as { reason?: string } | undefined)?.reason : null;
        setAsking(true);
        codeForm.refuse(reason === 'missing' ? null : e.message);
      } else toast.error(e.message);
    },
  });
  const codeForm = useCodeForm((code) => create.mutate(code));
  const disconnect = useMutation({
    mutationFn: settingsApi.telegramDisconnect,
    onSuccess: (next) => {
      queryClient.setQueryData(settingsKeys.telegram, next);
      void queryClient.invalidateQueries({ queryKey: settingsKeys.settings });
      toast.success(t('prefs.telegram.disconnected'));
    },
    onError: (e) => toast.error(e.message),
  });

  return {
    status,
    connected,
    link,
    /** Connect: the code first with two-factor on, else the link at once. */
    start: () => (twoFactor.data?.enabled ? setAsking(true) : create.mutate(undefined)),
    starting: create.isPending || twoFactor.isPending,
    /** The code form while it is open. */
    codeForm: asking ? codeForm : null,
    sending: create.isPending,
    cancelCode: () => {
      setAsking(false);
      codeForm.reset();
    },
    disconnect: () => disconnect.mutate(),
    disconnecting: disconnect.isPending,
  };
}
