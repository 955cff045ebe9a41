import { loadLaterTexts } from '@p2p/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { toast } from '@/components/ui/toast';
import { useSession } from '@/features/auth';
import { currentLang, useT } from '@/i18n';
import { useNavigate } from '@/lib/router';
import { notificationsApi } from '../api/notifications-api';

/**
 * «Это не я» under a security notice (docs/decisions/033, "Security events"): asks a second time
 * (it signs the owner out everywhere, this device too), then ends every session, revokes keys
 * and webhooks and holds money-out until support has checked the account. Its texts load later:
 * the button shows once they are here.
 */
export function NotMeButton({ notificationId }: { notificationId: string }) {
  const t = useT();
  const navigate = useNavigate();
  const { signOut } = useSession();
  const [asking, setAsking] = useState(false);
  const texts = useQuery({
    queryKey: ['i18n', 'later', currentLang()],
    queryFn: async () => {
      await loadLaterTexts(currentLang());
      return true;
    },
    staleTime: Number.POSITIVE_INFINITY,
  });
  const report = useMutation({
    mutationFn: () => notificationsApi.notMe(notificationId),
    onSuccess: async () => {
      toast.success(t('security.notMe.done'));
      // This session ended with the others: forget it here too.
      await signOut();
      navigate('/auth');
    },
    onError: (error) => toast.error(error.message),
  });
  if (!texts.data) return null;
  return (
    <>
      <button
        type="button"
        className="btn btn--sell btn--sm inbox-item__not-me"
        disabled={report.isPending}
        onClick={() => setAsking(true)}
      >
        {t('security.notMe')}
      </button>
      <ConfirmDialog
        open={asking}
        title={t('security.notMe.confirmTitle')}
        text={t('security.notMe.confirm')}
        confirmLabel={t('security.notMe')}
        danger
        onConfirm={() => {
          setAsking(false);
          report.mutate();
        }}
        onCancel={() => setAsking(false)}
      />
    </>
  );
}
