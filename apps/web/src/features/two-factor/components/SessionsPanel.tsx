import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { toast } from '@/components/ui/toast';
import { useSession } from '@/features/auth';
import { useT } from '@/i18n';
import { useNavigate } from '@/lib/router';

/**
 * «Завершить все сеансы»: every session of the account ends, on every device, and their live
 * connections close (docs/decisions/023) — what to do after a lost phone or a shared computer.
 */
export function SessionsPanel() {
  const t = useT();
  const id = useId();
  const navigate = useNavigate();
  const { signOutEverywhere } = useSession();
  const [asking, setAsking] = useState(false);
  const end = useMutation({
    mutationFn: signOutEverywhere,
    onSuccess: (ended) => {
      toast.success(t('security.sessionsEnded', { count: ended }));
      navigate('/auth');
    },
  });
  return (
    <section className="panel" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`} className="panel__title">
        {t('security.sessions.title')}
      </h2>
      <p className="small muted">{t('security.sessions.hint')}</p>
      {end.error ? (
        <p className="alert alert--error" role="alert">
          {end.error.message}
        </p>
      ) : null}
      <button
        type="button"
        className="btn btn--sell btn--sm"
        disabled={end.isPending}
        onClick={() => setAsking(true)}
      >
        {t('security.sessions.endAll')}
      </button>
      <ConfirmDialog
        open={asking}
        title={t('security.sessions.endAll')}
        text={t('security.sessions.confirm')}
        confirmLabel={t('security.sessions.endAll')}
        danger
        onConfirm={() => {
          setAsking(false);
          end.mutate();
        }}
        onCancel={() => setAsking(false)}
      />
    </section>
  );
}
