import { type AdminTradeLimits, LiftLimitsRequest, type TradeSuspension } from '@p2p/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Dialog } from '@/components/ui/Dialog';
import { toast } from '@/components/ui/toast';
import { useT } from '@/i18n';
import { useFormat } from '@/lib/use-format';
import { adminApi } from '../api/admin-api';
import { formProblem, SERVER_ERROR, useConsoleForm, withKeys } from './admin-form';
import { REASON_KEYS } from './UserModeration';

const limitsKey = (userId: string) => ['admin', 'user', userId, 'limits'] as const;

/**
 * The user page's trade limits (docs/decisions/023, "Limits"): new account or not, open
 * purchases, cancellations and lost disputes against their maximum, the suspensions in force
 * and when they end, and the lifts so far. Admins lift suspensions with a reason (audited).
 */
export function UserLimits({ userId, canLift }: { userId: string; canLift: boolean }) {
  const t = useT();
  const [lifting, setLifting] = useState(false);
  const query = useQuery({ queryKey: limitsKey(userId), queryFn: () => adminApi.userLimits(userId) });
  const data = query.data;
  return (
    <section className="panel" aria-label={t('limits.bo.title')} data-testid="user-limits">
      <h2 className="panel__title">{t('limits.bo.title')}</h2>
      {data ? (
        <LimitFacts data={data} />
      ) : (
        <p className="muted">{query.isError ? t('bo.actionFailed') : t('common.loading')}</p>
      )}
      {data && canLift && data.suspensions.length > 0 ? (
        <div className="bo-actions">
          <button type="button" className="btn btn--primary btn--sm" onClick={() => setLifting(true)}>
            {t('limits.bo.lift')}
          </button>
        </div>
      ) : null}
      {lifting ? <LiftDialog userId={userId} onClose={() => setLifting(false)} /> : null}
    </section>
  );
}

function LimitFacts({ data }: { data: AdminTradeLimits }) {
  const t = useT();
  const fmt = useFormat();
  return (
    <>
      <ul className="bo-plain-list small">
        <li>
          {data.newAccount && data.maxTradeAmount
            ? t('limits.bo.newAccount', {
                completed: data.completedTrades,
                needed: data.newAccountTrades,
                rub: fmt.fiat(data.maxTradeAmount.RUB, 'RUB'),
                usd: fmt.fiat(data.maxTradeAmount.USD, 'USD'),
              })
            : t('limits.bo.established', { completed: data.completedTrades })}
        </li>
        <li>{t('limits.bo.openTrades', data.openTrades)}</li>
        <li>{t('limits.bo.cancellations', data.cancellations)}</li>
        <li>{t('limits.bo.lostDisputes', data.lostDisputes)}</li>
      </ul>
      {data.suspensions.length === 0 ? (
        <p className="muted small">{t('limits.bo.notSuspended')}</p>
      ) : (
        data.suspensions.map((s) => (
          <p key={s.limit} className="alert alert--warn" data-testid="user-suspension">
            <SuspensionText suspension={s} />
          </p>
        ))
      )}
      {data.lifts.length > 0 ? (
        <>
          <h3 className="small muted">{t('limits.bo.lifts')}</h3>
          <ul className="bo-plain-list small">
            {data.lifts.map((lift) => (
              <li key={lift.id}>
                {t('limits.bo.liftLine', {
                  date: fmt.dateTime(lift.liftedAt),
                  who: lift.staff
                    ? `${lift.staff.firstName} ${lift.staff.lastName}`.trim() || lift.staff.email
                    : t('bo.audit.system'),
                  reason: lift.reason,
                })}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </>
  );
}

function SuspensionText({ suspension }: { suspension: TradeSuspension }) {
  const t = useT();
  const fmt = useFormat();
  const since = fmt.dateTimeZone(suspension.since);
  return suspension.limit === 'cancellations'
    ? t('limits.bo.suspendedCancellations', { since, until: fmt.dateTimeZone(suspension.until) })
    : t('limits.bo.suspendedLostDisputes', { since });
}

const LiftSchema = withKeys(LiftLimitsRequest, REASON_KEYS);

/** The lift, with a reason (5-500 characters, as for blocking). */
function LiftDialog({ userId, onClose }: { userId: string; onClose: () => void }) {
  const t = useT();
  const id = useId();
  const form = useConsoleForm<LiftLimitsRequest, LiftLimitsRequest>(LiftSchema, { reason: '' });
  const mutation = useLiftLimits(userId, onClose, (message) =>
    form.setError(SERVER_ERROR, { type: 'server', message }),
  );
  const problem = formProblem(form.formState.errors, ['reason']);
  return (
    <Dialog open onClose={onClose} labelledBy={`${id}-t`} describedBy={`${id}-d`}>
      <form
        className="bo-form"
        onSubmit={form.handleSubmit(({ reason }) => mutation.mutate(reason))}
        noValidate
      >
        <h2 id={`${id}-t`} className="dialog__title">
          {t('limits.bo.liftTitle')}
        </h2>
        <p id={`${id}-d`} className="muted">
          {t('limits.bo.liftText')}
        </p>
        {problem ? (
          <p className="alert alert--error" role="alert">
            {problem}
          </p>
        ) : null}
        <div className="field">
          <label className="field__label" htmlFor={`${id}-r`}>
            {t('bo.user.reason')}
          </label>
          <textarea id={`${id}-r`} className="input" rows={3} maxLength={500} {...form.register('reason')} />
        </div>
        <div className="dialog__actions">
          <button type="button" className="btn btn--ghost" onClick={onClose}>
            {t('bo.cancel')}
          </button>
          <button type="submit" className="btn btn--primary" disabled={mutation.isPending}>
            {t('limits.bo.lift')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

/** Lifts the suspensions; the limits shown become the answer; a refusal goes to `onRefused`. */
function useLiftLimits(userId: string, onDone: () => void, onRefused: (message: string) => void) {
  const t = useT();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reason: string) => adminApi.liftLimits(userId, reason),
    onSuccess: (data) => {
      queryClient.setQueryData(limitsKey(userId), data);
      toast.success(t('limits.bo.lifted'));
      onDone();
    },
    onError: (error) => onRefused(error.message || t('bo.actionFailed')),
  });
}
