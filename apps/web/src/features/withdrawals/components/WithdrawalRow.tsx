import type { WithdrawalStatus, WithdrawalView } from '@p2p/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { toast } from '@/components/ui/toast';
import { useT } from '@/i18n';
import { WALLET_KEY } from '@/lib/balances';
import { useFormat } from '@/lib/use-format';
import { WITHDRAWALS_KEY, withdrawalsApi } from '../api/withdrawals-api';
import { shortAddress } from '../lib/withdraw-form';

const STATUS_BADGE: Record<WithdrawalStatus, string> = {
  PENDING: 'warn',
  APPROVED: 'primary',
  PROCESSING: 'primary',
  COMPLETED: 'buy',
  REJECTED: 'sell',
  FAILED: 'sell',
  CANCELLED: 'muted',
};

/** One withdrawal: amount, status, where, fee, transaction, notes, dates; cancel while it may. */
export function WithdrawalRow({ withdrawal: w }: { withdrawal: WithdrawalView }) {
  const t = useT();
  const fmt = useFormat();
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState(false);
  const cancel = useMutation({
    mutationFn: () => withdrawalsApi.cancel(w.id),
    onSuccess: () => {
      toast.success(t('wdh.cancelled'));
      void queryClient.invalidateQueries({ queryKey: WITHDRAWALS_KEY });
      void queryClient.invalidateQueries({ queryKey: WALLET_KEY });
    },
    onError: (error) => toast.error(error.message),
  });
  return (
    <li className="panel withdrawal-row" data-testid="withdrawal-row" data-status={w.status}>
      <div className="withdrawal-row__head">
        <strong className="num">{fmt.crypto(w.amount, w.cryptocurrency)}</strong>
        <span className="small muted">{w.network}</span>
        {w.internal ? <span className="badge badge--primary">{t('wd.internal')}</span> : null}
        <span className={`badge badge--${STATUS_BADGE[w.status]}`}>{t(`wd.status.${w.status}`)}</span>
      </div>
      <WithdrawalFacts withdrawal={w} />
      {w.status === 'PROCESSING' ? (
        // Claimed by an operator: the coins are on their way, a cancel would answer 409 (023).
        <p className="small muted" data-testid="withdrawal-being-sent">
          {t('wdc.user.beingSent')}
        </p>
      ) : null}
      {w.cancellable ? (
        <button
          type="button"
          className="btn btn--ghost btn--sm"
          disabled={cancel.isPending}
          onClick={() => setAsking(true)}
        >
          {t('wdh.cancel')}
        </button>
      ) : null}
      <ConfirmDialog
        open={asking}
        title={t('wdh.cancelTitle')}
        text={t('wdh.cancelText', { amount: fmt.crypto(w.total, w.cryptocurrency) })}
        confirmLabel={t('wdh.cancel')}
        danger
        onCancel={() => setAsking(false)}
        onConfirm={() => {
          setAsking(false);
          cancel.mutate();
        }}
      />
    </li>
  );
}

/** Where it goes, the fee, the transaction once sent, the reviewer's notes and the dates. */
function WithdrawalFacts({ withdrawal: w }: { withdrawal: WithdrawalView }) {
  const t = useT();
  const fmt = useFormat();
  return (
    <dl className="facts facts--inline small">
      <div>
        <dt>{t('wdh.address')}</dt>
        <dd className="mono" title={w.toAddress}>
          {shortAddress(w.toAddress)}
        </dd>
      </div>
      <div>
        <dt>{t('wdh.fee')}</dt>
        <dd className="num">{fmt.crypto(w.fee, w.cryptocurrency)}</dd>
      </div>
      {w.txHash ? (
        <div>
          <dt>{t('wdh.tx')}</dt>
          <dd className="mono">
            {w.explorerUrl ? (
              <a href={w.explorerUrl} target="_blank" rel="noreferrer noopener">
                {shortAddress(w.txHash)}
              </a>
            ) : (
              shortAddress(w.txHash)
            )}
          </dd>
        </div>
      ) : null}
      {w.reviewNotes ? (
        <div>
          <dt>{t('wdh.notes')}</dt>
          <dd>{w.reviewNotes}</dd>
        </div>
      ) : null}
      <div>
        <dt>{t('wdh.created')}</dt>
        <dd>{fmt.dateTime(w.createdAt)}</dd>
      </div>
      {w.completedAt ? (
        <div>
          <dt>{t('wdh.completed')}</dt>
          <dd>{fmt.dateTime(w.completedAt)}</dd>
        </div>
      ) : null}
    </dl>
  );
}
