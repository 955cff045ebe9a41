import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { Dialog } from '@/components/ui/Dialog';
import { toast } from '@/components/ui/toast';
import { useT } from '@/i18n';
import { useLocation, useNavigate } from '@/lib/router';
import { telegram } from './state';

/**
 * Inside Telegram only (loaded lazily by AppLayout): Telegram hears «ready» after the first
 * render, the BackButton follows in-app navigation, every mutation's end is felt (haptics), and
 * closing asks first while one is under way (docs/decisions/029).
 */
export function TelegramBridge() {
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const inner = location.pathname !== '/';
  const t = useT();

  // The viewport and «ready» once the first screen is drawn (integration.ts).
  useEffect(() => {
    telegram()?.afterFirstRender();
  }, []);
  useEffect(() => {
    if (telegram()?.silentSignInFailed()) toast.error(t('telegram.signInFailed'));
  }, [t]);
  const [asking, setAsking] = useState(() => telegram()?.accountSwitch() ?? null);

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
  if (!asking) return null;
  return (
    <AccountSwitchDialog
      {...asking}
      onAnswer={async (switchTo) => {
        setAsking(null);
        // Signed in as the launch's user: the app starts afresh under that account.
        if (await telegram()?.answerAccountSwitch(switchTo)) window.location.reload();
      }}
    />
  );
}

/**
 * The launch is another Telegram user's than the account signed in here (docs/decisions/035):
 * never switched silently. Both choices are offered; closing the dialog keeps who is signed in.
 */
function AccountSwitchDialog({
  current,
  next,
  onAnswer,
}: {
  current: string;
  next: string;
  onAnswer: (switchTo: boolean) => void;
}) {
  const t = useT();
  const id = useId();
  return (
    <Dialog open onClose={() => onAnswer(false)} labelledBy={`${id}-t`} describedBy={`${id}-d`}>
      <h2 id={`${id}-t`} className="dialog__title">
        {t('telegram.switch.title')}
      </h2>
      <p id={`${id}-d`} data-testid="account-switch">
        {t('telegram.switch.text', { current, next })}
      </p>
      <div className="dialog__actions">
        <button type="button" className="btn btn--ghost" onClick={() => onAnswer(false)}>
          {t('telegram.switch.stay', { current })}
        </button>
        <button type="button" className="btn btn--primary" onClick={() => onAnswer(true)}>
          {t('telegram.switch.go', { next })}
        </button>
      </div>
    </Dialog>
  );
}
